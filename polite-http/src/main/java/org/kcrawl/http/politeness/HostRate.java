package org.kcrawl.http.politeness;

import org.kcrawl.common.Checks;

/**
 * A host's rate as its server's refusals taught it ({@link LearnedRate}), as the {@link HostScheduler}
 * reports it when it changes and resumes it after a restart or a rebalance.
 *
 * @param host the host (as {@link org.kcrawl.common.url.HostKey} names it)
 * @param partition the partition of the host's URLs, whose owner keeps the rate
 * @param rate the requests per second it keeps to
 * @param refusedAt the rate of its last refusal, 0 when not known
 * @param limited whether {@code rate} is below the configured rate; false once it has climbed back, when
 *                there is nothing left to keep
 */
public record HostRate(String host, int partition, double rate, double refusedAt, boolean limited) {
    public HostRate {
        Checks.notNull(host, "host");
        Checks.notNegative(partition, "partition");
    }
}
