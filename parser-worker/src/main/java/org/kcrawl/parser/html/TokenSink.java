package org.kcrawl.parser.html;

/** What {@link HtmlTokenizer} tells of a document, in document order. */
interface TokenSink {
    /** A start tag; {@code attributes} are valid only during the call. */
    void startTag(String name, TagAttributes attributes, boolean selfClosing);

    /** An end tag. */
    void endTag(String name);

    /** Decoded text: {@code text[from, to)}, valid only during the call; {@code cdata} for a CDATA section. */
    void text(char[] text, int from, int to, boolean cdata);

    /** A comment or doctype: a node that is neither text nor an element. */
    void other();

    /** The data of an element read as {@link TokenContent#RAW_KEPT}: {@code text[from, to)}, valid only during the call. */
    default void data(char[] text, int from, int to) {
    }

    /** How the content after the start tag {@code name} is read (the sink knows whether it is HTML content). */
    TokenContent contentAfter(String name);
}
