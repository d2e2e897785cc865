package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hostile and broken pages give what could be read, fast, and never an exception. */
class ContentBadInputTest {
    @Test
    @Timeout(30)
    void aHundredThousandNestedDivsOnTheDigestPath() {
        String html = "<html><body>" + "<div>".repeat(100_000) + "<p>" + ArticlePages.P1 + "</p>"
                + "</div>".repeat(100_000) + "</body></html>";
        PageContent c = ArticlePages.digest(html, ArticlePages.markdown());
        assertThat(c.text()).isEqualTo(ArticlePages.P1);
        assertThat(c.markdown()).isEqualTo(ArticlePages.P1);
    }

    @Test
    @Timeout(30)
    void aHundredThousandNestedDivsOnTheDocumentPath() {
        String html = "<html><body>" + "<div>".repeat(100_000) + "<p>" + ArticlePages.P1 + "</p>"
                + "</div>".repeat(100_000) + "</body></html>";
        assertThat(ArticlePages.document(html, ArticlePages.markdown()).text()).isEqualTo(ArticlePages.P1);
    }

    /**
     * A short text (an ad's label, a heading of comments) under 100,000 nested divs after the article: every one of
     * those divs holds a few characters, and reading the text of each took the square of the page (17 and 69 s).
     */
    @Test
    @Timeout(10)
    void aShortTextUnderAHundredThousandNestedDivsIsReadOnce() {
        for (String shortText : new String[] {"Advertisement", "Comments"}) {
            String html = "<html><body><div><p>" + ArticlePages.P1 + "</p><p>" + ArticlePages.P2 + "</p>"
                    + "<div>".repeat(100_000) + shortText + "</div>".repeat(100_000) + "</div></body></html>";
            assertThat(ArticlePages.digest(html, ArticlePages.main()).text()).as(shortText)
                    .startsWith(ArticlePages.P1 + "\n\n" + ArticlePages.P2);
        }
    }

    @Test
    @Timeout(30)
    void aPageOfOneHugeTable() {
        StringBuilder html = new StringBuilder("<html><body><table>");
        for (int r = 0; r < 5_000; r++) {
            html.append("<tr><td>row ").append(r).append("</td><td>value, and more</td></tr>");
        }
        html.append("</table></body></html>");
        PageContent c = ArticlePages.digest(html.toString(), ArticlePages.markdown());
        assertThat(c.text()).startsWith("row 0\tvalue, and more\nrow 1\t").contains("row 4999");
        assertThat(c.markdown()).startsWith("| row 0 | value, and more |\n| --- | --- |\n| row 1 |");
    }

    @Test
    @Timeout(30)
    void aTablePastTheCapIsCutOnce() {
        StringBuilder html = new StringBuilder("<html><body><table>");
        for (int r = 0; r < 40_000; r++) {
            html.append("<tr><td>row ").append(r).append("</td><td>value, and more</td></tr>");
        }
        html.append("</table></body></html>");
        PageContent c = ArticlePages.digest(html.toString(), ArticlePages.markdown());
        assertThat(c.textTruncated()).isTrue();
        assertThat(c.text().length()).isLessThanOrEqualTo(200_000);
        assertThat(c.markdown().length()).isLessThanOrEqualTo(200_000);
    }

    @Test
    @Timeout(30)
    void megabytesOfJsonLdAndJsonLdThatIsNotJson() {
        String huge = "{\"@type\":\"Article\",\"author\":\"Ann Lee\",\"x\":\"" + "y".repeat(4 << 20) + "\"}";
        String html = "<html><head><script type=\"application/ld+json\">{not json at all</script>"
                + "<script type=\"application/ld+json\">" + huge + "</script></head><body><article><p>"
                + ArticlePages.P1 + "</p><time>garbage o'clock</time></article></body></html>";
        PageContent c = ArticlePages.digest(html, ArticlePages.main());
        assertThat(c.text()).startsWith(ArticlePages.P1);
        assertThat(c.metadata().published()).isNull();
    }

    @Test
    void unclosedAndMisnestedMarkupStillGivesTheText() {
        String html = "<html><body><article><p>" + ArticlePages.P1 + "<b><i>" + ArticlePages.P2 + "</b></i><p>"
                + ArticlePages.P3 + "<ul><li>one<li>two</article><div></div></span></body>";
        PageContent c = ArticlePages.digest(html, ArticlePages.markdown());
        assertThat(c.text()).contains(ArticlePages.P1, ArticlePages.P2, ArticlePages.P3, "one\ntwo");
        assertThat(c.markdown()).contains("- one\n- two");
    }

    @Test
    void anEmptyBodyHasNoText() {
        PageContent c = ArticlePages.digest("<html><head><title>x</title></head><body></body></html>",
                ArticlePages.markdown());
        assertThat(c.text()).isNull();
        assertThat(c.textHash()).isNull();
        assertThat(c.markdown()).isNull();
    }
}
