package org.kcrawl.parser.content.meta;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Bad input yields what could be read, within bounds, and never an exception. */
class MetadataBadInputTest {
    private static final String URL = "https://news.example/a.html";

    private static MetadataCollector collector() {
        return new MetadataCollector(URL, URL);
    }

    private static PageMetadata jsonLd(String... scripts) {
        MetadataCollector c = collector();
        for (String s : scripts) {
            c.jsonLd(s);
        }
        return c.result("A");
    }

    @Test
    void jsonLdThatIsNotJsonLeavesTheOtherSources() {
        MetadataCollector c = collector();
        c.jsonLd("this is not JSON { at all");
        c.jsonLd("{\"@type\": Article, author: \"x\"}");
        c.meta(null, "article:author", null, "Jane Og");
        assertThat(c.result("A").author()).isEqualTo("Jane Og");
    }

    @Test
    void aTruncatedBlockGivesTheFieldsBeforeTheCut() {
        PageMetadata m = jsonLd("{\"@type\":\"NewsArticle\",\"author\":{\"name\":\"Cut Author\"},"
                + "\"datePublished\":\"2024-01-02\",\"keywords\":[\"k1\",\"k2\",\"k3");
        assertThat(m.author()).isEqualTo("Cut Author");
        assertThat(m.published()).isEqualTo("2024-01-02");
        assertThat(m.keywords()).containsExactly("k1", "k2");
        assertThat(m.type()).isEqualTo("article");
    }

    @Test
    void garbageAfterAValueKeepsTheValue() {
        assertThat(jsonLd("{\"@type\":\"Article\",\"author\":\"Before\"} --> </garbage>").author()).isEqualTo("Before");
    }

    @Test
    void whatPagesReallyWriteIsRead() {
        assertThat(jsonLd("<!--\n{\"@type\":\"Article\", /* a comment */ \"author\":\"Com\", }\n-->").author())
                .isEqualTo("Com");
        assertThat(jsonLd("//<![CDATA[\n{\"@type\":\"Article\",\"author\":\"Cdata\"}\n//]]>").author()).isEqualTo("Cdata");
        assertThat(jsonLd("{\"@type\":\"Article\",\"author\":\"Line\nBreak\"}").author()).isEqualTo("Line Break");
        assertThat(jsonLd("{'@type':'Article','author':'Single'}").author()).isEqualTo("Single");
        assertThat(jsonLd("{\"@type\":\"WebSite\",\"name\":\"S\"} {\"@type\":\"Article\",\"author\":\"Second\"}").author())
                .isEqualTo("Second");
    }

    @Test
    void megabytesOfJsonLdAreReadOnlyUpToTheBudget() {
        String body = "x".repeat(3 * 1024 * 1024);
        String early = "{\"@type\":\"Article\",\"author\":\"Early\",\"articleBody\":\"" + body + "\"}";
        String late = "{\"@type\":\"Article\",\"articleBody\":\"" + body + "\",\"author\":\"Late\"}";
        MetadataCollector c = collector();
        c.jsonLd(early.toCharArray(), 0, early.length());
        assertThat(c.jsonLdBudget()).isZero();
        c.jsonLd("{\"@type\":\"Article\",\"datePublished\":\"2024-01-01\"}");
        PageMetadata m = c.result("A");
        assertThat(m.author()).isEqualTo("Early");
        assertThat(m.published()).isNull(); // past the page's budget: never read
        assertThat(jsonLd(late).author()).isNull(); // beyond the budget within one script
    }

    @Test
    void deepNestingEndsTheReadingNotTheWorker() {
        String arrays = "[".repeat(100_000);
        String objects = "{\"author\":".repeat(20_000) + "\"deep\"" + "}".repeat(20_000);
        MetadataCollector c = collector();
        c.jsonLd(arrays);
        c.jsonLd(objects);
        assertThat(c.result("A")).isEqualTo(PageMetadata.EMPTY);
        PageMetadata m = jsonLd("{\"@type\":\"Article\",\"author\":\"Shallow\",\"image\":" + "[".repeat(1000) + "}");
        assertThat(m.author()).isEqualTo("Shallow");
    }

    @Test
    void aFloodOfValuesIsCapped() {
        StringBuilder b = new StringBuilder("{\"@type\":\"Article\",\"author\":\"A\",\"keywords\":[");
        for (int i = 0; i < 20_000; i++) {
            b.append("\"k").append(i).append("\",");
        }
        b.append("\"last\"]}");
        PageMetadata m = jsonLd(b.toString());
        assertThat(m.author()).isEqualTo("A");
        assertThat(m.keywords()).hasSize(Votes.MAX_KEYWORDS).startsWith("k0", "k1");
    }

    @Test
    void garbageTimesAndAbsurdYearsAreLeftOut() {
        MetadataCollector c = collector();
        c.time("23. Juni 2016", null, "23.06.2016");
        c.time(null, null, "yesterday");
        c.time("99999-01-01", null, "");
        c.time("0000-00-00T00:00:00", null, "");
        c.time("2019-02-30", null, "");
        c.meta(null, "article:published_time", null, "9999-12-31T23:59:59Z");
        c.itemProp("dateModified", null, "<script>alert(1)</script>");
        assertThat(c.result("A")).isEqualTo(PageMetadata.EMPTY);
    }

    @Test
    void aGarbageTimeDoesNotHideTheLoneRealOne() {
        MetadataCollector c = collector();
        c.time("garbage", null, "x");
        c.time("2020-01-02", null, "Jan 2");
        assertThat(c.result("A").published()).isEqualTo("2020-01-02");
    }

    @Test
    void hugeValuesAreCapped() {
        MetadataCollector c = collector();
        c.meta("author", null, null, "N".repeat(1_000_000));
        c.meta("keywords", null, null, "k".repeat(1_000) + ", ok");
        c.meta(null, "og:image", null, "https://a.example/" + "p".repeat(10_000));
        PageMetadata m = c.result("A");
        assertThat(m.author()).hasSize(MetaValues.MAX_TEXT);
        assertThat(m.keywords()).containsExactly("ok");
        assertThat(m.image()).isNull();
    }

    @Test
    void missingAttributesAreNothing() {
        MetadataCollector c = new MetadataCollector(null, null);
        c.meta(null, null, null, null);
        c.meta("author", null, null, null);
        c.meta("", "", "", "");
        c.time(null, null, null);
        c.itemScope(null, null);
        c.itemScope("", "");
        c.itemProp(null, null, null);
        c.itemProp("author", null, null);
        c.itemProp(" ", " ", " ");
        c.jsonLd((String) null);
        c.jsonLd(new char[0], 0, 0);
        c.jsonLd("   ");
        c.meta(null, "og:image", null, "/relative.png"); // no base to resolve against: not a URL
        assertThat(c.result(null)).isEqualTo(PageMetadata.EMPTY);
        assertThat(MetadataCollector.wantsItemProp(null, null)).isFalse();
        assertThat(MetadataCollector.wantsItemProp("name", null)).isFalse();
        assertThat(MetadataCollector.wantsItemProp("name", "author")).isTrue();
        assertThat(MetadataCollector.wantsItemProp("headline datePublished", null)).isTrue();
    }

    @Test
    void aJsonLdRangeIsReadFromItsBounds() {
        char[] text = "xx{\"@type\":\"Article\",\"author\":\"Ranged\"}yy".toCharArray();
        MetadataCollector c = collector();
        c.jsonLd(text, 2, text.length - 2);
        assertThat(c.result("A").author()).isEqualTo("Ranged");
        assertThat(c.jsonLdBudget()).isEqualTo(MetadataCollector.MAX_JSON_LD_CHARS - (text.length - 4));
    }

    @Test
    void wrongShapesAreSkipped() {
        PageMetadata m = jsonLd("{\"@type\":[\"Article\",7,null],\"author\":[{\"name\":42},null,true,\"Real\"],"
                + "\"datePublished\":{\"@value\":\"2021-03-04\"},\"image\":[{\"@type\":\"ImageObject\"},\"/i.png\"],"
                + "\"keywords\":{\"not\":\"a list\"},\"@graph\":\"nonsense\"}");
        assertThat(m).isEqualTo(new PageMetadata("Real", "2021-03-04", null, null, null, "article", List.of()));
    }
}
