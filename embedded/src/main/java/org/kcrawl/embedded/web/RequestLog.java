package org.kcrawl.embedded.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every request and connection the synthetic web received, safe to write from all event loops and
 * read from a test thread at once; the politeness oracle (concurrency and spacing per host). Holds at
 * most a fixed number of events and counts what it had to drop, so a runaway client cannot exhaust
 * the heap and a test can still tell that the log is incomplete.
 */
public final class RequestLog {
    private static final Comparator<RequestEvent> BY_START = Comparator.comparingLong(RequestEvent::startNanos);

    private final int capacity;
    private final Queue<RequestEvent> all = new ConcurrentLinkedQueue<>();
    private final Map<String, Queue<RequestEvent>> byHost = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> connections = new ConcurrentHashMap<>();
    private final AtomicLong size = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    RequestLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, was " + capacity);
        }
        this.capacity = capacity;
    }

    void record(RequestEvent event) {
        if (size.incrementAndGet() > capacity) {
            size.decrementAndGet();
            dropped.incrementAndGet();
            return;
        }
        all.add(event);
        byHost.computeIfAbsent(event.host(), h -> new ConcurrentLinkedQueue<>()).add(event);
    }

    void connectionOpened(String host) {
        connections.computeIfAbsent(host, h -> new LongAdder()).increment();
    }

    /** The requests to {@code host} ({@code 127.0.0.X}), ordered by arrival. */
    public List<RequestEvent> of(String host) {
        Objects.requireNonNull(host, "host");
        return sorted(byHost.getOrDefault(host, new ConcurrentLinkedQueue<>()));
    }

    /** All requests, ordered by arrival. */
    public List<RequestEvent> all() {
        return sorted(all);
    }

    /** Number of requests recorded. */
    public int size() {
        return (int) Math.min(Integer.MAX_VALUE, size.get());
    }

    /** Requests not recorded because the log was full; a non-zero value means the log is incomplete. */
    public long dropped() {
        return dropped.get();
    }

    /** The hosts that received at least one request, in address order. */
    public Set<String> hosts() {
        return new TreeSet<>(byHost.keySet());
    }

    /** Connections accepted by {@code host}; with keep-alive a client needs far fewer than it sends requests. */
    public long connectionsOpened(String host) {
        Objects.requireNonNull(host, "host");
        LongAdder count = connections.get(host);
        return count == null ? 0 : count.sum();
    }

    /** The largest number of requests to {@code host} that were being served at the same instant. */
    public int maxConcurrency(String host) {
        return maxConcurrency(of(host));
    }

    /** How many times each request target of {@code host} was requested, to find double fetches. */
    public Map<String, Long> countByPath(String host) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (RequestEvent e : of(host)) {
            counts.merge(e.path(), 1L, Long::sum);
        }
        return counts;
    }

    /** The smallest gap between the starts of consecutive requests to {@code host}; {@link Long#MAX_VALUE} under two requests. */
    public long minIntervalNanos(String host) {
        return minIntervalNanos(of(host));
    }

    /** Forgets all requests and connection counts; call while no request is in flight. */
    public void clear() {
        all.clear();
        byHost.clear();
        connections.clear();
        size.set(0);
        dropped.set(0);
    }

    /**
     * The largest number of closed {@code [start, end]} intervals that share an instant. Intervals that
     * only touch count as overlapping, so the answer errs towards reporting a politeness breach.
     */
    public static int maxConcurrency(List<RequestEvent> events) {
        int n = events.size();
        long[] starts = new long[n];
        long[] ends = new long[n];
        for (int i = 0; i < n; i++) {
            starts[i] = events.get(i).startNanos();
            ends[i] = events.get(i).endNanos();
        }
        Arrays.sort(starts);
        Arrays.sort(ends);
        int open = 0;
        int max = 0;
        int e = 0;
        for (long start : starts) {
            while (ends[e] < start) {
                open--;
                e++;
            }
            open++;
            max = Math.max(max, open);
        }
        return max;
    }

    /** The smallest gap between consecutive request starts; {@link Long#MAX_VALUE} for fewer than two events. */
    public static long minIntervalNanos(List<RequestEvent> events) {
        long[] starts = events.stream().mapToLong(RequestEvent::startNanos).sorted().toArray();
        long min = Long.MAX_VALUE;
        for (int i = 1; i < starts.length; i++) {
            min = Math.min(min, starts[i] - starts[i - 1]);
        }
        return min;
    }

    private static List<RequestEvent> sorted(Queue<RequestEvent> events) {
        List<RequestEvent> copy = new ArrayList<>(events);
        copy.sort(BY_START);
        return List.copyOf(copy);
    }
}
