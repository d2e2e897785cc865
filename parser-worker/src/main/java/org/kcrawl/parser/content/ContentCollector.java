package org.kcrawl.parser.content;

import java.util.function.UnaryOperator;
import org.kcrawl.parser.content.meta.MetadataCollector;
import org.kcrawl.parser.content.meta.PageMetadata;

/**
 * Gathers one page's content while a page reader reads the page: its body's elements and text (into
 * this thread's {@link ContentTree}) and the facts of its metadata. The reader calls {@link #start},
 * {@link #end} and {@link #text} for the body, {@link #meta} for every {@code <meta>}, {@link #jsonLd}
 * for the text of every script {@link #wantsData} accepts, {@link #base} and {@link #title} when it
 * knows them; then the parser calls {@link #finish}. One page, one thread.
 */
public final class ContentCollector {
    private final ContentExtractor extractor;
    private final ContentTree tree;
    private final MetadataFeed metadata;
    private final ReadAttributes read = new ReadAttributes();
    private String title;

    ContentCollector(ContentExtractor extractor, ContentTree tree, String pageUrl, int documentChars) {
        this.extractor = extractor;
        this.tree = tree;
        this.metadata = new MetadataFeed(pageUrl);
        tree.reset(documentChars);
    }

    /** An element of the body starts: {@code name} in lower case. */
    public void start(String name, ElementAttributes attributes) {
        ReadAttributes read = this.read.read(attributes);
        metadata.start(name, read);
        tree.start(name, read);
    }

    /** The innermost open element of the body ends. */
    public void end() {
        metadata.end();
        tree.end();
    }

    /** Text of the body; {@code preserve} keeps its whitespace. */
    public void text(char[] text, int from, int to, boolean preserve) {
        metadata.text(text, from, to);
        tree.text(text, from, to, preserve);
    }

    /** A {@code <meta>} element, in the head or the body. */
    public void meta(ElementAttributes attributes) {
        metadata.meta(attributes);
    }

    /** True when the content of a {@code <script type=scriptType>} is wanted: JSON-LD. */
    public boolean wantsData(String scriptType) {
        return MetadataCollector.isJsonLd(scriptType);
    }

    /** The text of a script {@link #wantsData} accepted. */
    public void jsonLd(char[] text, int from, int to) {
        metadata.jsonLd(text, from, to);
    }

    /** The page's {@code <base href>}, resolved. */
    public void base(String resolved) {
        metadata.base(resolved);
    }

    /** The page's title, as its record carries it. */
    public void title(String pageTitle) {
        this.title = pageTitle;
    }

    /**
     * The page's content. {@code resolver} maps a link or image reference as written to the absolute URL
     * the Markdown shows, or null to leave the reference out.
     */
    public PageContent finish(String baseUri, UnaryOperator<String> resolver) {
        metadata.base(baseUri);
        PageMetadata stated = metadata.result(title);
        tree.finish();
        return extractor.content(tree, stated, resolver, title);
    }
}
