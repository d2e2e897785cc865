package org.kcrawl.parser.html;

import java.util.concurrent.ConcurrentHashMap;
import org.jsoup.parser.Parser;
import org.jsoup.parser.Tag;
import org.jsoup.parser.TagSet;

/**
 * What jsoup knows about an HTML element name: block or inline, void, data or escapable raw
 * content, whitespace-preserving. Read from jsoup's own tag set, so the fast reader
 * ({@link PageDigest}) lays text out exactly as jsoup's {@code text()} does. Unknown names are
 * inline with markup content, as in jsoup. Thread-safe.
 */
final class HtmlTags {
    static final int BLOCK = 1;
    static final int VOID = 1 << 1;
    static final int DATA = 1 << 2;
    static final int ESCAPABLE_RAW = 1 << 3;
    static final int PRESERVE_WHITESPACE = 1 << 4;
    // Which element it is, for the decisions the fast reader makes on every start tag: a bit each, read from
    // the flags it looks up anyway, instead of string comparisons (not intrinsic in C1-compiled code).
    /** {@code p}. */
    static final int PARAGRAPH = 1 << 5;
    /** An element whose start closes an open {@code p} (HTML's "close a p element" list). */
    static final int CLOSES_PARAGRAPH = 1 << 6;
    /** {@code li}, {@code dd}, {@code dt}, {@code option}, {@code optgroup}: their start closes a sibling. */
    static final int CLOSES_SIBLING = 1 << 7;
    /** {@code h1} to {@code h6}. */
    static final int HEADING = 1 << 8;
    /** {@code pre}, {@code listing}, {@code textarea}: a newline right after the start tag is dropped. */
    static final int LEADING_NEWLINE_IGNORED = 1 << 9;
    /** {@code svg} and {@code math}: foreign content begins. */
    static final int FOREIGN_ROOT = 1 << 10;

    /** jsoup's tag set copies known tags into itself on first use, so it is read under a lock. */
    private static final TagSet JSOUP = TagSet.Html();
    /** Known tags only: the names on the web are unbounded, the known ones a few hundred. */
    private static final ConcurrentHashMap<String, Integer> KNOWN = new ConcurrentHashMap<>();

    private HtmlTags() {}

    /** The flags of the element {@code name} (lower case). */
    static int of(String name) {
        Integer known = KNOWN.get(name);
        if (known != null) {
            return known;
        }
        Tag tag;
        synchronized (JSOUP) {
            tag = JSOUP.get(name, Parser.NamespaceHtml);
        }
        if (tag == null) {
            return identity(name);
        }
        int flags = (tag.isBlock() ? BLOCK : 0)
                | (tag.is(Tag.Void) ? VOID : 0)
                | (tag.is(Tag.Data) ? DATA : 0)
                | (tag.is(Tag.RcData) ? ESCAPABLE_RAW : 0)
                | (tag.preserveWhitespace() ? PRESERVE_WHITESPACE : 0)
                | identity(name);
        KNOWN.put(name, flags);
        return flags;
    }

    /** The bits that say which element {@code name} is. */
    private static int identity(String name) {
        return switch (name) {
            case "p" -> PARAGRAPH | CLOSES_PARAGRAPH;
            case "h1", "h2", "h3", "h4", "h5", "h6" -> HEADING | CLOSES_PARAGRAPH;
            case "pre", "listing" -> LEADING_NEWLINE_IGNORED | CLOSES_PARAGRAPH;
            case "textarea" -> LEADING_NEWLINE_IGNORED;
            case "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl",
                 "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol",
                 "section", "summary", "ul", "form", "table", "hr", "xmp" -> CLOSES_PARAGRAPH;
            case "li", "dd", "dt", "option", "optgroup" -> CLOSES_SIBLING;
            case "svg", "math" -> FOREIGN_ROOT;
            default -> 0;
        };
    }

    static boolean is(int flags, int flag) {
        return (flags & flag) != 0;
    }
}
