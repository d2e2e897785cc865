package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import org.kcrawl.common.Checks;

/**
 * A URL that ended without a page record, as carried on the failures topic (keyed by url).
 *
 * @param v schema version
 * @param url the URL that failed
 * @param reason the classified reason
 * @param detail a human-readable detail (exception message, redirect chain)
 * @param attempts how many attempts were made
 * @param status the last HTTP status, null when there was no response
 * @param depth link distance from a seed
 * @param failedAt when the last attempt ended
 */
public record FailureRecord(
        @JsonProperty("v") int v,
        @JsonProperty("url") String url,
        @JsonProperty("reason") FailureReason reason,
        @JsonProperty("detail") String detail,
        @JsonProperty("attempts") int attempts,
        @JsonProperty("status") Integer status,
        @JsonProperty("depth") int depth,
        @JsonProperty("failed_at") Instant failedAt) {

    public FailureRecord {
        // A failure may concern an unusable URL, so only presence is checked here.
        Checks.notNull(url, "url");
        Checks.notNull(reason, "reason");
        detail = detail == null ? "" : detail;
        Checks.notNegative(attempts, "attempts");
        Checks.notNegative(depth, "depth");
        Checks.notNull(failedAt, "failed_at");
    }

    /** A failure of {@code request} after its current attempt. */
    public static FailureRecord of(CrawlRequest request, FailureReason reason, String detail,
                                   Integer status, Instant now) {
        return new FailureRecord(SchemaVersions.CURRENT, request.url(), reason, detail,
                request.attempt(), status, request.depth(), now);
    }
}
