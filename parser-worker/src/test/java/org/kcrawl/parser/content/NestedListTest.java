package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.BOTH_PATHS;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * A list inside a list that stays is part of it: the sections of a table of contents, the "see also" of a
 * reference's member. Judged alone, each such list of short links reads as a menu and was cut out, leaving the
 * outline with holes (Python's documentation contents kept 5,727 of its 199,000 characters; Javadoc's
 * "See Also:" was followed by nothing).
 */
class NestedListTest {

    @Test
    void aTableOfContentsKeepsItsSections() {
        StringBuilder toc = new StringBuilder("<ul>");
        for (int c = 1; c <= 10; c++) {
            // Long chapter titles, as the whole list is not a menu; short section names, as each sublist alone is.
            toc.append("<li><a href=\"/ch").append(c).append(".html\">Chapter ").append(c).append(" of the reference")
                    .append(" manual: the language, its standard library and the tools that come with the interpreter")
                    .append("</a><ul>");
            for (int s = 1; s <= 4; s++) {
                toc.append("<li><a href=\"/ch").append(c).append(".html#s").append(s).append("\">Section ").append(c)
                        .append('.').append(s).append("</a></li>");
            }
            toc.append("</ul></li>");
        }
        String html = "<html><body><nav><a href=/>Home</a> <a href=/search>Search</a></nav><div class=\"body\""
                + " role=\"main\"><section><h1>Contents</h1><div class=\"toctree-wrapper compound\">" + toc
                + "</ul></div></section></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            String text = path.apply(html, ArticlePages.main()).text();
            assertThat(text).startsWith("Contents\n\nChapter 1 of the reference manual")
                    .contains("the tools that come with the interpreter\n\nSection 1.1\nSection 1.2\nSection 1.3\n",
                            "Section 10.4").doesNotContain("Search");
        }
    }
}
