package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Why a URL ended without a record. A bounded set, so it is safe as a metric tag. */
public enum FailureReason {
    /** Connect, idle-read or total deadline exceeded. */
    TIMEOUT(true),
    /** The host name did not resolve. */
    DNS(true),
    /** The connection was refused or reset before a response. */
    CONNECT(true),
    /** The TLS handshake failed (certificate, hostname, protocol). */
    TLS(false),
    /** The body or its decompressed form exceeded a hard cap. */
    TOO_LARGE(false),
    /** The resolved address is loopback, private, link-local or otherwise not allowed. */
    BLOCKED_ADDRESS(false),
    /** Too many redirect hops, or a redirect loop. */
    REDIRECT_LIMIT(false),
    /** A 4xx response. */
    HTTP_4XX(false),
    /** A 5xx response after all retries (a 503 with a Retry-After is a refusal: {@link #RATE_LIMITED}). */
    HTTP_5XX(true),
    /** The server broke HTTP (malformed response, oversized headers, reset mid-body). */
    PROTOCOL(true),
    /** The URL itself is unusable (syntax, scheme). */
    INVALID_URL(false),
    /** robots.txt could not be fetched (5xx or unreachable) for longer than allowed. */
    ROBOTS_UNAVAILABLE(true),
    /** An unexpected error inside the crawler; a bug to report. */
    INTERNAL(false),
    /** The page's scripts did not let it load within the render worker's page time budget. */
    RENDER_TIMEOUT(true),
    /** The browser tab (or the whole browser) rendering the page crashed, hung or could not be started. */
    RENDER_CRASHED(true),
    /**
     * The server kept refusing the URL (429, or 503 with a Retry-After) for longer than the fetcher waits for
     * it ({@code rate_limited_give_up}); refusals before that are retried without counting an attempt.
     */
    RATE_LIMITED(true);

    private final boolean transientByNature;

    FailureReason(boolean transientByNature) {
        this.transientByNature = transientByNature;
    }

    /** True when a later attempt may succeed, so the failure is worth retrying. */
    public boolean isTransient() {
        return transientByNature;
    }

    /** The lower-case wire name, for example {@code http_4xx}. */
    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a wire name; throws naming the accepted values when it is unknown. */
    @JsonCreator
    public static FailureReason fromWireName(String name) {
        for (FailureReason r : values()) {
            if (r.wireName().equals(name)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown failure reason '" + name + "'");
    }
}
