package org.kcrawl.http.client;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kcrawl.common.message.HtmlContent;

/**
 * Picks the response headers a crawl record keeps (see {@link HttpResult}), with lower-case names;
 * repeated fields are joined with ", " and every value is capped in length.
 */
final class SelectedHeaders {
    /**
     * The kept header names, lower case. {@code refresh} is planned as a redirect when it is one, and
     * travels with the page when it is not, so the parser lets it, not a meta refresh, stand for the
     * page's refresh (in a browser the header comes first).
     */
    static final List<String> NAMES = List.of("content-type", "content-length", "location", "retry-after",
            "last-modified", "etag", "x-robots-tag", "content-language", "server", "refresh");

    /** Longest value kept per header; longer ones are cut (a Location that long is useless anyway). */
    static final int MAX_VALUE_CHARS = 8192;

    private SelectedHeaders() {}

    /**
     * The kept headers of {@code headers}; content-length is the one the server announced before
     * decoding ({@code announcedLength}, -1 if none), since decompression rewrites it.
     */
    static Map<String, String> select(HttpHeaders headers, long announcedLength) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : NAMES) {
            if (name.equals("content-length")) {
                if (announcedLength >= 0) {
                    out.put(name, Long.toString(announcedLength));
                }
                continue;
            }
            List<String> values = headers.getAll(name);
            if (!values.isEmpty()) {
                String joined = values.size() == 1 ? values.get(0) : String.join(", ", values);
                out.put(name, joined.length() > MAX_VALUE_CHARS ? joined.substring(0, MAX_VALUE_CHARS) : joined);
            }
        }
        return out;
    }

    /** The media type of a Content-Type value, lower case without parameters, or null if absent or empty. */
    static String mediaType(String contentType) {
        return HtmlContent.mediaType(contentType);
    }
}
