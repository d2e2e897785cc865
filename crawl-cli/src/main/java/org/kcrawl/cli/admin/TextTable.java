package org.kcrawl.cli.admin;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with a header row: columns padded to their widest cell, numbers right-aligned. */
final class TextTable {
    private final List<String> headers;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    /** Columns named {@code headers}; a header starting with {@code >} marks a right-aligned column. */
    TextTable(String... headers) {
        if (headers.length == 0) {
            throw new IllegalArgumentException("headers must name at least one column");
        }
        this.headers = new ArrayList<>();
        this.rightAligned = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            rightAligned[i] = headers[i].startsWith(">");
            this.headers.add(rightAligned[i] ? headers[i].substring(1) : headers[i]);
        }
    }

    /** Adds a row with one cell per column. */
    TextTable row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("cells must have " + headers.size() + " values but had " + cells.length);
        }
        List<String> row = new ArrayList<>();
        for (Object cell : cells) {
            row.add(String.valueOf(cell));
        }
        rows.add(row);
        return this;
    }

    /** The table, one line per row, each ending with a newline, without trailing spaces. */
    String render() {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, widths);
        rows.forEach(row -> line(out, row, widths));
        return out.toString();
    }

    private void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            if (c > 0) {
                line.append("  ");
            }
            line.append(rightAligned[c] ? pad + cell : cell + pad);
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }
}
