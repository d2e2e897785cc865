package org.kcrawl.parser.content;

/** The attributes of the element being read, as a page reader hands them over: valid during the call only. */
public interface ElementAttributes {
    /** The value of the attribute {@code name} (lower case), or null when the element has none. */
    String get(String name);

    /** True when the element has no attributes at all (most elements of a page): nothing to look up. */
    default boolean isEmpty() {
        return false;
    }
}
