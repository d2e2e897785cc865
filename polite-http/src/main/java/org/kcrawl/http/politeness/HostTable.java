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
 * first request waits until one interval after the claim began. A known host first seen under a new
 * claim (its partition came back) is treated alike. Claims are stamped with {@link System#nanoTime()},
 * the {@link SystemTimeSource}'s clock; tests that drive a fake clock stamp their claims with it. In a
 * fresh crawl this delays only hosts that show up within the first interval, by less than that
 * interval; later hosts start at once, which is polite because nobody has sent them anything within
 * an interval.
 */
final class HostTable {
    /** How often rested hosts are looked for ({@link #forgetRested}). */
    static final long SWEEP_INTERVAL_NANOS = 30_000_000_000L;

    private final PolitenessSettings settings;
    private final Backlog backlog;
    private final AddressCaps addressCaps;
    private final Map<String, HostState> hosts = new HashMap<>();

    /** @param backlog counts the tasks of every host's queue; {@code addressCaps} loses forgotten hosts */
    HostTable(PolitenessSettings settings, Backlog backlog, AddressCaps addressCaps) {
        this.settings = settings;
        this.backlog = backlog;
        this.addressCaps = addressCaps;
    }

    /**
     * The state of {@code host}, created (and its address looked up) on first sight. A host first seen
     * under {@code claim} gets a bucket empty since the claim began: until then another worker may have
     * talked to it.
     */
    HostState stateOf(String host, Claim claim, long now, AddressLookups.Batch lookup) {
        HostState h = hosts.get(host);
        if (h == null) {
            h = new HostState(host, claim, new HostPace(settings, claim.since()), now, backlog);
            hosts.put(host, h);
            lookup.begin(h);
        } else if (h.claim != claim) {
            h.claim = claim;
            h.pace.emptyAt(claim.since());
        }
        return h;
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

    /** Forgets the idle hosts last seen under one of the {@code revoked} partitions. */
    void forgetIdle(Set<Integer> revoked) {
        hosts.values().removeIf(h -> revoked.contains(h.claim.partition().partition()) && h.idle() && forget(h));
    }

    /** Forgets idle hosts whose state equals a fresh one. */
    void forgetRested(long now) {
        hosts.values().removeIf(h -> h.idle() && h.pace.rested(now) && h.parkedThrough - now <= 0 && forget(h));
    }

    /** Takes {@code h} out of its address's line as it is forgotten; true, to end a removal's condition. */
    private boolean forget(HostState h) {
        addressCaps.stopWaiting(h);
        return true;
    }
}
