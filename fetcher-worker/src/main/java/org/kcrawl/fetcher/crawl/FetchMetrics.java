package org.kcrawl.fetcher.crawl;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.pipeline.UrlOutcomes;

/**
 * The fetcher's URL, response and politeness-wait meters, documented in {@link MeterCatalogue}.
 * Tags are bounded enums only, never a host or URL. Every tag combination is registered up front,
 * so each outcome, reason and status class shows as 0 before it first happens and rates over it
 * are defined.
 */
public final class FetchMetrics {
    /** Counter of URL outcomes, tagged outcome and reason. */
    public static final String OUTCOMES = MeterCatalogue.FETCH_OUTCOMES;
    /** Counter of HTTP responses by status class. */
    public static final String RESPONSES = MeterCatalogue.FETCH_RESPONSES;
    /** Timer (with a percentile histogram) of answered fetches by status class. */
    public static final String DURATION = MeterCatalogue.FETCH_DURATION;
    /** Counter of decoded body bytes of answered page fetches. */
    public static final String BYTES = MeterCatalogue.FETCH_BYTES;
    /** Timer (with a percentile histogram) of requests' waits for their politeness permit. */
    public static final String POLITENESS_WAIT = MeterCatalogue.FETCH_POLITENESS_WAIT;

    /** Histogram range: from a fast loopback answer to beyond the longest request deadline. */
    private static final Duration HISTOGRAM_MIN = Duration.ofMillis(5);
    private static final Duration HISTOGRAM_MAX = Duration.ofSeconds(60);
    /** Politeness waits: none at all for an idle host, up to a long Crawl-delay or Retry-After. */
    private static final Duration WAIT_HISTOGRAM_MIN = Duration.ofMillis(1);
    private static final Duration WAIT_HISTOGRAM_MAX = Duration.ofMinutes(5);
    private static final String NONE = "none";

    private final MeterRegistry registry;
    private final UrlOutcomes outcomes;
    private final Counter pageOutcome;
    private final Counter notModifiedOutcome;
    private final Counter redirectOutcome;
    private final Counter parkedOutcome;
    private final Counter renderOutcome;
    private final Map<SkipReason, Counter> skipOutcomes = new EnumMap<>(SkipReason.class);
    private final Map<String, Counter> responses = new HashMap<>();
    private final Map<String, Timer> durations = new HashMap<>();
    private final Counter bytes;
    private final Counter refusals;
    private final Timer politenessWait;
    private final AtomicLong pages = new AtomicLong();
    private final AtomicLong notModified = new AtomicLong();
    private final AtomicLong skips = new AtomicLong();
    private final AtomicLong parked = new AtomicLong();
    private final AtomicLong rendered = new AtomicLong();

    public FetchMetrics(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        this.registry = registry;
        this.outcomes = new UrlOutcomes(registry, OUTCOMES);
        pageOutcome = outcomes.counter("page");
        notModifiedOutcome = outcomes.counter("not_modified");
        redirectOutcome = outcomes.counter("redirect");
        parkedOutcome = outcomes.counter("parked");
        renderOutcome = outcomes.counter("render");
        for (SkipReason r : SkipReason.values()) {
            skipOutcomes.put(r, outcomes.counter("skip", r.tag()));
        }
        for (String statusClass : MeterCatalogue.STATUS_CLASSES) {
            registerResponses(statusClass);
            durations.put(statusClass, Meters.timer(DURATION)
                    .tag("status_class", statusClass)
                    .minimumExpectedValue(HISTOGRAM_MIN)
                    .maximumExpectedValue(HISTOGRAM_MAX)
                    .register(registry));
        }
        registerResponses(NONE);
        bytes = Meters.counter(BYTES).register(registry);
        refusals = Meters.counter(MeterCatalogue.FETCH_REFUSALS).register(registry);
        politenessWait = Meters.timer(POLITENESS_WAIT)
                .minimumExpectedValue(WAIT_HISTOGRAM_MIN)
                .maximumExpectedValue(WAIT_HISTOGRAM_MAX)
                .register(registry);
    }

    /** The registry meters are kept in. */
    public MeterRegistry registry() {
        return registry;
    }

    /** The URL outcomes, with the failure and retry totals. */
    public UrlOutcomes outcomes() {
        return outcomes;
    }

    void page() {
        pages.incrementAndGet();
        pageOutcome.increment();
    }

    /** A recrawl's conditional request was answered 304: a page that did not change. */
    void notModified() {
        pages.incrementAndGet();
        notModified.incrementAndGet();
        notModifiedOutcome.increment();
    }

    /** Pages a recrawl found not modified (304), acknowledged. */
    public long notModifiedPages() {
        return notModified.get();
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

    /** A URL its server refused was put back in its host's line for the same attempt. */
    void refused() {
        outcomes.refused();
        refusals.increment();
    }

    void parked() {
        parked.incrementAndGet();
        parkedOutcome.increment();
    }

    /** A URL handed to the render workers, acknowledged. */
    void rendered() {
        rendered.incrementAndGet();
        renderOutcome.increment();
    }

    void skip(SkipReason reason) {
        skips.incrementAndGet();
        skipOutcomes.get(reason).increment();
    }

    /** A page fetch was answered: its status class, its duration and its decoded body bytes. */
    void response(HttpResult result) {
        String statusClass = statusClass(result.status());
        responses.get(statusClass).increment();
        durations.get(statusClass).record(Duration.ofMillis(Math.max(0, result.durationMs())));
        bytes.increment(result.body().length);
    }

    /** A request waited {@code waitedNanos} in its host's queue for its permit (a {@code PermitListener}). */
    void politenessWait(long waitedNanos) {
        politenessWait.record(Math.max(0, waitedNanos), TimeUnit.NANOSECONDS);
    }

    void noResponse() {
        responses.get(NONE).increment();
    }

    /** Pages and redirect pages published and acknowledged. */
    public long pages() {
        return pages.get();
    }

    /** URLs skipped on purpose (duplicate, robots, limits, scope). */
    public long skips() {
        return skips.get();
    }

    /** URLs handed to the render workers. */
    public long renderedCount() {
        return rendered.get();
    }

    /** URLs parked (re-published for later). */
    public long parkedCount() {
        return parked.get();
    }

    private void registerResponses(String statusClass) {
        responses.put(statusClass, Meters.counter(RESPONSES)
                .tag("status_class", statusClass)
                .register(registry));
    }

    static String statusClass(int status) {
        return status >= 100 && status < 600 ? (status / 100) + "xx" : "other";
    }
}
