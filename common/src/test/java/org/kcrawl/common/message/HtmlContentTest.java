package org.kcrawl.common.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The crawl's one answer to "is this HTML", which the fetcher, the parser and the render worker share. */
class HtmlContentTest {

    private static FetchedPage page(String contentType, Map<String, String> headers, String body) {
        return new FetchedPage(1, "http://h.test/", "http://h.test/", 200, headers, contentType,
                body.getBytes(StandardCharsets.UTF_8), Instant.parse("2026-12-06T20:00:00Z"), 1, 0, false, null);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "text/html | true",
            "TEXT/HTML; charset=utf-8 | true",
            "  application/xhtml+xml ;q=1 | true",
            "text/plain | false",
            "application/xml | false",
            "text/htmlx | false",
    })
    void aDeclaredTypeDecides(String contentType, boolean html) {
        assertThat(HtmlContent.isHtmlType(contentType)).isEqualTo(html);
        assertThat(HtmlContent.isHtml(page(contentType, Map.of(), "<html><body>x"))).isEqualTo(html);
        assertThat(HtmlContent.isHtml(page(null, Map.of("content-type", contentType), "<html>"))).isEqualTo(html);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "<!DOCTYPE html><p>x | true",
            "\uFEFF  <html lang=en> | true",
            "<title>t</title> | true",
            "{\"json\": true} | false",
            "plain words | false",
            "'' | false",
    })
    void anUntypedBodyIsHtmlWhenItStartsLikeHtml(String body, boolean html) {
        assertThat(HtmlContent.isHtml(page(null, Map.of(), body))).isEqualTo(html);
        assertThat(HtmlContent.isHtml(page(" ", Map.of(), body))).isEqualTo(html);
    }
}
