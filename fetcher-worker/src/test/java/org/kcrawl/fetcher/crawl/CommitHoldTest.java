package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CommitHoldTest {
    private static final long MS = 1_000_000;

    private final AtomicLong now = new AtomicLong(1_000 * MS);
    private final AtomicLong since = new AtomicLong(-1);
    private final AtomicInteger wakes = new AtomicInteger();
    private final CommitHold hold = new CommitHold(since::get, now::get, Duration.ofSeconds(1), wakes::incrementAndGet);

    @Test
    void requestsStartWhileTheOldestUncommittedOutputIsYoungerThanTheBound() {
        assertThat(hold.open()).as("nothing uncommitted").isTrue();
        since.set(now.get());
        now.addAndGet(999 * MS);
        assertThat(hold.open()).as("a commit under way, not stuck").isTrue();
        assertThat(hold.held()).isFalse();

        now.addAndGet(MS);
        assertThat(hold.open()).as("a commit held a second: no new request").isFalse();
        assertThat(hold.held()).isTrue();
    }

    @Test
    void theNextTransactionReopensTheGateAndWakesTheSchedulerOnlyIfItHeldARequestBack() {
        hold.maybeOpened();
        assertThat(wakes).as("nothing was held back: no wake").hasValue(0);

        since.set(now.get());
        now.addAndGet(5_000 * MS);
        assertThat(hold.open()).isFalse();

        since.set(-1); // the commit went through and the next transaction began
        hold.maybeOpened();
        assertThat(wakes).hasValue(1);
        assertThat(hold.held()).isFalse();
        assertThat(hold.open()).isTrue();
        hold.maybeOpened();
        assertThat(wakes).as("one wake per hold").hasValue(1);
    }

    @Test
    void aTransactionBegunBetweenTheTwoLooksIsSeenBeforeTheGateCloses() {
        AtomicInteger looks = new AtomicInteger();
        // The first look finds a stuck commit; before the second, the transaction ends and the next begins.
        CommitHold racing = new CommitHold(() -> looks.incrementAndGet() == 1 ? 0 : -1, now::get,
                Duration.ofSeconds(1), wakes::incrementAndGet);
        assertThat(racing.open()).as("the second look sees the new transaction").isTrue();
    }
}
