package org.kcrawl.http.politeness;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

/**
 * The hosts the {@link HostScheduler} holds state for, by name: created on first sight and forgotten
 * once they hold nothing (idle, rested, nothing parked ahead), so memory follows the active hosts only.
 * Guarded by the scheduler's lock.
 *
 * <p>A host seen for the first time gets a bucket that was empty when its partition was claimed by
 * this worker ({@link Claim#since()}): until then another fetcher may have been talking to it, so its
 * first request waits until one interval after the claim began, and then for its place in the next
 * interval ({@link HostPace#placeOf}), so that the hosts of a partition do not all start in one instant. A known host first seen under a new
 * claim (its partition came back) is treated alike. Claims are stamped with {@link System#nanoTime()},
 * the {@link SystemTimeSource}'s clock; tests that drive a fake clock stamp their claims with it. In a
 * fresh crawl this delays only hosts that show up within the first two intervals, by less than two
 * intervals; later hosts start at once, which is polite because nobody has sent them anything within
 * an interval.
 */
final class HostTable {
    /** How often rested hosts are looked for ({@link #forgetRested}). */
    static final long SWEEP_INTERVAL_NANOS = 30_000_000_000L;

    private final PolitenessSettings settings;
    private final Backlog backlog;
    private final AddressCaps addressCaps;
    private final RememberedRates remembered;
    private final LimitedHosts limited;
    private final Map<String, HostState> hosts = new HashMap<>();

    /**
     * @param backlog counts the tasks of every host's queue; {@code addressCaps} and {@code limited} lose
     *                forgotten hosts, and {@code remembered} keeps their learned rates and gives them back
     */
    HostTable(PolitenessSettings settings, Backlog backlog, AddressCaps addressCaps, RememberedRates remembered,
              LimitedHosts limited) {
        this.settings = settings;
        this.backlog = backlog;
        this.addressCaps = addressCaps;
        this.remembered = remembered;
        this.limited = limited;
    }

    /**
     * The state of {@code host}, created (and its address looked up) on first sight. A host first seen
     * under {@code claim} gets a bucket empty since the claim began: until then another worker may have
     * talked to it; and the rate it learned before, when one is remembered.
     */
    HostState stateOf(String host, Claim claim, long now, AddressLookups.Batch lookup) {
        HostState h = hosts.get(host);
        if (h == null) {
            h = new HostState(host, claim, new HostPace(settings, claim.since(), HostPace.placeOf(host)), now, backlog);
            hosts.put(host, h);
            h.pace.resume(remembered.take(host));
            limited.track(h);
            lookup.begin(h);
        } else if (h.claim != claim) {
            h.claim = claim;
            h.pace.emptyAt(claim.since());
        }
        return h;
    }

    /** Remembers the rates hosts learned before, for those not held now (one held keeps what it learned since). */
    void resume(Collection<HostRate> learned) {
        for (HostRate r : learned) {
            if (!hosts.containsKey(r.host())) {
                remembered.keep(r);
            }
        }
    }

    /** The state of {@code host}, or null when it is not held. */
    HostState get(String host) {
        return hosts.get(host);
    }

    /** Whether {@code h} is still the state held for its host (not forgotten, nor replaced since). */
    boolean holds(HostState h) {
        return hosts.get(h.host) == h;
    }

    /** Every host held. */
    Collection<HostState> all() {
        return hosts.values();
    }

    /** How many hosts are held. */
    int size() {
        return hosts.size();
    }

    /** Forgets the idle hosts last seen under one of the {@code revoked} partitions, and their learned rates. */
    void forgetIdle(Set<Integer> revoked) {
        hosts.values().removeIf(h -> revoked.contains(h.claim.partition().partition()) && h.idle() && forget(h));
        remembered.drop(revoked);
    }

    /** Forgets idle hosts whose state equals a fresh one but for a learned rate, which is remembered. */
    void forgetRested(long now) {
        hosts.values().removeIf(h -> h.idle() && h.pace.rested(now) && h.parkedThrough - now <= 0 && remember(h)
                && forget(h));
    }

    /** Takes the learned rate of a host being forgotten into memory; true, to go on with the removal. */
    private boolean remember(HostState h) {
        if (h.pace.limited()) {
            remembered.keep(PaceFeedback.rateOf(h));
        }
        return true;
    }

    /**
     * Takes {@code h} out of its address's line and the limited hosts as it is forgotten; true, to end a
     * removal's condition.
     */
    private boolean forget(HostState h) {
        addressCaps.stopWaiting(h);
        limited.forget(h);
        return true;
    }
}
