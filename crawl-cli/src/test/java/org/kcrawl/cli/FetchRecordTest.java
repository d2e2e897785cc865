package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.SchemaVersions;

/** The fetch-only line of a pages message: the page's facts, never its body. */
class FetchRecordTest {
    private static final Instant AT = Instant.parse("2026-11-29T12:00:01.250Z");

    @Test
    void aPageBecomesOneLineWithoutItsBody() throws MalformedMessageException {
        byte[] body = "<html><title>x</title></html>".getBytes(StandardCharsets.UTF_8);
        FetchedPage page = new FetchedPage(SchemaVersions.CURRENT, "http://127.0.0.1:8080/a", "http://127.0.0.1:8080/a",
                200, Map.of("server", "test"), "text/html; charset=utf-8", body, AT, 42, 0, true, null);

        String line = new String(FetchRecord.PAGES.line(MessageCodec.get().encode(page)), StandardCharsets.UTF_8);

        assertThat(line).doesNotContain("\n").doesNotContain("body").doesNotContain("headers");
        JsonNode json = MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8));
        assertThat(json.get("url").asText()).isEqualTo("http://127.0.0.1:8080/a");
        assertThat(json.get("final_url").asText()).isEqualTo("http://127.0.0.1:8080/a");
        assertThat(json.get("status").asInt()).isEqualTo(200);
        assertThat(json.get("content_type").asText()).isEqualTo("text/html; charset=utf-8");
        assertThat(json.get("bytes").asInt()).isEqualTo(body.length);
        assertThat(json.get("truncated").asBoolean()).isTrue();
        assertThat(json.get("redirect_to").isNull()).isTrue();
        // The codec's conventions: ISO-8601 instants, as in records.jsonl.
        assertThat(json.get("fetched_at").asText()).isEqualTo("2026-11-29T12:00:01.250Z");
        assertThat(json.get("fetch_ms").asLong()).isEqualTo(42);
    }

    @Test
    void aRedirectSaysWhereItPointed() throws MalformedMessageException {
        FetchedPage page = new FetchedPage(SchemaVersions.CURRENT, "http://127.0.0.1:8080/old",
                "http://127.0.0.1:8080/old", 301, Map.of(), null, null, AT, 3, 0, false, "http://127.0.0.1:8080/new");

        JsonNode json = MessageCodec.get().readTree(FetchRecord.PAGES.line(MessageCodec.get().encode(page)));

        assertThat(json.get("status").asInt()).isEqualTo(301);
        assertThat(json.get("redirect_to").asText()).isEqualTo("http://127.0.0.1:8080/new");
        assertThat(json.get("bytes").asInt()).isZero();
    }

    @Test
    void aMessageThatIsNotAPageIsRefusedWithItsKind() {
        assertThatThrownBy(() -> FetchRecord.PAGES.line("{\"v\":1,\"status\":200}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(MalformedMessageException.class);
        assertThatThrownBy(() -> FetchRecord.PAGES.line("not json".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(MalformedMessageException.class)
                .satisfies(e -> assertThat(((MalformedMessageException) e).kind())
                        .isEqualTo(MalformedMessageException.Kind.UNPARSEABLE));
    }
}
