package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.BOTH_PATHS;
import static org.kcrawl.parser.content.ArticlePages.P1;
import static org.kcrawl.parser.content.ArticlePages.P2;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Which tables in the content are data, kept whole, and which are cleaned like any block (Readability's test):
 * header cells, a caption, a head, a foot or declared columns make data; a table that holds a table lays a page
 * out; else ten rows, more than four columns, or more than ten cells.
 */
class DataTableTest {

    /** A reference table as Sphinx writes it: a name linked in one cell, what it does in the other, five rows. */
    private static String methods(String head) {
        StringBuilder t = new StringBuilder("<table class=\"docutils\">").append(head).append("<tbody>");
        String[][] rows = {{"close", "Close it."}, {"is_closing", "Closing?"}, {"get_extra_info", "Its details."},
            {"set_protocol", "Set one."}, {"get_protocol", "Its protocol."}};
        for (String[] r : rows) {
            t.append("<tr><td><p><a href=\"/api#").append(r[0]).append("\"><code>transport.").append(r[0])
                    .append("()</code></a></p></td><td><p>").append(r[1]).append("</p></td></tr>");
        }
        return t.append("</tbody></table>").toString();
    }

    private static String article(String table) {
        return "<html><body><div class=\"nav\"><a href=/>Home</a></div><div class=\"body\"><h1>Transports</h1>"
                + "<p>" + P1 + "</p><p>All transports implement the following methods:</p>" + table + "<p>" + P2
                + "</p></div></body></html>";
    }

    @Test
    void aTableWhoseColumnsAreDeclaredIsKeptThoughMostlyLinks() {
        String declared = article(methods("<colgroup><col style=\"width: 50%\"><col style=\"width: 50%\"></colgroup>"));
        String headed = article(methods("<thead><tr><td>Method</td><td>What it does</td></tr></thead>"));
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            for (String html : new String[] {declared, headed}) {
                assertThat(path.apply(html, ArticlePages.main()).text()).contains(P1, P2, "transport.close()",
                        "Close it.", "transport.get_protocol()", "Its protocol.");
            }
        }
    }

    @Test
    void widerOrLargerTablesAreData() {
        StringBuilder wide = new StringBuilder("<table>");
        StringBuilder twelveCells = new StringBuilder("<table>");
        for (int r = 0; r < 3; r++) {
            wide.append("<tr>");
            for (int c = 0; c < 5; c++) {
                wide.append("<td><a href=\"/q").append(r).append(c).append("\">Q").append(c + 1).append(" 202").append(r)
                        .append("</a></td>");
            }
            wide.append("</tr>");
        }
        for (int r = 0; r < 4; r++) {
            twelveCells.append("<tr><td><a href=\"/m").append(r).append("\">Match ").append(r).append("</a></td><td>")
                    .append(r).append(" - ").append(3 - r).append("</td><td><a href=\"/v").append(r).append("\">Venue ")
                    .append(r).append("</a></td></tr>");
        }
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(article(wide + "</table>"), ArticlePages.main()).text()).contains("Q5 2022");
            assertThat(path.apply(article(twelveCells + "</table>"), ArticlePages.main()).text()).contains("Venue 3");
        }
    }

    @Test
    void aTableOfTablesIsLayoutHoweverManyRows() {
        StringBuilder menu = new StringBuilder("<table>");
        for (int i = 0; i < 12; i++) {
            menu.append("<tr><td><a href=\"/s").append(i).append("\">Section ").append(i).append("</a></td></tr>");
        }
        menu.append("<tr><td><table><tr><td><a href=/more>More sections</a></td></tr></table></td></tr></table>");
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(article(menu.toString()), ArticlePages.main()).text()).contains(P1, P2)
                    .doesNotContain("Section 3", "More sections");
        }
    }
}
