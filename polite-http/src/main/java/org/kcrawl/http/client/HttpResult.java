package org.kcrawl.http.client;

import java.util.Map;
import org.kcrawl.common.message.Capture;

/**
 * A complete HTTP response, body possibly truncated at the size cap.
 *
 * @param url the requested URL
 * @param status the status code
 * @param headers selected response headers with lower-case names (content-type, content-length,
 *                location, retry-after, last-modified, etag, x-robots-tag, content-language, server,
 *                refresh)
 * @param contentType the Content-Type header, null if absent
 * @param body the decoded (decompressed) body bytes; empty when the content type is fetched as
 *             metadata only
 * @param truncated true when the body was cut at the size cap
 * @param durationMs from the start of the fetch (including connection set-up) to the last byte
 * @param remoteAddress the IP address that was actually dialed, as text
 * @param capture the heads as exchanged and the address, when the client captures heads; else null
 */
public record HttpResult(String url, int status, Map<String, String> headers, String contentType, byte[] body,
                         boolean truncated, long durationMs, String remoteAddress, Capture capture) {
    public HttpResult {
        headers = Map.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }

    /** A result without captured heads. */
    public HttpResult(String url, int status, Map<String, String> headers, String contentType, byte[] body,
                      boolean truncated, long durationMs, String remoteAddress) {
        this(url, status, headers, contentType, body, truncated, durationMs, remoteAddress, null);
    }

    /** The value of a selected header by lower-case name, or null. */
    public String header(String lowerCaseName) {
        return headers.get(lowerCaseName);
    }
}
