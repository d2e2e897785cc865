package org.kcrawl.parser.bench;

import java.time.Instant;
import java.util.Map;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;

/**
 * One page of the benchmark corpus: what a server sent for a URL.
 *
 * @param name a short label for reports
 * @param url the page's URL
 * @param contentType the Content-Type header
 * @param body the bytes as served
 */
public record CorpusPage(String name, String url, String contentType, byte[] body) {
    /** The fetch time every corpus page carries. */
    public static final Instant FETCHED_AT = Instant.parse("2025-03-04T05:06:07Z");

    public CorpusPage {
        if (name == null || url == null || contentType == null || body == null) {
            throw new IllegalArgumentException("name, url, contentType and body must not be null");
        }
    }

    /** The page as the fetcher publishes it: a 200 at depth 1. */
    public FetchedPage fetched() {
        return new FetchedPage(SchemaVersions.CURRENT, url, url, 200,
                Map.of("content-type", contentType, "server", "nginx", "cache-control", "max-age=600"),
                contentType, body, FETCHED_AT, 87, 1, false, null);
    }
}
