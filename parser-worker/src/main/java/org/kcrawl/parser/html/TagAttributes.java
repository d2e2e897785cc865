package org.kcrawl.parser.html;

import org.kcrawl.parser.content.ElementAttributes;

import java.util.Arrays;

/**
 * The attributes of the start tag {@link HtmlTokenizer} is reading: names lower-cased, the first of
 * duplicate names kept (as browsers and jsoup do), each value read from the document, its character
 * references decoded, only when asked for, and once: the digest and content extraction both read an
 * element's {@code href} or {@code src}. Reused from tag to tag of one document.
 */
final class TagAttributes {
    /** Values longer than this are made afresh each time: a class list is shorter, a style or a sentence is not. */
    private static final int REPEATED_MAX_CHARS = 96;
    private static final int REPEATED_SLOTS = 256;
    private final char[] document;
    private final StringBuilder scratch = new StringBuilder();
    private String[] names = new String[8];
    /** Per attribute: where its value starts and ends in the document, and its quote ({@code >} unquoted). */
    private int[] from = new int[8];
    private int[] to = new int[8];
    private char[] quotes = new char[8];
    /** Values already read, by attribute. */
    private String[] values = new String[8];
    private int size;
    /**
     * Short values this document has already made into strings, by a hash of their characters, and where
     * each was read: a page repeats its class names on element after element, and content extraction
     * reads every one. Made on the first such value.
     */
    private String[] repeated;
    private int[] repeatedAt;
    private final ElementAttributes view = new ElementAttributes() {
        @Override
        public String get(String name) {
            int i = indexOf(name);
            return i < 0 ? null : value(i);
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public String nameAt(int i) {
            return names[i];
        }

        @Override
        public String valueAt(int i) {
            return value(i);
        }
    };

    TagAttributes(char[] document) {
        this.document = document;
    }

    void clear() {
        Arrays.fill(names, 0, size, null);
        size = 0; // values are reset one by one as attributes are added: no second fill a tag
    }

    /** Adds {@code name} with the value at {@code document[valueFrom, valueTo)}, unless {@code name} is already there. */
    void add(String name, int valueFrom, int valueTo, char quote) {
        if (indexOf(name) >= 0) {
            return;
        }
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            from = Arrays.copyOf(from, size * 2);
            to = Arrays.copyOf(to, size * 2);
            quotes = Arrays.copyOf(quotes, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        from[size] = valueFrom;
        to[size] = valueTo;
        quotes[size] = quote;
        values[size] = null;
        size++;
    }

    /** These attributes as content extraction reads them: null when absent. Valid while the tag is. */
    ElementAttributes view() {
        return view;
    }

    /** True when the tag has {@code name} (lower case). */
    boolean has(String name) {
        return indexOf(name) >= 0;
    }

    /** The value of {@code name} (lower case), or the empty string when absent, as jsoup's {@code attr}. */
    String get(String name) {
        int i = indexOf(name);
        return i < 0 ? "" : value(i);
    }

    private String value(int i) {
        String v = values[i];
        if (v == null) {
            v = values[i] = read(i);
        }
        return v;
    }

    private String read(int i) {
        int start = from[i];
        int end = to[i];
        if (start == end) {
            return "";
        }
        for (int c = start; c < end; c++) {
            if (document[c] == '&') {
                scratch.setLength(0);
                CharRefs.decode(document, start, end, true, quotes[i], scratch);
                return scratch.toString();
            }
        }
        // Links and images are read in every mode and seldom repeat: their values are made as they are.
        String name = names[i];
        if (end - start > REPEATED_MAX_CHARS || name == "href" || name == "src") {
            return new String(document, start, end - start);
        }
        return repeated(start, end);
    }

    private String repeated(int start, int end) {
        if (repeated == null) {
            repeated = new String[REPEATED_SLOTS];
            repeatedAt = new int[REPEATED_SLOTS];
        }
        int hash = 0;
        for (int c = start; c < end; c++) {
            hash = 31 * hash + document[c];
        }
        int slot = (hash ^ hash >>> 11) & (REPEATED_SLOTS - 1);
        String known = repeated[slot];
        if (known != null && known.length() == end - start) {
            int at = repeatedAt[slot] - start;
            int c = start;
            while (c < end && document[c] == document[at + c]) {
                c++;
            }
            if (c == end) {
                return known;
            }
        }
        String value = new String(document, start, end - start);
        repeated[slot] = value;
        repeatedAt[slot] = start;
        return value;
    }

    private int indexOf(String name) {
        for (int i = 0; i < size; i++) {
            // Known names are the same instance (KnownNames); equals covers the rest.
            if (names[i] == name || names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
