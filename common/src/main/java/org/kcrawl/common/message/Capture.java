package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonProperty;

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
 */
public record Capture(
        @JsonProperty("request") String request,
        @JsonProperty("response") String response,
        @JsonProperty("ip") String ip) {

    /** The longest head kept: a fetcher refuses response heads larger than its header cap, which is smaller. */
    public static final int MAX_HEAD_CHARS = 256 * 1024;

    public Capture {
        head(request, "capture.request");
        head(response, "capture.response");
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
