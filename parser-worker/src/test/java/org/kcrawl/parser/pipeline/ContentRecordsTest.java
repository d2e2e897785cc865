package org.kcrawl.parser.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.RecordMetadata;
import org.kcrawl.common.message.RecordText;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.parser.testing.Pages;

/**
 * The {@code content}, {@code markdown} and {@code max_text_chars} settings, as a parser worker configured by
 * them writes its records: the page processor {@link ParserWorker#processor} builds from the configuration,
 * on a news article with every kind of boilerplate around it ({@code html/article.html}).
 */
class ContentRecordsTest {
    private static final String URL = "https://news.courier.example/2026/11/arden";
    private static final FetchedPage ARTICLE = Pages.page(URL, "text/html; charset=utf-8", Pages.fixture("article.html"));
    /** A sentence of each of the article's paragraphs and list items. */
    private static final List<String> ARTICLE_TEXT = List.of(
            "After three dry summers the Arden runs again from the hills to the old mill",
            "Engineers from the regional water board say the autumn rainfall was twice the average",
            "What the farmers say",
            "one wet autumn does not make a river",
            "Rainfall in October was 212 millimetres.",
            "The springs at Hollow Ford flow again.",
            "The board will publish its next survey of the springs in March");
    /** Text of the navigation, sidebar, promotion, comments and footer. */
    private static final List<String> BOILERPLATE = List.of("News desk", "Sport pages", "Weather outlook",
            "Subscribe today", "Most read", "Bridge repairs delayed again", "subscribe for one euro a week",
            "Reader Tom wrote", "Reader Ann wrote", "All rights reserved", "Privacy policy", "Contact the editors");

    private static PageRecord record(FetchedPage page, String... settings) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < settings.length; i += 2) {
            env.put("KCRAWL_PARSER_" + settings[i].toUpperCase(java.util.Locale.ROOT), settings[i + 1]);
        }
        ParserConfig config = ParserConfig.load(null, env);
        PageProcessor processor = ParserWorker.processor(config, new ParserMetrics(new SimpleMeterRegistry()));
        return processor.process(page).record();
    }

    private static JsonNode json(PageRecord record) {
        return MessageCodec.get().readTree(MessageCodec.get().encode(record));
    }

    @Test
    void byDefaultARecordCarriesTheArticleWithoutItsBoilerplateItsHashesAndMetadata() {
        PageRecord r = record(ARTICLE);

        String text = r.content().text();
        assertThat(text).isNotNull();
        ARTICLE_TEXT.forEach(sentence -> assertThat(text).contains(sentence));
        BOILERPLATE.forEach(noise -> assertThat(text).doesNotContain(noise));
        assertThat(text).as("paragraphs separated by a blank line").contains("\n\n");
        assertThat(r.content().textTruncated()).isFalse();
        assertThat(r.content().markdown()).as("only on request").isNull();
        assertThat(r.content().textHash()).matches("[0-9a-f]{32}");
        assertThat(r.content().simhash()).matches("[0-9a-f]{16}");
        assertThat(r.content().textError()).isNull();
        assertThat(r.metadata().author()).isEqualTo("Mara Quill");
        assertThat(r.metadata().published()).isEqualTo("2026-11-28T07:45:00+01:00");
        assertThat(r.metadata().modified()).isEqualTo("2026-11-29T10:00:00+01:00");
        assertThat(r.metadata().siteName()).isEqualTo("Valley Courier");
        assertThat(r.metadata().type()).isEqualTo("article");
        assertThat(r.metadata().image()).isEqualTo("https://news.courier.example/img/arden.jpg");
        assertThat(r.metadata().keywords()).containsExactly("rivers", "drought", "valley");
        assertThat(r.metadata().pages()).isZero();
        assertThat(r.title()).isEqualTo("The river that came back | Valley Courier");
        assertThat(json(r).get("text").asText()).isEqualTo(text);
    }

    @Test
    void markdownOnRequestHasTheSameContentWithAbsoluteLinks() {
        PageRecord r = record(ARTICLE, "markdown", "true");

        String md = r.content().markdown();
        assertThat(md).isNotNull().contains("# The river that came back").contains("## What the farmers say")
                .contains("*one wet autumn does not make a river*")
                .contains("[autumn rainfall](https://news.courier.example/reports/arden-2026)")
                .contains("(mailto:desk@courier.example)")
                .doesNotContain("javascript:");
        BOILERPLATE.forEach(noise -> assertThat(md).doesNotContain(noise));
        assertThat(r.content().text()).as("the text as without markdown").isEqualTo(record(ARTICLE).content().text());
    }

    @Test
    void fullGivesAllVisibleTextOfTheBody() {
        PageRecord r = record(ARTICLE, "content", "full");

        ARTICLE_TEXT.forEach(sentence -> assertThat(r.content().text()).contains(sentence));
        assertThat(r.content().text()).contains("News desk", "Reader Tom wrote", "All rights reserved");
        assertThat(r.content().textHash()).isNotEqualTo(record(ARTICLE).content().textHash());
    }

    @Test
    void noneGivesTheRecordsThereWereBeforeContent() {
        PageRecord none = record(ARTICLE, "content", "none");
        PageRecord main = record(ARTICLE);

        assertThat(none.content()).isEqualTo(RecordText.NONE);
        assertThat(none.metadata()).isEqualTo(RecordMetadata.NONE);
        JsonNode written = json(none);
        for (String field : List.of("text", "text_truncated", "markdown", "text_hash", "simhash", "text_error",
                "author", "published", "modified", "site_name", "image", "type", "keywords", "pages")) {
            assertThat(written.has(field)).as(field).isFalse();
        }
        assertThat(none.withContent(main.content())).as("all else as with content")
                .isEqualTo(new PageRecord(main.v(), main.url(), main.finalUrl(), main.status(), main.depth(),
                        main.contentType(), main.title(), main.description(), main.canonical(), main.lang(),
                        main.links(), main.h1(), main.textLength(), main.content(), RecordMetadata.NONE,
                        main.charset(), main.redirectTo(), main.truncated(), main.fetchedAt(), main.fetchMs(),
                        main.fields(), main.notModified()));
    }

    @Test
    void maxTextCharsCutsTheTextAndSaysSo() {
        StringBuilder html = new StringBuilder("<html><head><title>Long</title></head><body><article><h1>Long</h1>");
        for (int i = 0; i < 200; i++) {
            html.append("<p>Paragraph ").append(i).append(" of a long article says what every paragraph says, at"
                    + " length, so the whole of it is far more than the cap allows.</p>");
        }
        html.append("</article></body></html>");
        FetchedPage page = Pages.html("https://news.courier.example/long", html.toString());

        PageRecord r = record(page, "max_text_chars", "1000", "markdown", "true");

        assertThat(r.content().textTruncated()).isTrue();
        assertThat(r.content().text()).hasSizeLessThanOrEqualTo(1000).startsWith("Long");
        assertThat(r.content().markdown()).hasSizeLessThanOrEqualTo(1000);
    }

    @Test
    void aPageOfAnExtractionRuleCarriesTheSameText() {
        PageRecord digest = record(ARTICLE);
        Map<String, String> env = new HashMap<>();
        ParserConfig config = ParserConfig.load(null, env);
        // An extraction rule for the article's URL makes the parser read it as a jsoup document.
        ParserConfig withRule = new org.kcrawl.common.config.ConfigBinder().bindSection(ParserConfig.class, config,
                null, "parser", Map.of("extract", List.of(Map.of("name", "story", "url_pattern", "/2026/",
                        "fields", Map.of("headline", Map.of("selector", "h1"))))));
        PageRecord document = ParserWorker.processor(withRule, new ParserMetrics(new SimpleMeterRegistry()))
                .process(ARTICLE).record();

        assertThat(document.fields()).containsEntry("headline", "The river that came back");
        ARTICLE_TEXT.forEach(sentence -> assertThat(document.content().text()).contains(sentence));
        BOILERPLATE.forEach(noise -> assertThat(document.content().text()).doesNotContain(noise));
        assertThat(document.metadata()).isEqualTo(digest.metadata());
    }

    @Test
    void aNoindexPageHasNoText() {
        String html = new String(Pages.fixture("article.html"), StandardCharsets.UTF_8)
                .replace("<meta charset=\"utf-8\">", "<meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\">");
        PageRecord r = record(Pages.html(URL, html));

        RecordText noText = new RecordText(null, false, null, null, null, "noindex");
        assertThat(r.content()).as("no text, and the reason").isEqualTo(noText);
        assertThat(r.metadata()).isEqualTo(RecordMetadata.NONE);
        assertThat(record(Pages.page(URL, 200, "text/html; charset=utf-8", Pages.fixture("article.html"),
                Map.of("x-robots-tag", "noindex"), 1)).content()).as("by its header too").isEqualTo(noText);
    }

    @Test
    void aRecrawlsNotModifiedPageHasNoText() {
        FetchedPage notModified = new FetchedPage(SchemaVersions.PAGE, URL, URL, 304, Map.of("etag", "\"e1\""), null,
                new byte[0], Pages.FETCHED_AT, 4, 1, false, null, 0, false, false, true,
                Instant.parse("2025-01-01T00:00:00Z"), null);

        PageRecord r = record(notModified, "markdown", "true");

        assertThat(r.notModified()).isTrue();
        assertThat(r.content()).isEqualTo(RecordText.NONE);
        assertThat(r.metadata()).isEqualTo(RecordMetadata.NONE);
        assertThat(json(r).has("text")).isFalse();
    }
}
