package org.kcrawl.parser.html;

/** How {@link HtmlTokenizer} reads the content of an element. */
enum TokenContent {
    /** Markup. */
    MARKUP,
    /** Text up to the element's end tag, references decoded ({@code title}, {@code textarea}). */
    ESCAPABLE_RAW,
    /** Data up to the element's end tag ({@code script}, {@code style}, ...). */
    RAW,
    /** Data as {@link #RAW}, handed to {@link TokenSink#data} (a JSON-LD script). */
    RAW_KEPT,
    /** Text to the end of the document ({@code plaintext}). */
    PLAINTEXT
}
