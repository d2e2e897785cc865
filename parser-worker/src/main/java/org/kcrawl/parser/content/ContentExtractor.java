package org.kcrawl.parser.content;

import java.util.function.UnaryOperator;
import org.jsoup.nodes.Document;
import org.kcrawl.parser.content.hash.ContentHashes;
import org.kcrawl.parser.content.meta.PageMetadata;

/**
 * A page's content as its record carries it: the main text ({@link MainContentSelector}) or all visible
 * text, as plain text and, when asked, Markdown, with its duplicate hashes and the metadata the page
 * states. Pages read by the parser's digest hand their parts over through a {@link ContentCollector};
 * pages parsed into a jsoup document (for extraction rules) are walked by {@link DocumentEvents} into the
 * same collector, so both paths give the same content.
 *
 * <p>Each parse thread keeps one tree and one set of writers, reused page after page (a page costs its
 * text, not its allocation). Thread-safe.
 */
public final class ContentExtractor {
    /**
     * Elements and characters a thread's tree and writers keep between pages; a larger page's arrays go
     * with it. Sized for ordinary pages (a 30 KB page has about a thousand elements and ten thousand
     * characters of text): what a parse thread keeps stays in the old generation of a small heap, where
     * every megabyte kept brings the next full collection nearer.
     */
    private static final int KEPT_NODES = 8 * 1024;
    static final int KEPT_CHARS = 128 * 1024;

    private final ContentOptions options;
    private final ThreadLocal<Workspace> workspace = ThreadLocal.withInitial(Workspace::new);

    public ContentExtractor(ContentOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        this.options = options;
    }

    public ContentOptions options() {
        return options;
    }

    /**
     * A collector for one page of {@code documentChars} characters (0 when not known) read by the digest, on
     * this thread; null when the mode is {@code none}.
     */
    public ContentCollector collector(String pageUrl, int documentChars) {
        if (options.mode() == ContentMode.NONE) {
            return null;
        }
        return new ContentCollector(this, workspace.get().tree, pageUrl, documentChars);
    }

    /** The content of a page parsed into {@code doc} (the extraction rules' path). */
    public PageContent extract(Document doc, String pageUrl, UnaryOperator<String> resolver) {
        ContentCollector collector = collector(pageUrl, 0);
        if (collector == null) {
            return PageContent.NONE;
        }
        DocumentEvents.walk(doc, collector);
        collector.title(doc.title());
        return collector.finish(doc.baseUri(), resolver);
    }

    /** The content of a finished tree of a page titled {@code title}, with the metadata the page stated. */
    PageContent content(ContentTree tree, PageMetadata metadata, UnaryOperator<String> resolver, String title) {
        Workspace w = workspace.get();
        try {
            Selection selection;
            if (options.mode() == ContentMode.MAIN) {
                selection = w.selector.select(tree);
            } else {
                selection = w.all;
                MainContentSelector.selectAll(tree, selection);
            }
            String text = w.text.write(tree, selection, options.maxTextChars());
            boolean truncated = w.text.truncated();
            String markdown = null;
            if (options.markdown()) {
                markdown = w.markdown.write(tree, selection, options.maxTextChars(), resolver, title);
                truncated |= w.markdown.truncated();
            }
            if (text.isEmpty()) {
                return new PageContent(null, false, markdown == null || markdown.isEmpty() ? null : markdown,
                        null, null, metadata);
            }
            ContentHashes hashes = ContentHashes.of(text);
            return new PageContent(text, truncated, markdown, hashes == null ? null : hashes.textHash(),
                    hashes == null ? null : hashes.simhash(), metadata);
        } finally {
            tree.shrink(KEPT_NODES, KEPT_CHARS);
        }
    }

    /** A thread's reusable parts. */
    private static final class Workspace {
        final ContentTree tree = new ContentTree();
        final MainContentSelector selector = new MainContentSelector();
        final Selection all = new Selection();
        final PlainTextWriter text = new PlainTextWriter();
        final MarkdownWriter markdown = new MarkdownWriter();
    }
}
