package org.kcrawl.parser.content;

/** The attributes of the element being read, as a page reader hands them over: valid during the call only. */
public interface ElementAttributes {
    /** No attributes: those of an element the markup implies (a stray {@code </p>}). */
    ElementAttributes NONE = new ElementAttributes() {
        @Override
        public String get(String name) {
            return null;
        }

        @Override
        public int size() {
            return 0;
        }

        @Override
        public String nameAt(int i) {
            throw new IndexOutOfBoundsException(i);
        }

        @Override
        public String valueAt(int i) {
            throw new IndexOutOfBoundsException(i);
        }
    };

    /** The value of the attribute {@code name} (lower case), or null when the element has none. */
    String get(String name);

    /** How many attributes the element has. */
    int size();

    /** The name of the {@code i}th attribute, lower case. */
    String nameAt(int i);

    /** The value of the {@code i}th attribute (the empty string when it has none). */
    String valueAt(int i);

    /** True when the element has no attributes at all (most elements of a page): nothing to look up. */
    default boolean isEmpty() {
        return size() == 0;
    }
}
