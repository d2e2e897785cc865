package org.kcrawl.parser.html;

import java.nio.charset.Charset;
import java.util.Locale;

/**
 * The character set chosen to decode a body and where the choice came from.
 *
 * @param charset the character set
 * @param source what decided it
 * @param bomLength bytes of byte-order mark to skip before decoding (0 when there is none)
 */
public record DetectedCharset(Charset charset, Source source, int bomLength) {

    /** Where a character set was found, in the order they are consulted. */
    public enum Source {
        /** A byte-order mark at the start of the body; it overrides everything else. */
        BOM,
        /** The {@code charset} parameter of the Content-Type header. */
        HEADER,
        /** A {@code <meta charset>} or {@code <meta http-equiv=content-type>} near the start. */
        META,
        /** The encoding of an {@code <?xml ...?>} declaration (XHTML). */
        XML_DECLARATION,
        /** Nothing was declared and the bytes are valid UTF-8. */
        SNIFFED_UTF8,
        /** Nothing was declared and the bytes are not UTF-8: the configured fallback. */
        FALLBACK;

        /** Lower-case name for logs and metrics. */
        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public DetectedCharset {
        if (charset == null) {
            throw new IllegalArgumentException("charset must not be null");
        }
        if (source == null) {
            throw new IllegalArgumentException("source must not be null");
        }
        if (bomLength < 0 || bomLength > 3) {
            throw new IllegalArgumentException("bomLength must be 0-3 but was " + bomLength);
        }
    }
}
