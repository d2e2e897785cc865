package org.kcrawl.common.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MalformedMessagesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "not json at all | UNPARSEABLE",
        "[1,2,3] | UNPARSEABLE",
        "{\"url\":\"http://a/\"} | UNSUPPORTED_VERSION",
        "{\"v\":99,\"url\":\"http://a/\"} | UNSUPPORTED_VERSION",
        "{\"v\":1,\"url\":\"ftp://a/\",\"depth\":0,\"discovered_at\":\"2026-01-01T00:00:00Z\",\"attempt\":1} | INVALID_VALUE",
        "{\"v\":1,\"url\":\"http://a/\",\"depth\":-1,\"discovered_at\":\"2026-01-01T00:00:00Z\",\"attempt\":1} | INVALID_VALUE",
        "{\"v\":1,\"url\":\"http://a/\",\"depth\":0,\"attempt\":1} | INVALID_VALUE",
        "{\"v\":1,\"url\":\"not a url\",\"depth\":0,\"discovered_at\":\"2026-01-01T00:00:00Z\",\"attempt\":1} | INVALID_VALUE",
        "{\"v\":1,\"url\":\"http://a/\",\"depth\":0,\"discovered_at\":\"2026-01-01T00:00:00Z\",\"attempt\":1,\"not_before\":\"+1000000-01-01T00:00:00Z\"} | INVALID_VALUE",
        "{\"v\":1,\"url\":\"http://a/\",\"depth\":0,\"discovered_at\":\"-290000-01-01T00:00:00Z\",\"attempt\":1} | INVALID_VALUE",
        "{\"v\":1,\"url\":\"http://a/\",\"depth\":\"deep\",\"discovered_at\":\"2026-01-01T00:00:00Z\",\"attempt\":1} | UNPARSEABLE",
    })
    void classifiesBadCrawlRequests(String json, MalformedMessageException.Kind kind) {
        MalformedMessageException e = catchThrowableOfType(MalformedMessageException.class,
                () -> MessageCodec.get().decode(json.getBytes(StandardCharsets.UTF_8), CrawlRequest.class));
        assertThat(e).isNotNull();
        assertThat(e.kind()).isEqualTo(kind);
        assertThat(e.type()).isEqualTo(CrawlRequest.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"v\":1,\"url\":\"http://a/\",\"reason\":\"exploded\",\"attempts\":1,\"depth\":0,\"failed_at\":\"2026-01-01T00:00:00Z\"}",
    })
    void unknownFailureReasonIsClassified(String json) {
        MalformedMessageException e = catchThrowableOfType(MalformedMessageException.class,
                () -> MessageCodec.get().decode(json.getBytes(StandardCharsets.UTF_8), FailureRecord.class));
        assertThat(e).isNotNull();
        assertThat(e.kind()).isIn(MalformedMessageException.Kind.INVALID_VALUE,
                MalformedMessageException.Kind.UNPARSEABLE);
    }

    @org.junit.jupiter.api.Test
    void nullValueIsUnparseable() {
        MalformedMessageException e = catchThrowableOfType(MalformedMessageException.class,
                () -> MessageCodec.get().decode(null, CrawlRequest.class));
        assertThat(e.kind()).isEqualTo(MalformedMessageException.Kind.UNPARSEABLE);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "00 02 00 00 | UNPARSEABLE",
        "00 03 00 00 00 02 7b 7d | UNSUPPORTED_VERSION",
        "00 02 7f ff ff ff 7b 7d | UNPARSEABLE",
        "00 02 00 00 00 01 7b | UNPARSEABLE",
        "00 02 00 00 00 03 7b 7b 7d | UNPARSEABLE",
        "00 02 00 00 00 08 7b 22 76 22 3a 31 7d 20 | UNSUPPORTED_VERSION",
        "00 02 00 00 00 0e 7b 22 76 22 3a 32 2c 22 78 22 3a 31 7d 20 | INVALID_VALUE",
    })
    void classifiesBadPageFrames(String hex, MalformedMessageException.Kind kind) {
        String[] octets = hex.trim().split(" ");
        byte[] frame = new byte[octets.length];
        for (int i = 0; i < octets.length; i++) {
            frame[i] = (byte) Integer.parseInt(octets[i], 16);
        }
        MalformedMessageException e = catchThrowableOfType(MalformedMessageException.class,
                () -> MessageCodec.get().decode(frame, FetchedPage.class));
        assertThat(e).isNotNull();
        assertThat(e.kind()).isEqualTo(kind);
        assertThat(e.type()).isEqualTo(FetchedPage.class);
    }
}
