package org.kcrawl.common.scope;

import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

/**
 * The page a link was found on, as the scope filters need it.
 *
 * @param url the page's final URL
 * @param parsed the same, split into its parts
 * @param depth the page's depth; its links are one deeper
 */
public record SourcePage(String url, HttpUrl parsed, int depth) {

    public SourcePage {
        if (url == null || parsed == null) {
            throw new IllegalArgumentException("url and parsed must not be null");
        }
        if (depth < 0) {
            throw new IllegalArgumentException("depth must be >= 0 but was " + depth);
        }
    }

    /** The source page at {@code url} (an absolute http(s) URL with a host) and {@code depth}. */
    public static SourcePage of(String url, int depth) {
        try {
            return new SourcePage(url, HttpUrl.parse(url), depth);
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("not a valid URL: " + url + " (" + e.getMessage() + ")", e);
        }
    }
}
