package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.function.LongSupplier;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.kafka.Transactions;
import org.kcrawl.http.client.PageMemory;
import org.kcrawl.http.politeness.StartGate;

/**
 * Exactly once, a fetched page is safe only once its transaction commits: a fetcher that dies first loses it,
 * and the URL's next owner fetches it again. Commits come every 100 ms, but a broker going away holds one for
 * seconds, and fetching on meanwhile only grows what a kill then loses (a churn run: 57 pages fetched while
 * a dying broker held a commit 6 s, all fetched again after the fetcher was SIGKILLed). This gate holds new
 * requests back while the oldest output not yet committed (from its hand-over to the outputs, see
 * {@link OutputPublisher#uncommittedSinceNanos}) is older than {@link #MAX_AGE}, so that a fetcher killed at any moment
 * loses at most that much fetching plus the requests in flight. What may open it again (a transaction begins,
 * queued outputs reach one) calls {@link #maybeOpened}, which wakes the scheduler if the gate held it back.
 *
 * <p>At least once there is nothing to hold: an output is safe when acknowledged, and the page memory's own
 * gate already waits for acknowledgements.
 */
final class CommitHold implements StartGate {
    /**
     * Three commit intervals: a healthy commit takes milliseconds, so fetching is held back only while a commit
     * is stuck (a coordinator or partition leader away) or slowed (seen at 1.6 s on a machine overloaded by other
     * crawls), which is when a kill would lose the most. At a second, ChaosCrawlIT's fetchers killed after a
     * slow commit lost pages fetched up to 441 ms before, 20 at one kill; the docs scenario's crawl runs as fast
     * with 300 ms (843 and 762 pages/s against 692 and 925 with a second, alternated).
     */
    static final Duration MAX_AGE = Duration.ofMillis(300);

    private final LongSupplier uncommittedSince;
    private final LongSupplier clock;
    private final long maxAgeNanos;
    private final Runnable wake;
    private volatile boolean held;

    /**
     * What a fetcher's new requests wait for besides politeness: room in the page memory ({@code pages}) and,
     * exactly once, a commit that is not stuck (a hold over {@code fetchOutputs}, opened by {@code outputs}'
     * transactions and hand-overs, calling {@code wake} when it opens).
     */
    static StartGate gate(Transactions outputs, OutputPublisher fetchOutputs, PageMemory pages, Runnable wake) {
        if (!outputs.exactlyOnce()) {
            return pages;
        }
        CommitHold hold = new CommitHold(fetchOutputs::uncommittedSinceNanos, System::nanoTime, MAX_AGE, wake);
        outputs.onBegin(hold::maybeOpened);
        fetchOutputs.onHandedOn(hold::maybeOpened);
        return () -> pages.open() && hold.open();
    }

    /**
     * A gate over {@code uncommittedSince} (the {@code clock} time of the oldest uncommitted output, -1 when
     * there is none), calling {@code wake} when it opens again.
     */
    CommitHold(LongSupplier uncommittedSince, LongSupplier clock, Duration maxAge, Runnable wake) {
        if (uncommittedSince == null || clock == null || maxAge == null || maxAge.isNegative() || wake == null) {
            throw new IllegalArgumentException("uncommittedSince, clock, wake and a maxAge >= 0 are required");
        }
        this.uncommittedSince = uncommittedSince;
        this.clock = clock;
        this.maxAgeNanos = maxAge.toNanos();
        this.wake = wake;
    }

    @Override
    public boolean open() {
        if (young()) {
            return true;
        }
        // Marked before the second look: a transaction that begins in between either shows here or sees the
        // mark and wakes the scheduler, so a held request is never left waiting for a wake that never comes.
        held = true;
        return young();
    }

    private boolean young() {
        long since = uncommittedSince.getAsLong();
        return since < 0 || clock.getAsLong() - since < maxAgeNanos;
    }

    /** True when the gate has held a request back since it was last told it may have opened. */
    boolean held() {
        return held;
    }

    /**
     * A transaction began, or outputs waiting for one were sent: what was held back may start now (if
     * anything was, the scheduler is woken and looks again).
     */
    void maybeOpened() {
        if (held) {
            held = false;
            wake.run();
        }
    }
}
