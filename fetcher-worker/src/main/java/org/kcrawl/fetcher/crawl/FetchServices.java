package org.kcrawl.fetcher.crawl;

import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.http.client.HttpFetcher;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.TimeSource;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.fetcher.seen.SeenHistory;
import org.kcrawl.fetcher.seen.SeenSet;

/**
 * The collaborators a {@link FetchHandler} works with; all required.
 *
 * @param scheduler politeness scheduling
 * @param robots robots.txt verdicts
 * @param seen the in-memory seen-set
 * @param history where assigned partitions' seen-sets are restored from
 * @param fetcher the HTTP client
 * @param outputs the Kafka outputs
 * @param metrics counters
 * @param time clock and timers
 */
public record FetchServices(HostScheduler scheduler, RobotsPolicy robots, SeenSet seen, SeenHistory history,
                            HttpFetcher fetcher, OutputPublisher outputs, FetchMetrics metrics, TimeSource time) {
    public FetchServices {
        if (scheduler == null || robots == null || seen == null || history == null || fetcher == null
                || outputs == null || metrics == null || time == null) {
            throw new IllegalArgumentException("scheduler, robots, seen, history, fetcher, outputs, metrics and time"
                    + " are all required");
        }
    }
}
