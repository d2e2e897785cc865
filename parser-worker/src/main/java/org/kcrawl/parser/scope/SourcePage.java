package org.kcrawl.parser.scope;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The page a link was found on, as the scope filters need it.
 *
 * @param url the page's final URL
 * @param uri the same, parsed
 * @param depth the page's depth; its links are one deeper
 */
public record SourcePage(String url, URI uri, int depth) {

    public SourcePage {
        if (url == null || uri == null) {
            throw new IllegalArgumentException("url and uri must not be null");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("url has no host: " + url);
        }
        if (depth < 0) {
            throw new IllegalArgumentException("depth must be >= 0 but was " + depth);
        }
    }

    /** The source page at {@code url} (an absolute http(s) URL with a host) and {@code depth}. */
    public static SourcePage of(String url, int depth) {
        try {
            return new SourcePage(url, new URI(url), depth);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URL: " + url, e);
        }
    }
}
