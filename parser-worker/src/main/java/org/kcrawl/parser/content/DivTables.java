package org.kcrawl.parser.content;

/**
 * Tables written as divs, as Javadoc writes its summaries (a package's classes, a class's members): a div with two
 * or more children whose class names a table ({@code table}, or a name ending in {@code -table} or {@code _table}:
 * Javadoc's {@code summary-table}, rustdoc's {@code item-table}; not Joomla's {@code moduletable}). Each name cell
 * alone reads as a short link block, which the cleaning takes out, and the descriptions lose their names.
 *
 * <p>The cells are put back once the selection is chosen, not kept by the cleaning: the characters the cleaning
 * keeps decide which attempt wins, and counting the names there made the first attempt win on a part of a page (a
 * class-use page's package table) where a later attempt took the whole of it.
 */
final class DivTables {
    private DivTables() {}

    /** Puts back the cells the cleaning took out of the div tables that {@code s} keeps, but those named furniture. */
    static void restoreCells(ContentTree t, Selection s) {
        for (int i = 0; i < s.rootCount; i++) {
            int root = s.roots[i];
            for (int n = root; n <= t.lastDescendant[root]; n++) {
                if (s.removed[n]) {
                    n = t.lastDescendant[n];
                } else if (isDivTable(t, n)) {
                    for (int cell = n + 1; cell <= t.lastDescendant[n]; cell = t.lastDescendant[cell] + 1) {
                        if (s.removed[cell] && ClassWords.weight(t.judged[cell]) >= 0
                                && !MainContentSelector.furniture(t, cell)) {
                            s.removed[cell] = false;
                        }
                    }
                    n = t.lastDescendant[n];
                }
            }
        }
    }

    static boolean isDivTable(ContentTree t, int n) {
        return t.code[n] == ContentTags.DIV && t.children[n] >= 2 && namesTable(t.className[n]);
    }

    /** True when one of the space-separated class names is {@code table} or ends in {@code -table} or {@code _table}. */
    static boolean namesTable(String className) {
        if (className == null) {
            return false;
        }
        for (int at = className.indexOf("table"); at >= 0; at = className.indexOf("table", at + 5)) {
            int end = at + 5;
            char before = at == 0 ? ' ' : className.charAt(at - 1);
            if ((end == className.length() || Character.isWhitespace(className.charAt(end)))
                    && (Character.isWhitespace(before) || before == '-' || before == '_')) {
                return true;
            }
        }
        return false;
    }
}
