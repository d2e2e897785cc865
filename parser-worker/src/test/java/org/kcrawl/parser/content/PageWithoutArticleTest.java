package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * A page with no article's shape, where no attempt finds a post: a report's table of contents, its entries links
 * separated by line breaks, under a breadcrumb. Every block is mostly link text, so the first attempt keeps
 * nothing and the others the breadcrumb alone; the page's content is its body without its furniture.
 */
class PageWithoutArticleTest {
    @Test
    void aTableOfContentsIsTheContentNotItsBreadcrumb() {
        StringBuilder entries = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            entries.append("<a href=\"/cgi-bin/cpquery/?sel=TOC_").append(i).append("\">TITLE ").append(i)
                    .append("--PROGRAMS OF THE DEPARTMENT, PART ").append(i).append("</a> <br/>\n");
        }
        String html = "<html><head><title>House Report 107-116</title></head><body><div id=\"container\">"
                + "<nav><a href=\"/\">Home</a> <a href=\"/help/\">Help</a></nav><div id=\"crumb_nav\"><div id=\"crumb\">"
                + "<a href=\"/\">The Library of Congress</a> <span>&gt;</span> <a href=\"/thomas/\">THOMAS Home</a>"
                + " <span>&gt;</span> <a href=\"/reports/\">Committee Reports</a> &gt; Search Results</div></div>"
                + "<div id=\"content\"><table><tr><td>THIS SEARCH</td><td>THIS DOCUMENT</td></tr><tr><td>Next Hit</td>"
                + "<td>Forward</td></tr></table><hr/><center><strong>House Report 107-116 - APPROPRIATIONS BILL, 2002"
                + "</strong></center><hr/><br/><b>Table of Contents</b><br/><br/>\n" + entries
                + "</div></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : ArticlePages.BOTH_PATHS) {
            String text = path.apply(html, ArticlePages.main()).text();
            assertThat(text).contains("House Report 107-116 - APPROPRIATIONS BILL, 2002\n\nTable of Contents\n\n"
                    + "TITLE 1--PROGRAMS OF THE DEPARTMENT, PART 1\n")
                    .endsWith("TITLE 30--PROGRAMS OF THE DEPARTMENT, PART 30")
                    .doesNotContain("Help"); // the navigation is still furniture
        }
    }
}
