package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import org.kcrawl.http.robots.RobotsUnreachable;

/**
 * What a fetcher's URLs wait for on a timer (a retry, a Retry-After, their host's turn), told by the
 * URL due first: what a crawl is doing while nothing is on the wire.
 *
 * @param urls URLs held in memory until a not-before time
 * @param hosts their hosts
 * @param unreachableHosts those hosts whose robots.txt cannot be fetched now
 * @param attempt the attempt the URL due first makes when it goes (1 unless it is a retry)
 * @param maxAttempts attempts a URL gets
 * @param dueIn how long until the URL due first goes (zero when it is due)
 * @param robots why the robots.txt of the URL due first cannot be fetched, or null when it can
 */
public record WaitSummary(int urls, int hosts, int unreachableHosts, int attempt, int maxAttempts, Duration dueIn,
                      RobotsUnreachable robots) {
    private static final WaitSummary NONE = new WaitSummary(0, 0, 0, 0, 0, Duration.ZERO, null);

    public WaitSummary {
        if (urls < 0 || hosts < 0 || unreachableHosts < 0 || unreachableHosts > hosts) {
            throw new IllegalArgumentException("counts must be >= 0, unreachable hosts at most the hosts");
        }
        if (dueIn == null || dueIn.isNegative()) {
            throw new IllegalArgumentException("dueIn must be >= 0 but was " + dueIn);
        }
    }

    /** Nothing waits. */
    public static WaitSummary none() {
        return NONE;
    }

    /** True when no URL waits. */
    public boolean isEmpty() {
        return urls == 0;
    }
}
