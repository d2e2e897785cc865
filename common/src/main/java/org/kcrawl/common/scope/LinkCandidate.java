package org.kcrawl.common.scope;

import org.kcrawl.common.url.HttpUrl;

/**
 * A normalized link being judged by the scope filters.
 *
 * @param url the normalized absolute URL
 * @param parsed the same, split into its parts
 * @param depth the depth the link would be crawled at (source depth + 1)
 * @param source the page it was found on
 */
public record LinkCandidate(String url, HttpUrl parsed, int depth, SourcePage source) {}
