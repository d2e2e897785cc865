package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * A table written as divs, as Javadoc writes its summaries (a package's classes, a class's methods): each name
 * cell alone is a short link block, which the cleaning takes out, and the descriptions lost their names. The
 * cells of a div whose class names a table are put back in the chosen selection.
 */
class DivTablesTest {
    private static final String[][] CLASSES = {
        {"AbstractCollection", "This class provides a skeletal implementation of the Collection interface, to minimize"
                + " the effort required to implement this interface."},
        {"AbstractList", "This class provides a skeletal implementation of the List interface to minimize the effort"
                + " required to implement this interface backed by a random access data store, such as an array."},
        {"ArrayDeque", "Resizable-array implementation of the Deque interface, with no capacity restrictions, grown as"
                + " necessary to support usage."},
        {"ArrayList", "Resizable-array implementation of the List interface, which implements all optional list"
                + " operations, and permits all elements, including null."}};

    @Test
    void aPackagesSummaryKeepsTheNamesOfItsClasses() {
        StringBuilder grid = new StringBuilder("<div class=\"summary-table two-column-summary\">"
                + "<div class=\"table-header col-first\">Class</div><div class=\"table-header col-last\">Description</div>");
        for (String[] c : CLASSES) {
            grid.append("<div class=\"col-first even-row-color\"><a href=\"").append(c[0]).append(".html\">").append(c[0])
                    .append("</a></div><div class=\"col-last even-row-color\"><div class=\"block\">").append(c[1])
                    .append("</div></div>");
        }
        String html = "<html><body><nav><ul><li><a href=\"/overview.html\">Overview</a></li><li><a href=\"/help.html\">"
                + "Help</a></li></ul></nav><main role=\"main\"><h1>Package java.util</h1><section class=\"summary\">"
                + grid + "</div></section></main></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : ArticlePages.BOTH_PATHS) {
            String text = path.apply(html, ArticlePages.main()).text();
            for (String[] c : CLASSES) {
                assertThat(text).contains(c[0] + "\n\n" + c[1]);
            }
            assertThat(text).doesNotContain("Overview");
        }
    }

    @Test
    void aClassNamesATableWhenOneOfItsNamesIsTableOrEndsSo() {
        assertThat(DivTables.namesTable("summary-table two-column-summary")).isTrue();
        assertThat(DivTables.namesTable("item-table")).isTrue();
        assertThat(DivTables.namesTable("table")).isTrue();
        assertThat(DivTables.namesTable("data_table wide")).isTrue();
        assertThat(DivTables.namesTable("moduletable")).as("Joomla's module box").isFalse();
        assertThat(DivTables.namesTable("table-responsive")).isFalse();
        assertThat(DivTables.namesTable("timetables")).isFalse();
        assertThat(DivTables.namesTable(null)).isFalse();
    }
}
