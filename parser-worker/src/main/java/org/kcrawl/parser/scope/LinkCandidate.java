package org.kcrawl.parser.scope;

import java.net.URI;

/**
 * A normalized link being judged by the scope filters.
 *
 * @param url the normalized absolute URL
 * @param uri the same, parsed
 * @param depth the depth the link would be crawled at (source depth + 1)
 * @param source the page it was found on
 */
public record LinkCandidate(String url, URI uri, int depth, SourcePage source) {}
