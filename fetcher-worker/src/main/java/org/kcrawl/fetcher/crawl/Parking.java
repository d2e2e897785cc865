package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.http.politeness.TimeSource;

/**
 * Publishes a URL that must wait (its not-before time is set) where the wait costs neither memory
 * nor a pinned offset: back to the urls topic when the wait is within the hold limit (it is held on
 * a timer when it is read again), else to the parking tier that fits the wait
 * ({@link ParkingTiers}). Either way the original record's offset can be committed as soon as the
 * copy is acknowledged, and the copy goes back to the same urls partition, where its seen-set lives.
 */
final class Parking {
    private final OutputPublisher outputs;
    private final ParkingTiers tiers;
    private final Duration holdLimit;
    private final TimeSource time;
    private final ParkingMetrics metrics;

    Parking(OutputPublisher outputs, ParkingTiers tiers, Duration holdLimit, TimeSource time, ParkingMetrics metrics) {
        this.outputs = outputs;
        this.tiers = tiers;
        this.holdLimit = holdLimit;
        this.time = time;
        this.metrics = metrics;
    }

    /** Publishes {@code request}; completes when the broker has acknowledged it. */
    CompletableFuture<Void> park(CrawlRequest request, String key, int partition) {
        Duration wait = request.notBefore() == null ? Duration.ZERO
                : Duration.between(time.now(), request.notBefore());
        if (wait.compareTo(holdLimit) <= 0) {
            return outputs.request(request, key, partition).thenRun(() -> metrics.parked(ParkingMetrics.URLS_TIER));
        }
        int tier = tiers.tierFor(wait);
        return outputs.parked(tier, request, key, partition).thenRun(() -> metrics.parked(Integer.toString(tier)));
    }
}
