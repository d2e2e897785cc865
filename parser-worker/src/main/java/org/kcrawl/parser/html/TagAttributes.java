package org.kcrawl.parser.html;

import java.util.Arrays;

/**
 * The attributes of the start tag {@link HtmlTokenizer} is reading: names lower-cased, values with
 * character references decoded, the first of duplicate names kept (as browsers and jsoup do).
 * Reused from tag to tag, so reading a tag allocates only the strings of its names and values.
 */
final class TagAttributes {
    private String[] names = new String[8];
    private String[] values = new String[8];
    private int size;

    void clear() {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
    }

    /** Adds {@code name=value} unless {@code name} is already there. */
    void add(String name, String value) {
        if (indexOf(name) >= 0) {
            return;
        }
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size] = value;
        size++;
    }

    /** True when the tag has {@code name} (lower case). */
    boolean has(String name) {
        return indexOf(name) >= 0;
    }

    /** The value of {@code name} (lower case), or the empty string when absent, as jsoup's {@code attr}. */
    String get(String name) {
        int i = indexOf(name);
        return i < 0 ? "" : values[i];
    }

    private int indexOf(String name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
