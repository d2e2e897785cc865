package org.kcrawl.archiver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StoredHeadTest {
    @Test
    void aHeadWhoseBodyWentOverTheWireAsStoredIsKeptByteForByte() {
        String head = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\ncontent-length: 12\r\nX-Odd:  spaced \r\n\r\n";
        assertThat(StoredHead.of(head, 12)).isSameAs(head);
    }

    @Test
    void chunkedAndGzipFramingIsRenamedAndTheStoredLengthAdded() {
        String head = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n"
                + "content-encoding: gzip\r\nContent-Length: 40\r\nVary: Accept-Encoding\r\n\r\n";
        assertThat(StoredHead.of(head, 123)).isEqualTo("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                + "X-Crawler-Transfer-Encoding: chunked\r\nX-Crawler-content-encoding: gzip\r\n"
                + "X-Crawler-Content-Length: 40\r\nVary: Accept-Encoding\r\nContent-Length: 123\r\n\r\n");
    }

    @Test
    void aContentCodingTheFetcherDoesNotDecodeIsKept() {
        String head = "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\nContent-Length: 7\r\n\r\n";
        assertThat(StoredHead.of(head, 7)).isSameAs(head);
    }

    @Test
    void bareLineFeedsAreHandled() {
        String head = "HTTP/1.0 200 OK\nTransfer-Encoding: chunked\n\n";
        assertThat(StoredHead.of(head, 5))
                .isEqualTo("HTTP/1.0 200 OK\nX-Crawler-Transfer-Encoding: chunked\nContent-Length: 5\r\n\n");
    }
}
