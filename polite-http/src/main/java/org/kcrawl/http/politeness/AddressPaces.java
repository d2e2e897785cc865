package org.kcrawl.http.politeness;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The rates IP addresses learn when several of their hosts are refused together. A server that limits
 * requests per address (nginx's {@code limit_req} keyed by {@code $server_addr}, a shared host's gateway)
 * refuses whichever host's request goes over its limit, so hosts learning alone would keep their sum above
 * it, and their requests, each host spaced on its own, would still arrive too close together. So once two
 * different hosts behind one address are refused within {@link #TOGETHER_NANOS}, the address gets a bucket
 * of its own with a {@link LearnedRate}, starting at the sum of those two hosts' rates: every request to it
 * takes a token, spaced from its real start as a host's requests are, and its hosts' refusals teach the
 * address rather than each host. The address lets go of it when its rate is back to what its hosts together
 * may send, or after it has been idle for {@link #IDLE_NANOS}. The host that took the address's last token
 * waits for the next one a nanosecond longer than the others, so that hosts waking at the same moment take
 * the address's tokens in turn (the last taker is always armed first, and equal wake-ups run in the order
 * they were armed). Guarded by the {@link HostScheduler}'s lock.
 */
final class AddressPaces {
    /** Refusals of two hosts behind one address this close together make the address learn. */
    static final long TOGETHER_NANOS = 10_000_000_000L;
    /** An address unused this long forgets what it learned. */
    static final long IDLE_NANOS = HostPace.SLOW_MEMORY_NANOS;
    /** Hosts counted per address, for the rate they may send together: enough to stop binding. */
    private static final int MAX_HOSTS = 64;

    private final double hostRate;
    private final long maxPause;
    private final Map<String, Pace> paces = new HashMap<>();
    /** The last host refused at each address that has not learned yet. */
    private final Map<String, Refusal> lastRefusal = new HashMap<>();

    /** @param hostRate the configured rate of each host; {@code maxPauseNanos} caps a Retry-After pause */
    AddressPaces(double hostRate, long maxPauseNanos) {
        this.hostRate = hostRate;
        this.maxPause = maxPauseNanos;
    }

    /** True when {@code address} keeps to a learned rate of its own. */
    boolean limits(String address) {
        return address != null && paces.containsKey(address);
    }

    /**
     * The later of {@code hostEligible} and the time {@code address}'s pace lets {@code host}'s next request
     * start: its next token, or a nanosecond after it for the host that took the last one.
     */
    long eligibleAt(String address, String host, long hostEligible) {
        Pace p = address == null ? null : paces.get(address);
        if (p == null) {
            return hostEligible;
        }
        long tokenAt = host.equals(p.lastHost) ? p.tat + 1 : p.tat;
        return hostEligible - tokenAt >= 0 ? hostEligible : tokenAt;
    }

    /** True when {@code address}'s pace, not the host's own, holds a host eligible at {@code hostEligible}. */
    boolean holds(String address, long hostEligible) {
        Pace p = address == null ? null : paces.get(address);
        return p != null && p.tat - hostEligible > 0;
    }

    /**
     * A request of {@code host} to {@code address} is let go at {@code now}: it takes the address's token.
     * Returns whether it goes out on the address's pace (within half an interval of when that pace let it and
     * of one interval after the address's request before it).
     */
    boolean consume(String address, String host, long now) {
        Pace p = paces.get(address);
        if (p == null) {
            return false;
        }
        p.lastHost = host;
        long interval = p.learned.intervalNanos();
        boolean onPace = now - p.tat <= interval / 2 && now - p.lastStart <= interval + interval / 2;
        p.tat = Math.max(p.tat, now) + interval;
        p.lastStart = Math.max(p.lastStart, now);
        return onPace;
    }

    /** The request to {@code address} reached the socket at {@code at}: its next start counts from there. */
    void sent(String address, long at) {
        Pace p = paces.get(address);
        if (p != null) {
            p.tat = Math.max(p.tat, at + p.learned.intervalNanos());
            p.lastStart = Math.max(p.lastStart, at);
        }
    }

    /**
     * {@code host}, behind a learning {@code address}, was refused a request sent at {@code sentAt}: the
     * address's rate falls (unless the request went out before its last cut), and the address pauses for
     * {@code retryAfterNanos} (capped) when it is positive. Returns true when its rate changed.
     */
    boolean refused(String address, String host, long sentAt, long now, long retryAfterNanos) {
        Pace p = paces.get(address);
        p.count(host, hostRate);
        boolean changed = p.learned.refused(p.learned.rate(), sentAt, now);
        p.tat = Math.max(p.tat, p.lastStart + p.learned.intervalNanos());
        if (retryAfterNanos > 0) {
            p.tat = Math.max(p.tat, now + Math.min(retryAfterNanos, maxPause));
        }
        return changed;
    }

    /**
     * {@code host}, behind {@code address} (which does not learn yet), was refused and now keeps to
     * {@code hostRate}: when another host behind it was refused shortly before, the address starts learning,
     * from the two hosts' rates together. Returns true when it did.
     */
    boolean noteRefusal(String address, String host, double rate, long now) {
        if (address == null) {
            return false;
        }
        Refusal last = lastRefusal.get(address);
        if (last == null || last.host.equals(host) || now - last.at > TOGETHER_NANOS) {
            lastRefusal.put(address, new Refusal(host, rate, now));
            return false;
        }
        lastRefusal.remove(address);
        Pace p = new Pace(new LearnedRate(2 * hostRate, rate + last.rate, 0), now);
        p.hosts.add(host);
        p.hosts.add(last.host);
        paces.put(address, p);
        return true;
    }

    /**
     * A request of a host behind {@code address}, sent at {@code sentAt} on the address's pace or not, was
     * answered: the address's rate climbs; back to what its hosts may send together, the address stops
     * learning. Returns true when its rate changed.
     */
    boolean answered(String address, long sentAt, boolean onPace) {
        Pace p = address == null ? null : paces.get(address);
        if (p == null || !p.learned.answered(sentAt, onPace)) {
            return false;
        }
        if (!p.learned.limited()) {
            paces.remove(address);
        }
        // The next token keeps its time (the faster rate counts from the one after): brought forward, it would
        // wake the host whose answer this is before the hosts already waiting for it.
        return true;
    }

    /** The rate {@code address} keeps to, or 0 when it learns none. */
    double rate(String address) {
        Pace p = address == null ? null : paces.get(address);
        return p == null ? 0 : p.learned.rate();
    }

    /** Hosts refused behind {@code address} since it started learning (at most {@value #MAX_HOSTS}). */
    int hostsRefused(String address) {
        Pace p = address == null ? null : paces.get(address);
        return p == null ? 0 : p.hosts.size();
    }

    /** Addresses that keep to a learned rate of their own. */
    Set<String> learning() {
        return paces.keySet();
    }

    /** Forgets addresses idle for {@link #IDLE_NANOS} and refusals too old to pair with another. */
    void forgetIdle(long now) {
        paces.values().removeIf(p -> now - Math.max(p.tat, p.lastStart) > IDLE_NANOS);
        lastRefusal.values().removeIf(r -> now - r.at > TOGETHER_NANOS);
    }

    /** One host refused at an address that does not learn yet: who, at what rate it then kept to, when. */
    private record Refusal(String host, double rate, long at) {}

    /** An address's bucket: its learned rate, the next start it allows, its last real start. */
    private static final class Pace {
        LearnedRate learned;
        long tat;
        long lastStart;
        /** The host that took the last token. */
        String lastHost;
        final Set<String> hosts = new HashSet<>();

        Pace(LearnedRate learned, long now) {
            this.learned = learned;
            this.tat = now;
            this.lastStart = now;
        }

        /** Counts {@code host} among the address's refused hosts; more hosts may send more together. */
        void count(String host, double hostRate) {
            if (hosts.size() < MAX_HOSTS && hosts.add(host)) {
                learned = learned.withMaxRate(hostRate * hosts.size());
            }
        }
    }
}
