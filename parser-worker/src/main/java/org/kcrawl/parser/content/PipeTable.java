package org.kcrawl.parser.content;

import java.util.ArrayList;
import java.util.List;

/** A table's rows as the lines of a Markdown pipe table: the first row is the header, rows padded to the widest. */
final class PipeTable {
    private PipeTable() {}

    static List<String> lines(List<List<String>> rows) {
        List<String> lines = new ArrayList<>();
        if (rows.stream().flatMap(List::stream).allMatch(String::isBlank)) {
            return lines; // a table of empty cells (a layout's spacer) has nothing to show
        }
        int columns = rows.stream().mapToInt(List::size).max().orElse(1);
        lines.add(row(rows.get(0), columns));
        lines.add("|" + " --- |".repeat(columns));
        for (int r = 1; r < rows.size(); r++) {
            lines.add(row(rows.get(r), columns));
        }
        return lines;
    }

    private static String row(List<String> cells, int columns) {
        StringBuilder line = new StringBuilder("|");
        for (int i = 0; i < columns; i++) {
            line.append(' ').append(i < cells.size() ? cells.get(i) : "").append(" |");
        }
        return line.toString();
    }
}
