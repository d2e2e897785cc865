package org.kcrawl.fetcher.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Meters of URL parking. Tags are bounded: the tier is {@code urls} (a short wait, back through the
 * urls topic) or a tier number.
 *
 * <table>
 *   <caption>Meter catalogue</caption>
 *   <tr><th>name</th><th>type</th><th>tags</th><th>meaning</th></tr>
 *   <tr><td>crawl.fetch.parking.parked</td><td>counter</td><td>tier (urls, 0, 1, 2)</td>
 *       <td>URLs (parked ones and retries) published to wait outside memory, acknowledged</td></tr>
 *   <tr><td>crawl.fetch.parking.forwarded</td><td>counter</td><td>none</td>
 *       <td>parked URLs forwarded back to the urls topic after their tier delay</td></tr>
 *   <tr><td>crawl.fetch.parking.held</td><td>gauge</td><td>none</td>
 *       <td>parked URLs read from a tier and waiting for their delay to end (registered by
 *       {@link FetcherWorker})</td></tr>
 * </table>
 */
public final class ParkingMetrics {
    /** Counter of parked URLs by tier. */
    public static final String PARKED = "crawl.fetch.parking.parked";
    /** Counter of forwarded URLs. */
    public static final String FORWARDED = "crawl.fetch.parking.forwarded";
    /** Gauge of URLs held by the forwarder. */
    public static final String HELD = "crawl.fetch.parking.held";

    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, Counter> parked = new ConcurrentHashMap<>();
    private final Counter forwarded;
    private final AtomicLong parkedCount = new AtomicLong();
    private final AtomicLong forwardedCount = new AtomicLong();

    public ParkingMetrics(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        this.registry = registry;
        this.forwarded = Counter.builder(FORWARDED).description("parked URLs forwarded back to the urls topic")
                .register(registry);
    }

    void parked(String tier) {
        parkedCount.incrementAndGet();
        parked.computeIfAbsent(tier, t -> Counter.builder(PARKED)
                .description("URLs published to wait outside memory")
                .tag("tier", t)
                .register(registry)).increment();
    }

    void forwarded() {
        forwardedCount.incrementAndGet();
        forwarded.increment();
    }

    /** URLs parked (any tier, or back through the urls topic) and acknowledged. */
    public long parkedCount() {
        return parkedCount.get();
    }

    /** Parked URLs forwarded back to the urls topic and acknowledged. */
    public long forwardedCount() {
        return forwardedCount.get();
    }
}
