package org.kcrawl.parser.content.pdf;

import java.util.Locale;

/** Why a PDF's text is absent or incomplete, as the record's {@code text_error} names it. */
public enum PdfTextError {
    /** Opening it needs a password (a PDF with only an owner password is read). */
    ENCRYPTED,
    /** Not a PDF that could be read: broken structure, or content that failed to parse. */
    DAMAGED,
    /** Cut short: by the fetcher's body cap, or it lacks its end-of-file marker. */
    TRUNCATED,
    /** Larger than the parser's size cap; not read. */
    TOO_LARGE,
    /** The time budget ran out; the text of the pages read before is kept. */
    TIME_BUDGET,
    /** No text layer: scanned images or empty pages. */
    NO_TEXT;

    /** The name in a record: lower case ({@code too_large}). */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
