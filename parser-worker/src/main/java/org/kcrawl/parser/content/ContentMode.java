package org.kcrawl.parser.content;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which text a record carries: the main content, all visible text, or none. */
public enum ContentMode {
    /** The page's main content, boilerplate removed (the default). */
    MAIN,
    /** All visible text of the body. */
    FULL,
    /** No text, no hashes, no metadata: records as they were before content extraction. */
    NONE;

    /** The name in a configuration file and on the command line: lower case. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code value} (any case); refuses another value with the choices. */
    public static ContentMode parse(String value) {
        for (ContentMode mode : values()) {
            if (mode.wireName().equalsIgnoreCase(value == null ? "" : value.strip())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("content must be one of "
                + Arrays.stream(values()).map(ContentMode::wireName).collect(Collectors.joining(", "))
                + ", not '" + value + "'");
    }
}
