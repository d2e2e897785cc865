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
            return 0;
        }
        int flags = (tag.isBlock() ? BLOCK : 0)
                | (tag.is(Tag.Void) ? VOID : 0)
                | (tag.is(Tag.Data) ? DATA : 0)
                | (tag.is(Tag.RcData) ? ESCAPABLE_RAW : 0)
                | (tag.preserveWhitespace() ? PRESERVE_WHITESPACE : 0);
        KNOWN.put(name, flags);
        return flags;
    }

    static boolean is(int flags, int flag) {
        return (flags & flag) != 0;
    }
}
