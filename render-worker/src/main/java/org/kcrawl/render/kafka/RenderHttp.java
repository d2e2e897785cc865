package org.kcrawl.render.kafka;

import java.util.ArrayList;
import java.util.List;
import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.fetcher.crawl.FetcherConfig;

/** The render worker's HTTP client settings: the fetcher's, reading the bodies of what pages load besides HTML. */
final class RenderHttp {
    /**
     * Media types whose bodies a page's scripts and requests need: scripts, JSON and text data, XML,
     * stylesheets and SVG (the other types a page may be allowed to load keep the client's default:
     * status and headers only).
     */
    static final List<String> PAGE_BODY_TYPES = List.of("application/javascript", "text/javascript",
            "application/x-javascript", "application/ecmascript", "text/ecmascript", "application/json",
            "text/json", "application/ld+json", "text/plain", "text/css", "image/svg+xml", "text/csv");

    private RenderHttp() {}

    /** The client settings for {@code config}. */
    static HttpClientSettings of(FetcherConfig config) {
        HttpClientSettings base = config.httpClient();
        List<String> types = new ArrayList<>(base.fullBodyContentTypes());
        for (String t : PAGE_BODY_TYPES) {
            if (!types.contains(t)) {
                types.add(t);
            }
        }
        return base.toBuilder().fullBodyContentTypes(types).build();
    }
}
