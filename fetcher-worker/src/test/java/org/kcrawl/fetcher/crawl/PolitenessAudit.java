package org.kcrawl.fetcher.crawl;

import java.util.ArrayList;
import java.util.List;
import org.kcrawl.embedded.web.RequestEvent;
import org.kcrawl.embedded.web.RequestLog;

/**
 * Checks one address's requests in the synthetic web's own log against politeness limits: at most
 * {@code maxConcurrency} at any instant, and in every window of request arrivals no more than
 * {@code burst + window / interval} requests. Arrivals carry the client's and the machine's
 * scheduling noise, which {@code jitterNanos} forgives (it widens each window by that much).
 */
public final class PolitenessAudit {
    private PolitenessAudit() {}

    /** What the audit found for one address. */
    public record Result(String address, int requests, int maxConcurrency, long minGapNanos, List<String> violations) {
        /** True when nothing was breached. */
        public boolean clean() {
            return violations.isEmpty();
        }
    }

    /** Audits the concurrency and the rate of {@code address}'s requests. */
    public static Result of(RequestLog log, String address, long intervalNanos, int burst, int maxConcurrency,
                            long jitterNanos) {
        List<RequestEvent> events = log.of(address);
        List<String> violations = new ArrayList<>();
        int concurrency = RequestLog.maxConcurrency(events);
        if (concurrency > maxConcurrency) {
            violations.add(address + ": " + concurrency + " concurrent requests, limit " + maxConcurrency);
        }
        if (intervalNanos > 0) {
            rate(address, events.stream().mapToLong(RequestEvent::startNanos).sorted().toArray(), intervalNanos, burst,
                    jitterNanos, violations);
        }
        return new Result(address, events.size(), concurrency, RequestLog.minIntervalNanos(events), violations);
    }

    /**
     * Audits the rate of request times seen anywhere else (for example where the fetcher called its
     * HTTP client); returns the violations found, at most one.
     */
    public static List<String> ofStarts(String address, List<Long> startNanos, long intervalNanos, int burst,
                                        long jitterNanos) {
        List<String> violations = new ArrayList<>();
        rate(address, startNanos.stream().mapToLong(Long::longValue).sorted().toArray(), intervalNanos, burst,
                jitterNanos, violations);
        return violations;
    }

    /**
     * Audits the spacing of one address's requests on the wire, from the client's own records and
     * without any tolerance, for a burst of 1: each request was called for no earlier than one
     * interval after the previous one had been written. A write reaches the wire after its call and
     * before its record, so this bounds every wire gap from below by the interval; returns the
     * violations found, at most one.
     */
    public static List<String> ofExchanges(String address, List<RecordingFetcher.Exchange> exchanges,
                                           long intervalNanos) {
        List<String> violations = new ArrayList<>();
        for (int i = 1; i < exchanges.size(); i++) {
            long gap = exchanges.get(i).calledNanos() - exchanges.get(i - 1).writtenNanos();
            if (gap < intervalNanos) {
                violations.add(String.format("%s: a request started %.3f s after the previous one was written"
                        + " (interval %.3f s)", address, gap / 1e9, intervalNanos / 1e9));
                break;
            }
        }
        return violations;
    }

    /** Audits concurrency only (an address shared by hosts that each have their own rate). */
    public static Result concurrencyOf(RequestLog log, String address, int maxConcurrency) {
        return of(log, address, 0, 1, maxConcurrency, 0);
    }

    private static void rate(String address, long[] t, long interval, int burst, long jitter,
                             List<String> violations) {
        for (int i = 0; i < t.length; i++) {
            for (int j = i + 1; j < t.length; j++) {
                long window = t[j] - t[i] + jitter;
                long allowed = burst + window / interval;
                if (j - i + 1 > allowed) {
                    violations.add(String.format("%s: %d requests within %.3f s (limit %d at %.3f s interval)",
                            address, j - i + 1, (t[j] - t[i]) / 1e9, allowed, interval / 1e9));
                    return; // one finding per address is enough to fail and to show where
                }
            }
        }
    }
}
