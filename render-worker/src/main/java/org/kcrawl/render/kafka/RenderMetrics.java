package org.kcrawl.render.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.render.page.Refusal;
import org.kcrawl.render.page.RenderEvents;

/**
 * The render worker's URL, render and request meters, documented in {@link MeterCatalogue}; every tag
 * combination is registered up front, so each shows as 0 before it first happens.
 */
public final class RenderMetrics implements RenderEvents {
    private static final String NONE = "none";

    private final Map<String, Counter> outcomes = new HashMap<>();
    private final Map<String, Counter> requests = new HashMap<>();
    private final Timer duration;
    private final AtomicLong rendered = new AtomicLong();
    private final AtomicLong pages = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLongArray failuresByReason = new AtomicLongArray(FailureReason.values().length);

    public RenderMetrics(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        for (String outcome : new String[] {"rendered", "page", "redirect", "parked"}) {
            register(registry, outcome, NONE);
        }
        for (FailureReason r : FailureReason.values()) {
            register(registry, "failure", r.wireName());
            register(registry, "retry", r.wireName());
        }
        register(registry, "skip", "robots");
        requests.put("fetched", requestCounter(registry, "fetched"));
        for (Refusal r : Refusal.values()) {
            requests.put(r.tag(), requestCounter(registry, r.tag()));
        }
        duration = Timer.builder(MeterCatalogue.RENDER_DURATION)
                .description("time from a page's navigation to its DOM taken")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(20))
                .maximumExpectedValue(Duration.ofMinutes(2))
                .register(registry);
    }

    /** A page with the browser's DOM, published and acknowledged, rendered in {@code took}. */
    void rendered(Duration took) {
        rendered.incrementAndGet();
        duration.record(took);
        outcome("rendered", NONE);
    }

    /** A response published as fetched (not HTML, or an error status): nothing to render. */
    void page() {
        pages.incrementAndGet();
        outcome("page", NONE);
    }

    void redirect() {
        pages.incrementAndGet();
        outcome("redirect", NONE);
    }

    void failure(FailureReason reason) {
        failures.incrementAndGet();
        failuresByReason.incrementAndGet(reason.ordinal());
        outcome("failure", reason.wireName());
    }

    void retry(FailureReason reason) {
        retries.incrementAndGet();
        outcome("retry", reason.wireName());
    }

    void parked() {
        outcome("parked", NONE);
    }

    void robotsSkip() {
        outcome("skip", "robots");
    }

    @Override
    public void fetched(long bytes) {
        requests.get("fetched").increment();
    }

    @Override
    public void refused(Refusal why) {
        requests.get(why.tag()).increment();
    }

    /** Pages published with the browser's DOM. */
    public long renderedCount() {
        return rendered.get();
    }

    /** Pages published as fetched, redirect pages included. */
    public long pagesCount() {
        return pages.get();
    }

    /** Failure records published. */
    public long failures() {
        return failures.get();
    }

    /** Retries published. */
    public long retries() {
        return retries.get();
    }

    /** Failure records published, by reason; reasons that never happened left out. */
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

    private void outcome(String outcome, String reason) {
        outcomes.get(outcome + '/' + reason).increment();
    }

    private void register(MeterRegistry registry, String outcome, String reason) {
        outcomes.put(outcome + '/' + reason, Counter.builder(MeterCatalogue.RENDER_OUTCOMES)
                .description("how the URLs a render worker consumed ended")
                .tag("outcome", outcome)
                .tag("reason", reason)
                .register(registry));
    }

    private static Counter requestCounter(MeterRegistry registry, String verdict) {
        return Counter.builder(MeterCatalogue.RENDER_REQUESTS)
                .description("requests rendered pages made, by what the worker did with them")
                .tag("verdict", verdict)
                .register(registry);
    }
}
