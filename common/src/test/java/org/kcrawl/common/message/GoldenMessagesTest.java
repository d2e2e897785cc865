package org.kcrawl.common.message;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GoldenMessagesTest {
    private final MessageCodec codec = MessageCodec.get();

    @Test
    void crawlRequestMatchesGolden() throws Exception {
        CrawlRequest expected = new CrawlRequest(1, "https://example.org/a/b?q=1", 2, "https://example.org/a/",
                Instant.parse("2026-11-29T12:00:00Z"), 1, 0, null);
        assertRoundTrip("crawl-request.json", expected, CrawlRequest.class);
    }

    @Test
    void aRefusedRequestSaysSinceWhenAndIsTheSameAttemptAsGolden() throws Exception {
        CrawlRequest first = new CrawlRequest(1, "https://example.org/a/b?q=1", 2, "https://example.org/a/",
                Instant.parse("2026-11-29T12:00:00Z"), 1, 0, null);
        CrawlRequest refused = first.refused(Instant.parse("2026-11-29T12:00:01Z"), null)
                .refused(Instant.parse("2026-11-29T12:00:02Z"), Instant.parse("2026-11-29T12:00:32Z"));
        assertRoundTrip("crawl-request-refused.json", refused, CrawlRequest.class);
        assertThat(refused.withNotBefore(null).refusedSince()).as("a parked copy stays refused")
                .isEqualTo(refused.refusedSince());
        assertThat(refused.retry(null).refusedSince()).as("a failed attempt ends the refusals").isNull();
        assertThat(codec.readTree(read("crawl-request.json")).has("refused_since")).isFalse();
        assertThat(codec.readTree(codec.encode(first)).has("refused_since")).as("written only when refused").isFalse();
    }

    @Test
    void aSeedSaysSoAndOtherRequestsWriteNoSeedField() throws Exception {
        CrawlRequest seed = CrawlRequest.seed("http://example.org/", Instant.parse("2026-11-29T12:00:00Z"));
        JsonNode written = codec.readTree(codec.encode(seed));
        assertThat(written.get("seed").asBoolean()).isTrue();
        assertThat(codec.decode(codec.encode(seed), CrawlRequest.class)).isEqualTo(seed);

        CrawlRequest moved = seed.retry(null).redirectTo("https://www.example.org/", seed.discoveredAt());
        assertThat(moved.seed()).as("a seed's redirect target is a seed").isTrue();
        assertThat(moved.withNotBefore(seed.discoveredAt()).seed()).isTrue();
        CrawlRequest link = CrawlRequest.discovered("http://example.org/a", 1, "http://example.org/", seed.discoveredAt());
        assertThat(codec.readTree(codec.encode(link)).has("seed")).isFalse();
        assertThat(link.redirectTo("http://example.org/b", link.discoveredAt()).seed()).isFalse();
    }

    @Test
    void scopeSiteMatchesGolden() throws Exception {
        ScopeSite expected = ScopeSite.seedRedirect("www.example.org", "https://www.example.org/",
                "http://example.org/", Instant.parse("2026-11-29T12:00:00.500Z"));
        assertRoundTrip("scope-site.json", expected, ScopeSite.class);
    }

    @Test
    void fetchedPageOfVersionOneIsStillRead() throws Exception {
        assertThat(codec.decode(read("fetched-page.json"), FetchedPage.class)).isEqualTo(page(1));
    }

    @Test
    void fetchedPageIsFramedWithTheGoldenHeaderAndTheRawBody() throws Exception {
        byte[] body = "<html><title>Hi</title></html>".getBytes(StandardCharsets.UTF_8);
        byte[] frame = codec.encode(page(2));

        assertThat(frame[0]).as("marker").isEqualTo((byte) 0);
        assertThat(frame[1]).as("frame version").isEqualTo((byte) 2);
        int headerLength = ByteBuffer.wrap(frame, 2, 4).getInt();
        byte[] header = Arrays.copyOfRange(frame, 6, 6 + headerLength);
        assertThat(codec.readTree(header)).isEqualTo(codec.readTree(read("fetched-page-v2-header.json")));
        assertThat(Arrays.copyOfRange(frame, 6 + headerLength, frame.length)).as("body, raw").isEqualTo(body);
        assertThat(codec.decode(frame, FetchedPage.class)).isEqualTo(page(2));
    }

    @Test
    void aPageCarriesItsRequestsHopsAndSeedFlagOnlyWhenItHasThem() throws Exception {
        FetchedPage hop = new FetchedPage(2, "https://www.example.org/", "https://www.example.org/", 200, Map.of(),
                "text/html", new byte[] {'x'}, Instant.parse("2026-11-29T12:00:01.250Z"), 5, 0, false, null, 2, true);
        byte[] frame = codec.encode(hop);
        int headerLength = ByteBuffer.wrap(frame, 2, 4).getInt();
        JsonNode header = codec.readTree(Arrays.copyOfRange(frame, 6, 6 + headerLength));

        assertThat(header.get("hops").asInt()).isEqualTo(2);
        assertThat(header.get("seed").asBoolean()).isTrue();
        assertThat(codec.decode(frame, FetchedPage.class)).isEqualTo(hop);
        assertThat(hop.request()).isEqualTo(new CrawlRequest(SchemaVersions.CURRENT, "https://www.example.org/", 0,
                null, hop.fetchedAt(), 1, 2, null, true));
        assertThat(codec.decode(read("fetched-page.json"), FetchedPage.class).request().seed())
                .as("a version 1 page is no seed and no redirect target").isFalse();
    }

    @Test
    void aRenderedPageSaysSoInItsHeaderAndPagesWithoutTheFieldAreNotRendered() throws Exception {
        byte[] dom = "<html><head><title>Built by script</title></head><body></body></html>"
                .getBytes(StandardCharsets.UTF_8);
        FetchedPage rendered = new FetchedPage(2, "https://app.example.org/products/7",
                "https://app.example.org/products/7", 200, Map.of("content-type", "text/html; charset=utf-8"),
                "text/html; charset=utf-8", dom, Instant.parse("2026-11-29T12:00:03.500Z"), 840, 1, false, null, 0,
                false, true);
        byte[] frame = codec.encode(rendered);
        int headerLength = ByteBuffer.wrap(frame, 2, 4).getInt();
        assertThat(codec.readTree(Arrays.copyOfRange(frame, 6, 6 + headerLength)))
                .isEqualTo(codec.readTree(read("fetched-page-v2-rendered-header.json")));
        FetchedPage decoded = codec.decode(frame, FetchedPage.class);
        assertThat(decoded).isEqualTo(rendered);
        assertThat(decoded.rendered()).isTrue();

        // Older messages, framed or not, carry no such field: they were fetched, not rendered.
        assertThat(codec.decode(codec.encode(page(2)), FetchedPage.class).rendered()).isFalse();
        assertThat(codec.decode(read("fetched-page.json"), FetchedPage.class).rendered()).isFalse();
        assertThat(codec.readTree(Arrays.copyOfRange(codec.encode(page(2)), 6, 6 + ByteBuffer.wrap(
                codec.encode(page(2)), 2, 4).getInt())).has("rendered")).as("written only when true").isFalse();
    }

    @Test
    void aRenderFailureMatchesGolden() throws Exception {
        FailureRecord expected = new FailureRecord(1, "https://app.example.org/slow", FailureReason.RENDER_TIMEOUT,
                "the page did not load within the render budget of PT30S (attempt 3 of 3)", 3, null, 1,
                Instant.parse("2026-11-29T12:01:00Z"));
        assertRoundTrip("failure-record-render-timeout.json", expected, FailureRecord.class);
        assertThat(FailureReason.RENDER_TIMEOUT.isTransient()).isTrue();
        assertThat(FailureReason.fromWireName("render_crashed")).isEqualTo(FailureReason.RENDER_CRASHED);
    }

    @Test
    void aLearnedHostRateMatchesGolden() throws Exception {
        LearnedHostRate expected = new LearnedHostRate(1, "api.example.org", 9.25, 10.3,
                Instant.parse("2026-11-29T12:00:05Z"));
        assertRoundTrip("learned-host-rate.json", expected, LearnedHostRate.class);
    }

    @Test
    void aRateLimitedFailureMatchesGolden() throws Exception {
        FailureRecord expected = new FailureRecord(1, "https://api.example.org/items?page=7",
                FailureReason.RATE_LIMITED, "HTTP 429 (refused since 2026-11-29T12:00:00Z, given up after 600 s)", 1,
                429, 1, Instant.parse("2026-11-29T12:10:00Z"));
        assertRoundTrip("failure-record-rate-limited.json", expected, FailureRecord.class);
    }

    private static FetchedPage page(int version) {
        return new FetchedPage(version, "https://example.org/", "https://example.org/", 200,
                Map.of("content-type", "text/html; charset=utf-8", "server", "nginx"), "text/html; charset=utf-8",
                "<html><title>Hi</title></html>".getBytes(StandardCharsets.UTF_8),
                Instant.parse("2026-11-29T12:00:01.250Z"), 125, 0, false, null);
    }

    @Test
    void pageRecordMatchesGolden() throws Exception {
        PageRecord expected = new PageRecord(1, "https://example.org/", "https://example.org/", 200, 0,
                "text/html; charset=utf-8", "Hi", "A page", "https://example.org/", "en", 12, "Welcome", 345,
                "UTF-8", null, false, Instant.parse("2026-11-29T12:00:01.250Z"), 125,
                Map.of("price", "9.99", "tags", List.of("a", "b")));
        assertRoundTrip("page-record.json", expected, PageRecord.class);
    }

    @Test
    void aPageRecordWithContentMatchesGolden() throws Exception {
        PageRecord expected = new PageRecord(1, "https://news.example.org/2026/12/rivers",
                "https://news.example.org/2026/12/rivers", 200, 1, "text/html; charset=utf-8",
                "Rivers run again | Example News", "After the dry summer the rivers are back.",
                "https://news.example.org/2026/12/rivers", "en", 42, "Rivers run again", 3120,
                new RecordText("Rivers run again\n\nAfter the dry summer, the rivers of the valley are back.\n\n"
                        + "Farmers welcome the rain.", false, "# Rivers run again\n\nAfter the dry summer, the rivers"
                        + " of the valley are *back*.\n\nFarmers welcome the [rain](https://news.example.org/weather).",
                        "5d41402abc4b2a76b9719d911017c592", "9f3a5c7e1b2d4f60", null),
                new RecordMetadata("Ada Lovelace, Charles Babbage", "2026-12-05T08:30:00+01:00", "2026-12-06",
                        "Example News", "https://news.example.org/img/rivers.jpg", "article", List.of("rivers", "weather"),
                        0),
                "UTF-8", null, false, Instant.parse("2026-12-06T12:00:01.250Z"), 87, Map.of(), false);
        assertRoundTrip("page-record-content.json", expected, PageRecord.class);
        JsonNode written = codec.readTree(codec.encode(expected));
        List<String> names = new java.util.ArrayList<>();
        written.fieldNames().forEachRemaining(names::add);
        assertThat(names).as("the content after text_length, the metadata after it, then the record's other fields")
                .containsSubsequence("text_length", "text", "markdown", "text_hash", "simhash", "author", "published",
                        "modified", "site_name", "image", "type", "keywords", "charset", "fields");
        assertThat(written.has("text_truncated")).as("written only when true").isFalse();
        assertThat(written.has("pages")).as("written only for a PDF").isFalse();
    }

    @Test
    void aPdfRecordSaysItsPagesAndWhyItsTextIsIncompleteAsGolden() throws Exception {
        PageRecord expected = new PageRecord(1, "https://example.org/papers/scan.pdf",
                "https://example.org/papers/scan.pdf", 200, 2, "application/pdf", "Minutes of the meeting", null, null,
                null, 0, null, 44, new RecordText("Minutes of the meeting\n\nPresent: all members.", true, null,
                "0cc175b9c0f1b6a831c399e269772661", "00ff00ff00ff00ff", "time_budget"),
                new RecordMetadata("The Secretary", "2026-11-30T10:00:00Z", null, null, null, null, List.of(), 12),
                null, null, false, Instant.parse("2026-12-06T12:00:02Z"), 140, Map.of(), false);
        assertRoundTrip("page-record-pdf.json", expected, PageRecord.class);
    }

    @Test
    void aRecordWithoutContentWritesNoneOfItsFields() throws Exception {
        JsonNode written = codec.readTree(codec.encode(codec.decode(read("page-record.json"), PageRecord.class)));
        for (String name : List.of("text", "text_truncated", "markdown", "text_hash", "simhash", "text_error", "author",
                "published", "modified", "site_name", "image", "type", "keywords", "pages")) {
            assertThat(written.has(name)).as(name).isFalse();
        }
        PageRecord old = codec.decode(read("page-record.json"), PageRecord.class);
        assertThat(old.content()).isEqualTo(RecordText.NONE);
        assertThat(old.metadata()).isEqualTo(RecordMetadata.NONE);
    }

    @Test
    void failureRecordMatchesGolden() throws Exception {
        FailureRecord expected = new FailureRecord(1, "https://example.org/missing", FailureReason.HTTP_4XX,
                "404 Not Found", 1, 404, 1, Instant.parse("2026-11-29T12:00:02Z"));
        assertRoundTrip("failure-record.json", expected, FailureRecord.class);
    }

    @Test
    void urlStatusMatchesGolden() throws Exception {
        UrlStatus expected = new UrlStatus(SchemaVersions.CURRENT, "https://example.org/a", 1, 0, false,
                Instant.parse("2026-11-29T12:00:01.250Z"), UrlStatus.Outcome.NOT_MODIFIED, 304, "\"5f-1\"",
                "Sun, 29 Nov 2026 10:00:00 GMT", "crc32c:0a1b2c3d/5120", Instant.parse("2026-12-01T12:00:01.250Z"));
        assertRoundTrip("url-status.json", expected, UrlStatus.class);
    }

    @Test
    void aRecrawlRequestCarriesThePreviousFetchAsGolden() throws Exception {
        UrlStatus status = codec.decode(read("url-status.json"), UrlStatus.class);
        CrawlRequest expected = status.recrawl(Instant.parse("2026-12-01T12:00:00Z"));
        assertThat(expected.revisit().interval()).as("next_fetch_at - fetched_at").isEqualTo(172800);
        assertRoundTrip("crawl-request-recrawl.json", expected, CrawlRequest.class);
        assertThat(codec.readTree(codec.encode(expected.redirectTo("https://example.org/b", expected.discoveredAt())))
                .has("revisit")).as("a redirect target is no recrawl").isFalse();
        assertThat(expected.retry(null).revisit()).as("a retry still asks conditionally").isEqualTo(expected.revisit());
    }

    @Test
    void notModifiedPageRecordMatchesGolden() throws Exception {
        PageRecord expected = new PageRecord(1, "https://example.org/a", "https://example.org/a", 304, 1, null, null,
                null, null, null, 0, null, 0, null, null, false, Instant.parse("2026-12-01T12:00:00.500Z"), 3, Map.of(),
                true);
        assertRoundTrip("page-record-not-modified.json", expected, PageRecord.class);
    }

    @Test
    void aNotModifiedPageWithCapturedHeadsIsFramedWithTheGoldenHeader() throws Exception {
        FetchedPage page = new FetchedPage(2, "https://example.org/a", "https://example.org/a", 304,
                Map.of("etag", "\"5f-1\""), null, new byte[0], Instant.parse("2026-12-01T12:00:00.500Z"), 3, 1, false,
                null, 0, false, false, true, Instant.parse("2026-11-29T12:00:01.250Z"),
                new Capture("GET /a HTTP/1.1\r\nhost: example.org\r\nif-none-match: \"5f-1\"\r\n\r\n",
                        "HTTP/1.1 304 Not Modified\r\nETag: \"5f-1\"\r\n\r\n", "93.184.215.14"));
        byte[] frame = codec.encode(page);
        int headerLength = ByteBuffer.wrap(frame, 2, 4).getInt();
        byte[] header = Arrays.copyOfRange(frame, 6, 6 + headerLength);
        assertThat(codec.readTree(header)).isEqualTo(codec.readTree(read("fetched-page-v2-capture-header.json")));
        assertThat(codec.decode(frame, FetchedPage.class)).isEqualTo(page);
    }

    private <T> void assertRoundTrip(String golden, T expected, Class<T> type) throws Exception {
        byte[] json = read(golden);
        assertThat(codec.decode(json, type)).isEqualTo(expected);
        JsonNode written = codec.readTree(codec.encode(expected));
        assertThat(written).isEqualTo(codec.readTree(json));
    }

    private static byte[] read(String name) throws IOException {
        try (InputStream in = GoldenMessagesTest.class.getResourceAsStream("/golden/" + name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }
}
