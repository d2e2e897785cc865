package org.kcrawl.parser.html;

import java.net.URI;
import java.util.function.UnaryOperator;
import org.kcrawl.parser.content.ContentCollector;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.content.PageContent;

/** A page's content as the parser's digest path gives it, for tests and the evaluation: no fetch, no record. */
public final class DigestContent {
    private DigestContent() {}

    /** The content of {@code html} read as the page at {@code url} (may be null). */
    public static PageContent of(String html, String url, ContentExtractor extractor) {
        char[] chars = html.toCharArray();
        String location = url == null ? "http://localhost/" : url;
        ContentCollector collector = extractor.collector(location, chars.length);
        PageDigest digest = PageDigest.of(chars, chars.length, location, () -> false, collector);
        return collector == null ? PageContent.NONE : collector.finish(digest.baseUri(), resolver(digest.baseUri()));
    }

    /** References resolved against {@code base} as written; null where they do not parse. */
    public static UnaryOperator<String> resolver(String base) {
        return ref -> {
            try {
                return URI.create(base).resolve(ref.replace(" ", "%20")).toString();
            } catch (IllegalArgumentException e) {
                return null;
            }
        };
    }
}
