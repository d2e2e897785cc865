package org.kcrawl.http.politeness;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The hosts the {@link HostScheduler} holds whose server's refusals keep them below the configured rate,
 * and the addresses that learned a rate of their own ({@link AddressPaces}): how many there are, read from
 * any thread, and the slowest of them for the progress line. The scheduler hands a host to {@link #track}
 * whenever its learned rate may have changed. Written under the scheduler's lock.
 */
final class LimitedHosts {
    private final Set<HostState> hosts = new HashSet<>();
    private final AddressPaces addresses;
    private volatile int count;

    LimitedHosts(AddressPaces addresses) {
        this.addresses = addresses;
    }

    /** Counts {@code h} when its learned rate is below the configured one, and no longer when it is not. */
    void track(HostState h) {
        if (h.pace.limited() ? hosts.add(h) : hosts.remove(h)) {
            count = hosts.size();
        }
    }

    /** Stops counting {@code h}, which the scheduler forgets. */
    void forget(HostState h) {
        if (hosts.remove(h)) {
            count = hosts.size();
        }
    }

    /** Hosts kept below the configured rate by their servers; safe to read from any thread. */
    int hosts() {
        return count;
    }

    /** The lowest rate a limited host or a learning address keeps to; 0 when there is none. */
    double slowestRate() {
        double min = Double.MAX_VALUE;
        for (String a : addresses.learning()) {
            min = Math.min(min, addresses.rate(a));
        }
        for (HostState h : hosts) {
            min = Math.min(min, h.pace.learned().rate());
        }
        return min == Double.MAX_VALUE ? 0 : min;
    }

    /**
     * The {@code max} slowest of the learning addresses and the limited hosts, those holding queued requests
     * back first (an address is taken to); a host behind a learning address is counted in its address's
     * entry.
     */
    List<ServerLimit> slowest(int max) {
        List<ServerLimit> all = new ArrayList<>();
        for (String a : addresses.learning()) {
            all.add(new ServerLimit(a, addresses.hostsRefused(a), addresses.rate(a), true));
        }
        for (HostState h : hosts) {
            if (!addresses.limits(h.address)) {
                all.add(new ServerLimit(h.host, 1, h.pace.learned().rate(), h.heldBy == HeldBy.SERVER_LIMIT));
            }
        }
        all.sort(Comparator.comparing((ServerLimit l) -> !l.held()).thenComparingDouble(ServerLimit::rate));
        return all.size() > max ? List.copyOf(all.subList(0, max)) : all;
    }
}
