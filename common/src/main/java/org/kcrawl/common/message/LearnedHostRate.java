package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import org.kcrawl.common.Checks;

/**
 * The rate a host's server taught the fetcher that owns it by refusing requests (429, or 503), as carried
 * on the compacted host-rates topic (keyed by host, co-partitioned with the urls topic), so that the next
 * owner of the host's partition, after a restart or a rebalance, starts at it rather than at the configured
 * rate. A host whose rate has climbed back to the configured one gets a tombstone.
 *
 * @param v schema version
 * @param host the host, as the urls topic keys it
 * @param rate requests per second the host keeps to
 * @param refusedAt the rate at which it was last refused, 0 when not known
 * @param learnedAt when the rate was last changed
 */
public record LearnedHostRate(
        @JsonProperty("v") int v,
        @JsonProperty("host") String host,
        @JsonProperty("rate") double rate,
        @JsonProperty("refused_at") double refusedAt,
        @JsonProperty("learned_at") Instant learnedAt) {

    public LearnedHostRate {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be a positive number of requests per second but was "
                    + rate);
        }
        if (!(refusedAt >= 0) || Double.isInfinite(refusedAt)) {
            throw new IllegalArgumentException("refused_at must be 0 or a positive number but was " + refusedAt);
        }
        Checks.plausibleTime(Checks.notNull(learnedAt, "learned_at"), "learned_at");
    }
}
