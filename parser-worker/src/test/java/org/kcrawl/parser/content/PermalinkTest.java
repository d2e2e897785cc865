package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.BOTH_PATHS;
import static org.kcrawl.parser.content.ArticlePages.P1;
import static org.kcrawl.parser.content.ArticlePages.P2;
import static org.kcrawl.parser.content.ArticlePages.P3;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** The permalinks documentation generators put beside headings and definitions are not text. */
class PermalinkTest {

    @Test
    void aHeadingsPermalinkMarkIsLeftOut() {
        String html = "<html><body><div class=\"body\" role=\"main\"><section id=\"transports\"><h1>Transports"
                + "<a class=\"headerlink\" href=\"#transports\" title=\"Permalink to this heading\">\u00b6</a></h1><p>" + P1
                + "</p><h2 id=\"reading\">Reading<a href=\"#reading\" class=\"hash-link\" aria-label=\"Direct link\">#</a>"
                + "</h2><p>" + P2 + " See <a href=\"#note-1\">note 1</a>, or <a href=\"#transports\">the top</a>.</p>"
                + "<dl><dt id=\"close\">transport.close()<a class=\"headerlink\" href=\"#close\">\u00b6</a></dt><dd><p>" + P3
                + "</p></dd></dl></section></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            PageContent c = path.apply(html, ArticlePages.markdown());
            assertThat(c.text()).startsWith("Transports\n\n" + P1 + "\n\nReading\n\n")
                    .contains("See note 1, or the top.", "transport.close()\n").doesNotContain("\u00b6", "Reading#");
            assertThat(c.markdown()).startsWith("# Transports\n\n").contains("## Reading\n\n",
                    "[note 1](" + ArticlePages.URL + "#note-1)").doesNotContain("\u00b6", "[#]");
        }
    }
}
