package org.kcrawl.common.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A rolling upgrade: the next build (schema version N+1) reads every message this build (N) writes, so the
 * workers not upgraded yet do not have everything they write dead-lettered; the build after that does not.
 */
class RollingUpgradeTest {
    private static final MessageCodec THIS_BUILD = MessageCodec.get();
    private static final MessageCodec NEXT_BUILD =
            MessageCodec.readingAs(SchemaVersions.CURRENT + 1, SchemaVersions.PAGE + 1);
    private static final MessageCodec BUILD_AFTER_NEXT =
            MessageCodec.readingAs(SchemaVersions.CURRENT + 2, SchemaVersions.PAGE + 2);

    @ParameterizedTest
    @CsvSource({"crawl-request.json, org.kcrawl.common.message.CrawlRequest",
        "scope-site.json, org.kcrawl.common.message.ScopeSite",
        "page-record.json, org.kcrawl.common.message.PageRecord",
        "page-record-content.json, org.kcrawl.common.message.PageRecord",
        "page-record-pdf.json, org.kcrawl.common.message.PageRecord",
        "failure-record.json, org.kcrawl.common.message.FailureRecord"})
    void theNextBuildReadsWhatThisOneWrites(String golden, Class<?> type) throws Exception {
        byte[] written = THIS_BUILD.encode(THIS_BUILD.decode(read(golden), type));

        assertThat(NEXT_BUILD.decode(written, type)).isEqualTo(THIS_BUILD.decode(written, type));
        MalformedMessageException refused = catchThrowableOfType(MalformedMessageException.class,
                () -> BUILD_AFTER_NEXT.decode(written, type));
        assertThat(refused.kind()).isEqualTo(MalformedMessageException.Kind.UNSUPPORTED_VERSION);
        assertThat(refused).hasMessageContaining("schema version " + SchemaVersions.CURRENT)
                .hasMessageContaining("reads " + (SchemaVersions.CURRENT + 1) + " and " + (SchemaVersions.CURRENT + 2));
    }

    /**
     * The content fields (issue 36) came without a version bump: the build before them reads records that
     * have them, since it ignores the fields it does not know, as any reader with this codec does.
     */
    @Test
    void aReaderOfTheRecordsBeforeContentReadsTheRecordsWithIt() throws Exception {
        for (String golden : List.of("page-record-content.json", "page-record-pdf.json")) {
            byte[] written = THIS_BUILD.encode(THIS_BUILD.decode(read(golden), PageRecord.class));
            PageRecord now = THIS_BUILD.decode(written, PageRecord.class);

            RecordBeforeContent before = THIS_BUILD.decode(written, RecordBeforeContent.class);

            assertThat(before).isEqualTo(new RecordBeforeContent(now.v(), now.url(), now.finalUrl(), now.status(),
                    now.depth(), now.contentType(), now.title(), now.description(), now.canonical(), now.lang(),
                    now.links(), now.h1(), now.textLength(), now.charset(), now.redirectTo(), now.truncated(),
                    now.fetchedAt(), now.fetchMs(), now.fields(), now.notModified()));
        }
    }

    /** The page record as the builds before issue 36 declared it. */
    record RecordBeforeContent(
            @JsonProperty("v") int v,
            @JsonProperty("url") String url,
            @JsonProperty("final_url") String finalUrl,
            @JsonProperty("status") int status,
            @JsonProperty("depth") int depth,
            @JsonProperty("content_type") String contentType,
            @JsonProperty("title") String title,
            @JsonProperty("description") String description,
            @JsonProperty("canonical") String canonical,
            @JsonProperty("lang") String lang,
            @JsonProperty("links") int links,
            @JsonProperty("h1") String h1,
            @JsonProperty("text_length") int textLength,
            @JsonProperty("charset") String charset,
            @JsonProperty("redirect_to") String redirectTo,
            @JsonProperty("truncated") boolean truncated,
            @JsonProperty("fetched_at") Instant fetchedAt,
            @JsonProperty("fetch_ms") long fetchMs,
            @JsonProperty("fields") Map<String, Object> fields,
            @JsonProperty("not_modified") boolean notModified) {}

    @Test
    void theNextBuildReadsThePagesThisOneFrames() throws Exception {
        FetchedPage page = new FetchedPage(SchemaVersions.PAGE, "https://example.org/", "https://example.org/", 200,
                Map.of("content-type", "text/html"), "text/html", "<html>Hi</html>".getBytes(StandardCharsets.UTF_8),
                Instant.parse("2026-11-29T12:00:01.250Z"), 125, 0, false, null);
        byte[] frame = THIS_BUILD.encode(page);

        assertThat(NEXT_BUILD.decode(frame, FetchedPage.class)).isEqualTo(page);
        MalformedMessageException refused = catchThrowableOfType(MalformedMessageException.class,
                () -> BUILD_AFTER_NEXT.decode(frame, FetchedPage.class));
        assertThat(refused.kind()).isEqualTo(MalformedMessageException.Kind.UNSUPPORTED_VERSION);
        assertThat(refused).hasMessageContaining("frame version " + SchemaVersions.PAGE);
    }

    @ParameterizedTest
    @CsvSource({"0", "2", "-1"})
    void thisBuildReadsNoVersionBeforeTheFirstNorAfterItsOwn(int version) {
        byte[] json = ("{\"v\":" + version + ",\"url\":\"http://a/\",\"depth\":0,\"discovered_at\":"
                + "\"2026-11-29T12:00:00Z\",\"attempt\":1}").getBytes(StandardCharsets.UTF_8);
        MalformedMessageException refused = catchThrowableOfType(MalformedMessageException.class,
                () -> THIS_BUILD.decode(json, CrawlRequest.class));
        assertThat(refused.kind()).isEqualTo(MalformedMessageException.Kind.UNSUPPORTED_VERSION);
    }

    private static byte[] read(String name) throws IOException {
        try (InputStream in = RollingUpgradeTest.class.getResourceAsStream("/golden/" + name)) {
            return in.readAllBytes();
        }
    }
}
