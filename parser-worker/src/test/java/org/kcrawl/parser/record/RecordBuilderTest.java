package org.kcrawl.parser.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.parser.html.DetectedCharset;
import org.kcrawl.parser.html.DiscoveredLink;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.html.RobotsDirectives;
import org.kcrawl.parser.testing.Pages;

class RecordBuilderTest {
    @Test
    void copiesFetchMetadataAndParsedContent() {
        FetchedPage page = Pages.page("http://r.example/a", 200, "text/html", new byte[10], Map.of(), 3);
        ParsedPage parsed = new ParsedPage(ParsedPage.Kind.HTML, "T", "D", "http://r.example/c", "fr", "H", 77,
                "UTF-8", DetectedCharset.Source.HEADER,
                List.of(new DiscoveredLink("http://r.example/x", DiscoveredLink.Kind.ANCHOR, false),
                        new DiscoveredLink("http://r.example/y", DiscoveredLink.Kind.ANCHOR, true)),
                Map.of(), RobotsDirectives.NONE, true, false, Map.of("k", "v"), null, null, null, 0, null);

        PageRecord r = RecordBuilder.build(page, parsed);

        assertThat(r).isEqualTo(new PageRecord(SchemaVersions.CURRENT, "http://r.example/a", "http://r.example/a", 200,
                3, "text/html", "T", "D", "http://r.example/c", "fr", 2, "H", 77, "UTF-8", null, true,
                Pages.FETCHED_AT, 42, Map.of("k", "v")));
    }

    @Test
    void aRedirectRecordCarriesItsTargetAndNoContent() {
        FetchedPage page = Pages.redirect("http://r.example/old", "http://r.example/new");
        PageRecord r = RecordBuilder.build(page, PageParser.defaults().parse(page));

        assertThat(r.status()).isEqualTo(301);
        assertThat(r.redirectTo()).isEqualTo("http://r.example/new");
        assertThat(r.links()).isZero();
        assertThat(r.title()).isNull();
        assertThat(r.charset()).isNull();
    }

    /** A page whose robots meta says noindex keeps its links; its record says why it has no title or text. */
    @Test
    void aNoindexPageSaysWhyItsRecordHasNoText() {
        FetchedPage page = Pages.html("http://r.example/", "<html><head><title>Hidden</title>"
                + "<meta name=\"robots\" content=\"noindex, follow\"></head><body><h1>Head</h1>"
                + "<p>Text that a search engine must not index, and a crawl's record must not carry.</p>"
                + "<a href=/a>a</a></body></html>");
        PageRecord r = RecordBuilder.build(page, PageParser.defaults().parse(page));

        var json = MessageCodec.get().readTree(MessageCodec.get().encode(r));
        assertThat(json.get("text_error").asText()).isEqualTo("noindex");
        assertThat(json.has("text")).isFalse();
        assertThat(json.get("title").isNull()).isTrue();
        assertThat(json.get("links").asInt()).isEqualTo(1);

        FetchedPage shown = Pages.html("http://r.example/", "<title>Shown</title><p>Text that may be indexed.</p>");
        var indexed = MessageCodec.get().readTree(MessageCodec.get().encode(
                RecordBuilder.build(shown, PageParser.defaults().parse(shown))));
        assertThat(indexed.has("text_error")).isFalse();
        assertThat(indexed.get("text").asText()).isEqualTo("Text that may be indexed.");
    }

    @Test
    void recordsSerializeWithTheFoundationsFieldNames() {
        FetchedPage page = Pages.html("http://r.example/", "<html lang=en><title>Hi</title><h1>Head</h1><a href=/a>a</a>");
        PageRecord r = RecordBuilder.build(page, PageParser.defaults().parse(page));

        var json = MessageCodec.get().readTree(MessageCodec.get().encode(r));
        assertThat(json.get("url").asText()).isEqualTo("http://r.example/");
        assertThat(json.get("final_url").asText()).isEqualTo("http://r.example/");
        assertThat(json.get("title").asText()).isEqualTo("Hi");
        assertThat(json.get("h1").asText()).isEqualTo("Head");
        assertThat(json.get("lang").asText()).isEqualTo("en");
        assertThat(json.get("links").asInt()).isEqualTo(1);
        assertThat(json.get("charset").asText()).isEqualTo("UTF-8");
        assertThat(json.get("fetched_at").asText()).isEqualTo("2025-01-02T03:04:05Z");
        assertThat(json.get("fetch_ms").asLong()).isEqualTo(42);
        assertThat(json.get("fields").isObject()).isTrue();
        assertThat(json.has("text_length")).isTrue();
        assertThat(json.has("canonical")).isTrue();
        assertThat(json.has("description")).isTrue();
    }
}
