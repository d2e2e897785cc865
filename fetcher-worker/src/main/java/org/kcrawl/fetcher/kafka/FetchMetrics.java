package org.kcrawl.fetcher.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.kcrawl.common.message.FailureReason;

/**
 * The fetcher's meters. Tags are bounded enums only, never a host or URL.
 *
 * <table>
 *   <caption>Meter catalogue</caption>
 *   <tr><th>name</th><th>type</th><th>tags</th><th>meaning</th></tr>
 *   <tr><td>crawl.fetch.outcomes</td><td>counter</td><td>outcome (page, redirect, failure, retry,
 *       parked, skip), reason (none, a failure reason, a skip reason)</td><td>how each consumed URL
 *       ended; every URL is counted exactly once per consumption</td></tr>
 *   <tr><td>crawl.fetch.responses</td><td>counter</td><td>status_class (1xx..5xx, none)</td>
 *       <td>HTTP exchanges, robots.txt excluded</td></tr>
 *   <tr><td>crawl.fetch.duration</td><td>timer</td><td>status_class</td><td>duration of answered fetches</td></tr>
 *   <tr><td>crawl.fetch.robots</td><td>counter</td><td>result (rules, allow_all, unreachable)</td>
 *       <td>robots.txt resolutions ({@link org.kcrawl.fetcher.robots.RobotsRules})</td></tr>
 *   <tr><td>crawl.fetch.inflight, crawl.fetch.queued, crawl.fetch.waiting, crawl.fetch.hosts,
 *       crawl.fetch.seen.completed, crawl.fetch.seen.claimed</td><td>gauges</td><td>none</td>
 *       <td>registered by {@link FetcherWorker}</td></tr>
 * </table>
 */
public final class FetchMetrics {
    /** Counter of URL outcomes. */
    public static final String OUTCOMES = "crawl.fetch.outcomes";
    /** Counter of HTTP responses by status class. */
    public static final String RESPONSES = "crawl.fetch.responses";
    /** Timer of answered fetches. */
    public static final String DURATION = "crawl.fetch.duration";

    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();
    private final AtomicLong pages = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong skips = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong parked = new AtomicLong();

    public FetchMetrics(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        this.registry = registry;
    }

    /** The registry meters are kept in. */
    public MeterRegistry registry() {
        return registry;
    }

    void page() {
        pages.incrementAndGet();
        outcome("page", "none");
    }

    void redirect() {
        pages.incrementAndGet();
        outcome("redirect", "none");
    }

    void failure(FailureReason reason) {
        failures.incrementAndGet();
        outcome("failure", reason.wireName());
    }

    void retry(FailureReason reason) {
        retries.incrementAndGet();
        outcome("retry", reason.wireName());
    }

    void parked() {
        parked.incrementAndGet();
        outcome("parked", "none");
    }

    void skip(SkipReason reason) {
        skips.incrementAndGet();
        outcome("skip", reason.tag());
    }

    void response(int status, long durationMs) {
        String statusClass = statusClass(status);
        counter(RESPONSES, "status_class", statusClass).increment();
        timers.computeIfAbsent(statusClass, c -> Timer.builder(DURATION)
                .description("duration of answered fetches")
                .tag("status_class", c)
                .register(registry)).record(Duration.ofMillis(Math.max(0, durationMs)));
    }

    void noResponse() {
        counter(RESPONSES, "status_class", "none").increment();
    }

    /** Pages and redirect pages published and acknowledged. */
    public long pages() {
        return pages.get();
    }

    /** Failure records published and acknowledged. */
    public long failures() {
        return failures.get();
    }

    /** URLs skipped on purpose (duplicate, robots, limits, scope). */
    public long skips() {
        return skips.get();
    }

    /** Retries re-published. */
    public long retries() {
        return retries.get();
    }

    /** URLs parked (re-published for later). */
    public long parkedCount() {
        return parked.get();
    }

    private void outcome(String outcome, String reason) {
        counters.computeIfAbsent(outcome + '/' + reason, k -> Counter.builder(OUTCOMES)
                .description("how consumed URLs ended")
                .tag("outcome", outcome)
                .tag("reason", reason)
                .register(registry)).increment();
    }

    private Counter counter(String name, String tag, String value) {
        return counters.computeIfAbsent(name + '/' + value, k -> Counter.builder(name)
                .tag(tag, value)
                .register(registry));
    }

    static String statusClass(int status) {
        return status >= 100 && status < 600 ? (status / 100) + "xx" : "other";
    }
}
