package org.kcrawl.archiver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcWriter;

/**
 * The WARC records of a page, against a golden sample (fixed record IDs, uncompressed so it can be read):
 * a warcinfo, then a request and a response of a page that came chunked and gzip-encoded, then a request
 * and a revisit of a recrawl's 304. Digests are checked by recomputing them from the bytes read back.
 */
class WarcRecordsTest {
    private static final URI WARCINFO = URI.create("urn:uuid:00000000-0000-0000-0000-000000000000");
    private static final String BODY = "<html><title>Hi</title><a href=\"/b\">b</a></html>\n";

    @Test
    void recordsMatchTheGoldenSample() throws Exception {
        byte[] written = goldenRecords();
        Path actual = Path.of("target", "page.warc.actual");
        Files.createDirectories(actual.getParent());
        Files.write(actual, written);
        byte[] golden = resource("/golden/page.warc");
        assertThat(new String(written, StandardCharsets.ISO_8859_1)).as("compare with target/page.warc.actual")
                .isEqualTo(new String(golden, StandardCharsets.ISO_8859_1));
    }

    @Test
    void theGoldenSampleReadsBackWithValidDigestsAndTheBodyAsStored() throws Exception {
        List<WarcRecord> records = new ArrayList<>();
        List<byte[]> blocks = new ArrayList<>();
        try (WarcReader reader = new WarcReader(new ByteArrayInputStream(resource("/golden/page.warc")))) {
            for (WarcRecord record : reader) {
                records.add(record);
                blocks.add(record.body().stream().readAllBytes());
            }
        }
        assertThat(records).extracting(WarcRecord::type)
                .containsExactly("warcinfo", "request", "response", "request", "revisit");
        for (int i = 0; i < records.size(); i++) {
            WarcRecord r = records.get(i);
            assertThat(r.version().toString()).isEqualTo("WARC/1.1");
            assertThat(r.blockDigest()).as("block digest of %s", r.type()).isPresent();
            assertThat(r.blockDigest().get()).isEqualTo(WarcRecords.sha1(blocks.get(i)));
        }
        WarcResponse response = (WarcResponse) records.get(2);
        byte[] block = blocks.get(2);
        String head = new String(block, 0, headEnd(block), StandardCharsets.ISO_8859_1);
        byte[] payload = Arrays.copyOfRange(block, headEnd(block), block.length);
        assertThat(payload).isEqualTo(BODY.getBytes(StandardCharsets.UTF_8));
        assertThat(response.payloadDigest()).contains(WarcRecords.sha1(payload));
        assertThat(head).as("codings the fetcher undid are renamed, the stored length is given")
                .contains("X-Crawler-Transfer-Encoding: chunked\r\n", "X-Crawler-Content-Encoding: gzip\r\n",
                        "Content-Length: " + payload.length + "\r\n")
                .doesNotContain("\r\nTransfer-Encoding", "\r\nContent-Encoding");
        assertThat(response.concurrentTo()).isEmpty();
        assertThat(((WarcRequest) records.get(1)).concurrentTo()).containsExactly(response.id());
        assertThat(response.ipAddress().map(Object::toString)).contains("/127.0.0.1");
        assertThat(response.date()).as("the page's fetched_at").isEqualTo(Pages.FETCHED);
        assertThat(response.warcinfoID()).contains(WARCINFO);

        WarcRevisit revisit = (WarcRevisit) records.get(4);
        assertThat(revisit.profile()).isEqualTo(WarcRecords.SERVER_NOT_MODIFIED);
        assertThat(revisit.headers().sole("WARC-Refers-To-Date")).contains("2026-11-28T12:00:00Z");
        assertThat(revisit.headers().sole("WARC-Refers-To-Target-URI")).contains("http://127.0.0.1:8080/a");
        assertThat(new String(blocks.get(4), StandardCharsets.ISO_8859_1)).startsWith("HTTP/1.1 304 Not Modified\r\n");
    }

    @Test
    void aRevisitRefersToTheDateOfTheResponseItStandsFor() throws Exception {
        FetchedPage first = Pages.ok("http://127.0.0.1:8080/a", BODY.getBytes(StandardCharsets.UTF_8));
        FetchedPage again = Pages.page("http://127.0.0.1:8080/a", 304, new byte[0],
                "HTTP/1.1 304 Not Modified\r\nETag: \"abc\"\r\n\r\n", false, first.fetchedAt(), Map.of("etag", "\"abc\""));
        WarcRecord response = WarcRecords.of(first, WARCINFO, counter()).get(1);
        WarcRecord revisit = WarcRecords.of(again, WARCINFO, counter()).get(1);

        assertThat(revisit.headers().sole("WARC-Refers-To-Date").map(Instant::parse)).contains(response.date());
    }

    @Test
    void aBodyCutAtTheSizeCapIsMarkedTruncated() throws Exception {
        byte[] kept = "<html>the first part".getBytes(StandardCharsets.UTF_8);
        FetchedPage cut = Pages.page("http://127.0.0.1:8080/big", 200, kept,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 99999999\r\n\r\n", true, null,
                Map.of("content-type", "text/html", "content-length", "99999999"));
        WarcResponse response = (WarcResponse) WarcRecords.of(cut, WARCINFO, counter()).get(1);
        assertThat(response.headers().sole("WARC-Truncated")).contains("length");

        FetchedPage whole = Pages.ok("http://127.0.0.1:8080/small", kept);
        assertThat(WarcRecords.of(whole, WARCINFO, counter()).get(1).headers().sole("WARC-Truncated")).isEmpty();
    }

    @Test
    void aTypeFetchedAsMetadataOnlyIsMarkedTruncated() throws Exception {
        FetchedPage skipped = Pages.page("http://127.0.0.1:8080/video.mp4", 200, new byte[0],
                "HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\nContent-Length: 5000\r\n\r\n", false, null,
                Map.of("content-type", "video/mp4", "content-length", "5000"));
        assertThat(WarcRecords.of(skipped, WARCINFO, counter()).get(1).headers().sole("WARC-Truncated"))
                .contains("length");
    }

    @Test
    void aRenderedPageIsArchivedAsTheServerSentItWithItsDomAsAConversion() throws Exception {
        byte[] shell = Pages.utf8("<html><div id=app></div><script src=/app.js></script></html>");
        byte[] dom = Pages.utf8("<html><head></head><body><div id=\"app\"><a href=\"/b\">b</a></div></body></html>");
        FetchedPage fetched = Pages.ok("http://127.0.0.1:8080/app", shell);
        FetchedPage rendered = new FetchedPage(2, fetched.requestedUrl(), fetched.finalUrl(), 200,
                Map.of("content-type", "text/html; charset=utf-8"), "text/html; charset=utf-8", dom, Pages.FETCHED, 900,
                1, false, null, 0, false, true, false, null, fetched.capture().withSource(shell, false));

        List<WarcRecord> records = WarcRecords.of(rendered, WARCINFO, counter());
        assertThat(records).extracting(WarcRecord::type).containsExactly("request", "response", "conversion");
        WarcResponse response = (WarcResponse) records.get(1);
        byte[] block = response.body().stream().readAllBytes();
        assertThat(Arrays.copyOfRange(block, headEnd(block), block.length)).as("the bytes the server sent")
                .isEqualTo(shell);
        assertThat(response.payloadDigest()).contains(WarcRecords.sha1(shell));
        WarcRecord conversion = records.get(2);
        assertThat(conversion.headers().sole("WARC-Refers-To")).contains("<" + response.id() + ">");
        assertThat(conversion.headers().sole("WARC-Target-URI")).contains("http://127.0.0.1:8080/app");
        assertThat(conversion.contentType().toString()).startsWith("text/html");
        assertThat(conversion.body().stream().readAllBytes()).as("the DOM the crawl parsed").isEqualTo(dom);
        assertThat(IndexEntries.of(rendered, response).mime()).as("indexed with the server's type").isEqualTo("text/html");
        assertThat(WarcRecords.archivable(rendered)).isTrue();

        FetchedPage withoutSource = new FetchedPage(2, fetched.requestedUrl(), fetched.finalUrl(), 200, Map.of(),
                "text/html; charset=utf-8", dom, Pages.FETCHED, 900, 1, false, null, 0, false, true, false, null,
                fetched.capture());
        assertThat(WarcRecords.archivable(withoutSource)).as("a DOM is not what the server sent").isFalse();
    }

    @Test
    void aPageWithoutCapturedHeadsIsRefused() {
        FetchedPage bare = new FetchedPage(2, "http://127.0.0.1:8080/", "http://127.0.0.1:8080/", 200, Map.of(),
                "text/html", new byte[] {'x'}, Pages.FETCHED, 1, 0, false, null, 0, false);
        assertThatThrownBy(() -> WarcRecords.of(bare, WARCINFO, counter()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("carries no captured heads");
    }

    private static byte[] goldenRecords() throws IOException {
        WarcRecords.IdSource ids = counter();
        FetchedPage page = Pages.page("http://127.0.0.1:8080/a", 200, BODY.getBytes(StandardCharsets.UTF_8),
                "HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n"
                        + "Content-Encoding: gzip\r\nETag: \"5f-1\"\r\n\r\n", false, null,
                Map.of("content-type", "text/html", "etag", "\"5f-1\""));
        FetchedPage notModified = Pages.page("http://127.0.0.1:8080/a", 304, new byte[0],
                "HTTP/1.1 304 Not Modified\r\nServer: nginx\r\nETag: \"5f-1\"\r\n\r\n", false,
                Instant.parse("2026-11-28T12:00:00Z"), Map.of("etag", "\"5f-1\""));
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("software", List.of("kcrawl archiver"));
        fields.put("isPartOf", List.of("golden"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (WarcWriter writer = new WarcWriter(Channels.newChannel(out), WarcCompression.NONE)) {
            writer.write(WarcRecords.warcinfo("golden.warc", fields, Instant.parse("2026-11-29T12:00:00Z"), WARCINFO));
            for (WarcRecord r : WarcRecords.of(page, WARCINFO, ids)) {
                writer.write(r);
            }
            for (WarcRecord r : WarcRecords.of(notModified, WARCINFO, ids)) {
                writer.write(r);
            }
        }
        return out.toByteArray();
    }

    /** Record IDs urn:uuid:00000000-0000-0000-0000-00000000000N, N counting from 1. */
    static WarcRecords.IdSource counter() {
        int[] n = {0};
        return () -> URI.create(String.format("urn:uuid:00000000-0000-0000-0000-%012d", ++n[0]));
    }

    private static int headEnd(byte[] block) {
        for (int i = 3; i < block.length; i++) {
            if (block[i - 3] == '\r' && block[i - 2] == '\n' && block[i - 1] == '\r' && block[i] == '\n') {
                return i + 1;
            }
        }
        throw new AssertionError("no end of head");
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = WarcRecordsTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }
}
