package org.kcrawl.parser.content;

import java.util.ArrayDeque;
import java.util.Deque;
import org.kcrawl.parser.content.meta.MetadataCollector;
import org.kcrawl.parser.content.meta.PageMetadata;

/**
 * Hands a {@link MetadataCollector} the facts of a page as its elements stream past (the collector's
 * contract): {@code <meta>} elements, JSON-LD scripts, {@code <time>} elements and microdata. A fact whose
 * value is its element's text ({@code <time>} without {@code datetime}, a microdata property without a
 * value attribute) is kept open until the element ends, its text capped at
 * {@link MetadataCollector#MAX_TEXT_CHARS}.
 */
final class MetadataFeed {
    private final String pageUrl;
    private String base;
    private MetadataCollector collector;
    private int depth;
    /** Open {@code itemscope} elements: their depth and {@code itemprop}. */
    private final Deque<Scope> scopes = new ArrayDeque<>();
    /** Open elements whose text is a fact's value. */
    private final Deque<Capture> captures = new ArrayDeque<>();

    MetadataFeed(String pageUrl) {
        this.pageUrl = pageUrl;
        this.base = pageUrl;
    }

    /** The page's {@code <base href>}, resolved: the URL its relative references resolve against. */
    void base(String resolved) {
        base = resolved;
    }

    void meta(ElementAttributes a) {
        String itemprop = a.get("itemprop");
        collector().meta(a.get("name"), a.get("property"), a.get("http-equiv"), a.get("content"));
        if (itemprop != null) {
            collector().itemProp(itemprop, scope(), a.get("content"));
        }
    }

    void jsonLd(char[] text, int from, int to) {
        collector().jsonLd(text, from, to);
    }

    /** An element of the body starts; {@code meta} elements come through {@link #meta} instead. */
    void start(String name, ReadAttributes a) {
        depth++;
        if (a.count == 0) {
            if (name.equals("time")) {
                captures.push(new Capture(depth, true, null, scope()));
            }
            return; // no microdata, no datetime: most elements end here
        }
        if (name.equals("meta")) {
            return;
        }
        String itemprop = a.itemprop;
        if (name.equals("time")) {
            if (a.datetime != null) {
                collector().time(a.datetime, itemprop, null);
            } else {
                captures.push(new Capture(depth, true, itemprop, scope()));
            }
        }
        if (a.itemscope) {
            collector().itemScope(a.itemtype, itemprop);
            scopes.push(new Scope(depth, itemprop));
        } else if (MetadataCollector.wantsItemProp(itemprop, scope())) {
            String value = a.content != null ? a.content : a.datetime != null ? a.datetime
                    : a.href != null ? a.href : a.src;
            if (value != null) {
                collector().itemProp(itemprop, scope(), value);
            } else {
                captures.push(new Capture(depth, false, itemprop, scope()));
            }
        }
    }

    void end() {
        while (!captures.isEmpty() && captures.peek().depth == depth) {
            Capture c = captures.pop();
            String text = Whitespace.collapse(c.text.toString());
            if (c.time) {
                collector().time(null, c.itemprop, text);
            } else {
                collector().itemProp(c.itemprop, c.scope, text);
            }
        }
        if (!scopes.isEmpty() && scopes.peek().depth == depth) {
            scopes.pop();
        }
        depth--;
    }

    void text(char[] text, int from, int to) {
        if (captures.isEmpty()) {
            return; // nearly always: and an iterator is an allocation a text node under the first-tier JIT
        }
        for (Capture c : captures) {
            int room = MetadataCollector.MAX_TEXT_CHARS - c.text.length();
            if (room > 0) {
                c.text.append(text, from, Math.min(to - from, room));
            }
        }
    }

    /** What the page stated; {@code title} is its {@code <title>}. */
    PageMetadata result(String title) {
        return collector == null ? PageMetadata.EMPTY : collector.result(title);
    }

    private MetadataCollector collector() {
        if (collector == null) {
            collector = new MetadataCollector(pageUrl, base);
        }
        return collector;
    }

    private String scope() {
        return scopes.isEmpty() ? null : scopes.peek().itemprop;
    }

    private record Scope(int depth, String itemprop) {}

    private static final class Capture {
        final int depth;
        final boolean time;
        final String itemprop;
        final String scope;
        final StringBuilder text = new StringBuilder();

        Capture(int depth, boolean time, String itemprop, String scope) {
            this.depth = depth;
            this.time = time;
            this.itemprop = itemprop;
            this.scope = scope;
        }
    }
}
