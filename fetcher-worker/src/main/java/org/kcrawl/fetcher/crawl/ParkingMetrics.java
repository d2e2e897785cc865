package org.kcrawl.fetcher.crawl;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;

/**
 * Meters of URL parking ({@link MeterCatalogue} describes them). Tags are bounded: the tier is
 * {@code urls} (a short wait, back through the urls topic) or a tier number. The held gauge is
 * registered by {@link FetcherMeters}.
 */
public final class ParkingMetrics {
    /** Counter of parked URLs by tier. */
    public static final String PARKED = MeterCatalogue.FETCH_PARKING_PARKED;
    /** Counter of forwarded URLs. */
    public static final String FORWARDED = MeterCatalogue.FETCH_PARKING_FORWARDED;
    /** Gauge of URLs held by the forwarder. */
    public static final String HELD = MeterCatalogue.FETCH_PARKING_HELD;

    /** The tier of a short wait, back through the urls topic. */
    static final String URLS_TIER = "urls";

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
        this.forwarded = Meters.counter(FORWARDED).register(registry);
        // The series exists from the start (at zero), so a dashboard reading it shows 0, not "no data",
        // for a fetcher that has parked nothing yet.
        parked.computeIfAbsent(URLS_TIER, this::counter);
    }

    void parked(String tier) {
        parkedCount.incrementAndGet();
        parked.computeIfAbsent(tier, this::counter).increment();
    }

    private Counter counter(String tier) {
        return Meters.counter(PARKED).tag("tier", tier).register(registry);
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
