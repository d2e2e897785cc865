package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.ContentHash;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.Revisit;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.message.UrlStatus;

class StatusRecorderTest {
    private static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-30T12:00:00Z");
    private static final byte[] BODY = "<html>same</html>".getBytes(StandardCharsets.UTF_8);
    private final StatusRecorder recorder =
            new StatusRecorder(new RevisitSchedule(Duration.ofDays(1), Duration.ofHours(1), Duration.ofDays(30)));

    @Test
    void aFirstFetchKeepsValidatorsAndHashAndIsDueAfterTheInterval() {
        CrawlRequest request = CrawlRequest.discovered("http://127.0.0.1:8080/a", 2, "http://127.0.0.1:8080/", T0);
        UrlStatus s = recorder.page(request, page(200, BODY, Map.of("etag", "\"e1\"", "last-modified", "Sun, 29 Nov 2026 10:00:00 GMT")));

        assertThat(s.outcome()).isEqualTo(UrlStatus.Outcome.PAGE);
        assertThat(s.depth()).isEqualTo(2);
        assertThat(s.etag()).isEqualTo("\"e1\"");
        assertThat(s.lastModified()).isEqualTo("Sun, 29 Nov 2026 10:00:00 GMT");
        assertThat(s.contentHash()).isEqualTo(ContentHash.of(BODY));
        assertThat(s.fetchedAt()).isEqualTo(T1);
        assertThat(s.nextFetchAt()).isEqualTo(T1.plus(Duration.ofDays(1)));
    }

    /**
     * A site's 60 KiB ETag, or a Last-Modified that would split a request's head, could never be sent back:
     * neither is kept, so neither grows the URL's seen marker (before, both were stored as received).
     */
    @Test
    void aValidatorThatCouldNotBeSentBackIsNotKept() {
        CrawlRequest request = CrawlRequest.discovered("http://127.0.0.1:8080/a", 2, "http://127.0.0.1:8080/", T0);
        String huge = "\"" + "e".repeat(60 * 1024) + "\"";
        UrlStatus s = recorder.page(request, page(200, BODY, Map.of("etag", huge,
                "last-modified", "Sun, 29 Nov 2026 10:00:00 GMT\r\nX-Injected: 1")));
        assertThat(s.etag()).isNull();
        assertThat(s.lastModified()).isNull();

        String longest = "\"" + "e".repeat(Revisit.MAX_VALIDATOR_CHARS - 2) + "\"";
        UrlStatus kept = recorder.page(request, page(200, BODY, Map.of("etag", longest)));
        assertThat(kept.etag()).isEqualTo(longest);

        // A 304 keeps the previous fetch's validators, unless a marker of an older version stored one too long.
        UrlStatus revisited = recorder.page(recrawl(new Revisit(T0, huge, "Sun, 29 Nov 2026 10:00:00 GMT", null, 86400)),
                page(304, new byte[0], Map.of()));
        assertThat(revisited.etag()).isNull();
        assertThat(revisited.lastModified()).isEqualTo("Sun, 29 Nov 2026 10:00:00 GMT");
    }

    @Test
    void a304KeepsThePreviousValidatorsAndHashAndDoublesTheInterval() {
        Revisit previous = new Revisit(T0, "\"e1\"", "Sun, 29 Nov 2026 10:00:00 GMT", "crc32c:01020304/17", 86400);
        CrawlRequest request = recrawl(previous);
        UrlStatus s = recorder.page(request, page(304, new byte[0], Map.of()));

        assertThat(s.outcome()).isEqualTo(UrlStatus.Outcome.NOT_MODIFIED);
        assertThat(s.status()).isEqualTo(304);
        assertThat(s.etag()).isEqualTo("\"e1\"");
        assertThat(s.lastModified()).isEqualTo("Sun, 29 Nov 2026 10:00:00 GMT");
        assertThat(s.contentHash()).isEqualTo("crc32c:01020304/17");
        assertThat(s.nextFetchAt()).isEqualTo(T1.plus(Duration.ofDays(2)));
    }

    @Test
    void aChangedBodyHalvesTheIntervalAndTheSameBodyDoublesIt() {
        Revisit previous = new Revisit(T0, null, null, ContentHash.of(BODY), 86400);
        UrlStatus changed = recorder.page(recrawl(previous), page(200, "<html>new</html>".getBytes(StandardCharsets.UTF_8), Map.of()));
        UrlStatus same = recorder.page(recrawl(previous), page(200, BODY, Map.of()));

        assertThat(changed.nextFetchAt()).isEqualTo(T1.plus(Duration.ofHours(12)));
        assertThat(same.nextFetchAt()).isEqualTo(T1.plus(Duration.ofDays(2)));
    }

    @Test
    void aFailureIsKeptWithItsStatusAndNoValidators() {
        CrawlRequest request = CrawlRequest.discovered("http://127.0.0.1:8080/a", 1, "http://127.0.0.1:8080/", T0);
        UrlStatus s = recorder.failure(request, new FailureRecord(SchemaVersions.CURRENT, request.url(),
                FailureReason.HTTP_4XX, "404 Not Found", 1, 404, 1, T1));

        assertThat(s.outcome()).isEqualTo(UrlStatus.Outcome.FAILURE);
        assertThat(s.status()).isEqualTo(404);
        assertThat(s.etag()).isNull();
        assertThat(s.nextFetchAt()).isEqualTo(T1.plus(Duration.ofDays(1)));
    }

    private static CrawlRequest recrawl(Revisit previous) {
        return new CrawlRequest(SchemaVersions.CURRENT, "http://127.0.0.1:8080/a", 1, null, T1, 1, 0, null, false, previous);
    }

    private static FetchedPage page(int status, byte[] body, Map<String, String> headers) {
        return new FetchedPage(SchemaVersions.PAGE, "http://127.0.0.1:8080/a", "http://127.0.0.1:8080/a", status,
                headers, "text/html", body, T1, 5, 1, false, null, 0, false, false, status == 304,
                status == 304 ? T0 : null, null);
    }
}
