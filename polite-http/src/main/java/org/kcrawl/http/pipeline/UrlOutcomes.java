package org.kcrawl.http.pipeline;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.metrics.Meters;

/**
 * How the URLs a worker consumed ended, on one outcome counter (tagged {@code outcome} and {@code reason})
 * of the {@link org.kcrawl.common.metrics.MeterCatalogue}, with running totals of failures (by reason) and
 * retries for the crawl command's summary. The failure and retry series of every reason are registered
 * up front, so each shows as 0 before it first happens; the caller registers its other outcomes with
 * {@link #counter}.
 */
public final class UrlOutcomes {
    /** The {@code reason} of an outcome that has none. */
    public static final String NONE = "none";

    private final MeterRegistry registry;
    private final String meter;
    private final Counter[] failureCounters = new Counter[FailureReason.values().length];
    private final Counter[] retryCounters = new Counter[FailureReason.values().length];
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong refusals = new AtomicLong();
    private final AtomicLongArray failuresByReason = new AtomicLongArray(FailureReason.values().length);

    /** Outcomes counted on the catalogue's {@code meter} in {@code registry}. */
    public UrlOutcomes(MeterRegistry registry, String meter) {
        if (registry == null || meter == null) {
            throw new IllegalArgumentException("registry and meter are required");
        }
        this.registry = registry;
        this.meter = meter;
        for (FailureReason r : FailureReason.values()) {
            failureCounters[r.ordinal()] = counter("failure", r.wireName());
            retryCounters[r.ordinal()] = counter("retry", r.wireName());
        }
    }

    /** The series of {@code outcome} with no reason, registered now. */
    public Counter counter(String outcome) {
        return counter(outcome, NONE);
    }

    /** The series of {@code outcome} with {@code reason}, registered now. */
    public Counter counter(String outcome, String reason) {
        return Meters.counter(meter)
                .tag("outcome", outcome)
                .tag("reason", reason)
                .register(registry);
    }

    /** A failure record published and acknowledged. */
    public void failure(FailureReason reason) {
        failures.incrementAndGet();
        failuresByReason.incrementAndGet(reason.ordinal());
        failureCounters[reason.ordinal()].increment();
    }

    /** A retry published and acknowledged. */
    public void retry(FailureReason reason) {
        retries.incrementAndGet();
        retryCounters[reason.ordinal()].increment();
    }

    /**
     * A URL its server refused was put back in its host's line for the same attempt: counted among the
     * refusals, not the {@link #retries()} (failed attempts), and no outcome (the URL goes on).
     */
    public void refused() {
        refusals.incrementAndGet();
    }

    /**
     * A URL its server refused was published again for the same attempt (a render worker's, back on its
     * topic): an outcome of the consumption, a retry for {@code rate_limited}, and a refusal.
     */
    public void refusedAndPublished() {
        refusals.incrementAndGet();
        retryCounters[FailureReason.RATE_LIMITED.ordinal()].increment();
    }

    /** URLs refused by their servers and put back in line (see {@link #refused()}). */
    public long refusals() {
        return refusals.get();
    }

    /** Failure records published and acknowledged. */
    public long failures() {
        return failures.get();
    }

    /** Retries of failed attempts published and acknowledged. */
    public long retries() {
        return retries.get();
    }

    /** Failure records published and acknowledged, by reason; reasons that never happened are left out. */
    public Map<FailureReason, Long> failuresByReason() {
        Map<FailureReason, Long> counts = new EnumMap<>(FailureReason.class);
        for (FailureReason r : FailureReason.values()) {
            long n = failuresByReason.get(r.ordinal());
            if (n > 0) {
                counts.put(r, n);
            }
        }
        return counts;
    }
}
