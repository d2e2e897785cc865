package org.kcrawl.render.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;
import org.kcrawl.http.pipeline.UrlOutcomes;
import org.kcrawl.render.page.Refusal;
import org.kcrawl.render.page.RenderEvents;

/**
 * The render worker's URL, render and request meters, documented in {@link MeterCatalogue}; every tag
 * combination is registered up front, so each shows as 0 before it first happens.
 */
public final class RenderMetrics implements RenderEvents {
    private final UrlOutcomes outcomes;
    private final Counter renderedOutcome;
    private final Counter pageOutcome;
    private final Counter redirectOutcome;
    private final Counter parkedOutcome;
    private final Counter robotsSkipOutcome;
    private final Map<String, Counter> requests = new HashMap<>();
    private final Timer duration;
    private final AtomicLong rendered = new AtomicLong();
    private final AtomicLong pages = new AtomicLong();

    public RenderMetrics(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        outcomes = new UrlOutcomes(registry, MeterCatalogue.RENDER_OUTCOMES);
        renderedOutcome = outcomes.counter("rendered");
        pageOutcome = outcomes.counter("page");
        redirectOutcome = outcomes.counter("redirect");
        parkedOutcome = outcomes.counter("parked");
        robotsSkipOutcome = outcomes.counter("skip", "robots");
        requests.put("fetched", requestCounter(registry, "fetched"));
        for (Refusal r : Refusal.values()) {
            requests.put(r.tag(), requestCounter(registry, r.tag()));
        }
        duration = Meters.timer(MeterCatalogue.RENDER_DURATION)
                .minimumExpectedValue(Duration.ofMillis(20))
                .maximumExpectedValue(Duration.ofMinutes(2))
                .register(registry);
    }

    /** A page with the browser's DOM, published and acknowledged, rendered in {@code took}. */
    void rendered(Duration took) {
        rendered.incrementAndGet();
        duration.record(took);
        renderedOutcome.increment();
    }

    /** A response published as fetched (not HTML, or an error status): nothing to render. */
    void page() {
        pages.incrementAndGet();
        pageOutcome.increment();
    }

    void redirect() {
        pages.incrementAndGet();
        redirectOutcome.increment();
    }

    void failure(FailureReason reason) {
        outcomes.failure(reason);
    }

    void retry(FailureReason reason) {
        outcomes.retry(reason);
    }

    /** A URL its server refused was put back on the render topic for the same attempt. */
    void refused() {
        outcomes.refusedAndPublished();
    }

    void parked() {
        parkedOutcome.increment();
    }

    void robotsSkip() {
        robotsSkipOutcome.increment();
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

    /** The URL outcomes, with the failure and retry totals. */
    public UrlOutcomes outcomes() {
        return outcomes;
    }

    private static Counter requestCounter(MeterRegistry registry, String verdict) {
        return Meters.counter(MeterCatalogue.RENDER_REQUESTS)
                .tag("verdict", verdict)
                .register(registry);
    }
}
