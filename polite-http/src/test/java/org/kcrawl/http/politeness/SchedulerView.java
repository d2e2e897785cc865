package org.kcrawl.http.politeness;

import java.time.Duration;

/**
 * What tests look at inside a {@link HostScheduler}, one host or address at a time (the worker itself
 * reads only the scheduler's totals). Each read takes the scheduler's lock, so it sees a consistent state.
 */
public final class SchedulerView {
    private SchedulerView() {
    }

    /** Tasks waiting in {@code host}'s queue. */
    public static int queued(HostScheduler s, String host) {
        return s.readHost(host, h -> h == null ? 0 : h.queue.size());
    }

    /** Tasks of {@code host} started and not yet released. */
    public static int inFlight(HostScheduler s, String host) {
        return s.readHost(host, h -> h == null ? 0 : h.inFlight);
    }

    /** Tasks started and not yet released that count against {@code address}. */
    public static int inFlightAt(HostScheduler s, String address) {
        return s.readAddresses(caps -> caps.inFlightAt(address));
    }

    /** The address {@code host}'s requests count against, or null while unknown. */
    public static String addressOf(HostScheduler s, String host) {
        return s.readHost(host, h -> h == null ? null : h.address);
    }

    /**
     * When the first request to {@code host}, first seen within an interval of its partition's claim at
     * {@code claimedAt}, may start: at its place in the interval after the first ({@link HostPace#placeOf}).
     */
    public static long firstStart(String host, long claimedAt, long intervalNanos) {
        return HostPace.nextPlace(HostPace.placeOf(host), claimedAt + intervalNanos, intervalNanos);
    }

    /** The current interval between requests to {@code host}, or null when the host is unknown. */
    public static Duration interval(HostScheduler s, String host) {
        return s.readHost(host, h -> h == null ? null : Duration.ofNanos(h.pace.interval()));
    }
}
