package org.kcrawl.parser.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.kcrawl.parser.html.FieldExtractor;
import org.kcrawl.parser.testing.Pages;

class RuleExtractorTest {
    private static final String URL = "https://shop.example/p/walnut-desk";

    private static Document product() {
        return Jsoup.parse(new String(Pages.fixture("product.html"), StandardCharsets.UTF_8), URL);
    }

    private static Map<String, FieldRule> fields(Object... pairs) {
        Map<String, FieldRule> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], (FieldRule) pairs[i + 1]);
        }
        return m;
    }

    @Test
    void extractsTextAttributesFirstAndAll() {
        ExtractionRule rule = new ExtractionRule("product", "^https://shop\\.example/p/", fields(
                "name", FieldRule.text("h1.name"),
                "price", new FieldRule("span.price", "content", false),
                "sku", new FieldRule("div.product", "data-sku", false),
                "tags", new FieldRule("ul.tags li", null, true),
                "images", new FieldRule("div.gallery img", "abs:src", true),
                "brand_url", new FieldRule("a.brand", "abs:href", false),
                "missing", FieldRule.text("div.nothing-here"),
                "none_at_all", new FieldRule("div.nothing-here", null, true)));

        Map<String, Object> out = new RuleExtractor(List.of(rule)).extract(URL, product());

        assertThat(out.keySet()).containsExactly("name", "price", "sku", "tags", "images", "brand_url", "missing",
                "none_at_all");
        assertThat(out).containsEntry("name", "Walnut Desk")
                .containsEntry("price", "349.00")
                .containsEntry("sku", "WD-100")
                .containsEntry("tags", List.of("wood", "office", "furniture"))
                .containsEntry("images", List.of("https://shop.example/img/desk-1.jpg",
                        "https://shop.example/img/desk-2.jpg"))
                .containsEntry("brand_url", "https://shop.example/brands/acme")
                .containsEntry("missing", null)
                .containsEntry("none_at_all", List.of());
    }

    @Test
    void appliesOnlyRulesWhoseUrlPatternMatchesAndTheFirstRuleWins() {
        ExtractionRule articles = new ExtractionRule("articles", "/blog/", fields("title", FieldRule.text("h1")));
        ExtractionRule products = new ExtractionRule("products", "/p/", fields("title", FieldRule.text("h1"),
                "price", FieldRule.text(".price")));
        ExtractionRule everything = new ExtractionRule("all", ".", fields("title", FieldRule.text("title"),
                "lang", new FieldRule("html", "lang", false)));

        Map<String, Object> out = new RuleExtractor(List.of(articles, products, everything)).extract(URL, product());

        assertThat(out).containsExactly(Map.entry("title", "Walnut Desk"), Map.entry("price", "$349.00"),
                Map.entry("lang", "en"));
    }

    @Test
    void boundsValueLengthsAndCounts() {
        StringBuilder html = new StringBuilder("<p>").append("x".repeat(RuleExtractor.MAX_VALUE_CHARS + 50)).append("</p>");
        for (int i = 0; i < RuleExtractor.MAX_VALUES + 10; i++) {
            html.append("<i>").append(i).append("</i>");
        }
        ExtractionRule rule = new ExtractionRule("big", ".", fields("p", FieldRule.text("p"),
                "items", new FieldRule("i", null, true)));
        Map<String, Object> out = new RuleExtractor(List.of(rule)).extract(URL, Jsoup.parse(html.toString()));

        assertThat((String) out.get("p")).hasSize(RuleExtractor.MAX_VALUE_CHARS);
        assertThat((List<?>) out.get("items")).hasSize(RuleExtractor.MAX_VALUES);
    }

    @Test
    void refusesInvalidSelectorsNamingTheRuleAndField() {
        assertThatThrownBy(() -> new ExtractionRule("product", ".", fields("price", FieldRule.text("div[unclosed"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'product'").hasMessageContaining("'price'").hasMessageContaining("div[unclosed");
        assertThatThrownBy(() -> new ExtractionRule("product", "(", fields("price", FieldRule.text("p"))))
                .hasMessageContaining("'product'").hasMessageContaining("url_pattern");
        assertThatThrownBy(() -> new ExtractionRule("empty", ".", Map.of()))
                .hasMessageContaining("'empty'").hasMessageContaining("at least one field");
        assertThatThrownBy(() -> new FieldRule(" ", null, false)).hasMessageContaining("selector");
    }

    @Test
    void refusesTheFieldNameThatMarksCutRecords() {
        assertThatThrownBy(() -> new ExtractionRule("product", ".",
                fields(ExtractionRule.TRUNCATED_FIELD, FieldRule.text("p"))))
                .hasMessageContaining("'product'").hasMessageContaining("'_truncated'")
                .hasMessageContaining("reserved");
    }

    @Test
    void noRulesMeansNoExtraction() {
        assertThat(RuleExtractor.of(List.of())).isSameAs(FieldExtractor.NONE);
        assertThat(FieldExtractor.NONE.extract(URL, product())).isEmpty();
    }
}
