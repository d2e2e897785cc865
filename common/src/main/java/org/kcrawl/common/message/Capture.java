package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.Objects;
import org.kcrawl.common.Checks;

/**
 * The HTTP exchange of a fetch as it went over the wire, for archiving (WARC): the request head as
 * sent and the response head as received, each a request or status line and its header lines up to
 * and including the empty line, every byte as one ISO-8859-1 character (HTTP heads are bytes, not
 * text), and the address dialed. Only fetchers that capture heads ({@code capture_heads}) write it.
 *
 * @param request the request head as sent, never longer than {@link #MAX_HEAD_CHARS}
 * @param response the response head as received, the final one (interim 1xx heads are left out),
 *                 never longer than {@link #MAX_HEAD_CHARS}
 * @param ip the IP address the request went to, null when unknown
 * @param sourceBody the response body as received, when the page's body is not it: a rendered page carries
 *                   the DOM its browser built, so the bytes the server sent come here (base64 in JSON: rendered
 *                   pages are few and slow, so the cost does not matter). Null for a fetched page, whose body
 *                   is the bytes received, and then not written
 * @param sourceTruncated true when {@code sourceBody} was cut at the size cap. Written only when true
 */
public record Capture(
        @JsonProperty("request") String request,
        @JsonProperty("response") String response,
        @JsonProperty("ip") String ip,
        @JsonProperty("source_body") @JsonInclude(JsonInclude.Include.NON_NULL) byte[] sourceBody,
        @JsonProperty("source_truncated") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean sourceTruncated) {

    /** The longest head kept: a fetcher refuses response heads larger than its header cap, which is smaller. */
    public static final int MAX_HEAD_CHARS = 256 * 1024;

    public Capture {
        head(request, "capture.request");
        head(response, "capture.response");
        if (sourceTruncated && sourceBody == null) {
            throw new IllegalArgumentException("capture.source_truncated is set without a capture.source_body");
        }
    }

    /** The heads of a fetched page, whose body is the bytes received. */
    public Capture(String request, String response, String ip) {
        this(request, response, ip, null, false);
    }

    /** These heads with the bytes the server sent, for a page whose body is something else (a rendered DOM). */
    public Capture withSource(byte[] body, boolean truncated) {
        return new Capture(request, response, ip, Objects.requireNonNull(body, "body"), truncated);
    }

    /** Returns the source body as given; callers must not modify it. */
    @Override
    public byte[] sourceBody() {
        return sourceBody;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Capture c && request.equals(c.request) && response.equals(c.response)
                && Objects.equals(ip, c.ip) && Arrays.equals(sourceBody, c.sourceBody)
                && sourceTruncated == c.sourceTruncated;
    }

    @Override
    public int hashCode() {
        return Objects.hash(request, response, ip) * 31 + Arrays.hashCode(sourceBody);
    }

    @Override
    public String toString() {
        return "Capture[ip=" + ip + ", request=" + request.length() + " chars, response=" + response.length()
                + " chars" + (sourceBody == null ? "" : ", source=" + sourceBody.length + " bytes") + "]";
    }

    private static void head(String head, String field) {
        Checks.notNull(head, field);
        if (head.length() > MAX_HEAD_CHARS) {
            throw new IllegalArgumentException(field + " is " + head.length() + " characters, more than "
                    + MAX_HEAD_CHARS);
        }
        for (int i = 0; i < head.length(); i++) {
            if (head.charAt(i) > 0xFF) {
                throw new IllegalArgumentException(field + " holds a character above U+00FF at " + i
                        + ": heads are bytes, one ISO-8859-1 character each");
            }
        }
    }
}
