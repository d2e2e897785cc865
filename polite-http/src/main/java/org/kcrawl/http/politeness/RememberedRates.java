package org.kcrawl.http.politeness;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Learned rates of hosts the {@link HostScheduler} holds no state for now: resumed from the partition's
 * previous owner ({@link HostScheduler#resumeRates}), or kept when an idle host was forgotten. A host seen
 * again takes its rate back, so it does not start at the configured rate and get refused all over. At most
 * {@link #MAX_HOSTS}, the least recently kept going first; a partition's are dropped when it goes. Guarded
 * by the scheduler's lock.
 */
final class RememberedRates {
    /** Hosts remembered at most (about 100 bytes each). */
    static final int MAX_HOSTS = 100_000;

    private final double maxRate;
    private final Map<String, HostRate> rates = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, HostRate> eldest) {
            return size() > MAX_HOSTS;
        }
    };

    /** @param maxRate the configured rate, which no resumed rate exceeds */
    RememberedRates(double maxRate) {
        this.maxRate = maxRate;
    }

    /** Remembers {@code rate} for its host (replacing what was kept), or forgets it when it is not limited. */
    void keep(HostRate rate) {
        rates.remove(rate.host());
        if (rate.limited()) {
            rates.put(rate.host(), rate);
        }
    }

    /** Remembers each of {@code resumed} that is limited. */
    void keepAll(Collection<HostRate> resumed) {
        resumed.forEach(this::keep);
    }

    /** The learned rate of {@code host}, taken out of memory, or null when none is remembered. */
    LearnedRate take(String host) {
        HostRate r = rates.remove(host);
        return r == null ? null : new LearnedRate(maxRate, r.rate(), r.refusedAt());
    }

    /** Forgets the rates of the hosts of {@code partitions}. */
    void drop(Collection<Integer> partitions) {
        rates.values().removeIf(r -> partitions.contains(r.partition()));
    }

    /** Hosts remembered. */
    int size() {
        return rates.size();
    }
}
