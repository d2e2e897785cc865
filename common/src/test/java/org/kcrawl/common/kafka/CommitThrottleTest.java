package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CommitThrottleTest {
    private static final long MS = 1_000_000;

    @Test
    void theFirstCommitGoesOutAtOnceAndTheNextOnlyAfterTheInterval() {
        CommitThrottle throttle = new CommitThrottle(Duration.ofMillis(250));
        long t0 = -5_000 * MS; // nanoTime readings may be negative
        assertThat(throttle.due(t0)).isTrue();
        throttle.sent(t0);
        assertThat(throttle.due(t0 + 249 * MS)).isFalse();
        assertThat(throttle.due(t0 + 250 * MS)).isTrue();
    }

    @Test
    void aQuietSpellDoesNotDelayTheNextCommit() {
        CommitThrottle throttle = new CommitThrottle(Duration.ofMillis(250));
        throttle.sent(0);
        // Nothing was committable for a while: due stays true and the next commit goes out when asked.
        assertThat(throttle.due(10_000 * MS)).isTrue();
        throttle.sent(10_000 * MS);
        assertThat(throttle.due(10_100 * MS)).isFalse();
    }

    @Test
    void saysHowLongUntilTheNextCommitMayGoOut() {
        CommitThrottle throttle = new CommitThrottle(Duration.ofMillis(100));
        assertThat(throttle.nanosUntilDue(-7 * MS)).isZero();
        throttle.sent(-7 * MS);
        assertThat(throttle.nanosUntilDue(-7 * MS)).isEqualTo(100 * MS);
        assertThat(throttle.nanosUntilDue(33 * MS)).isEqualTo(60 * MS);
        assertThat(throttle.nanosUntilDue(93 * MS)).isZero();
        assertThat(throttle.nanosUntilDue(5_000 * MS)).isZero();
    }

    @Test
    void aZeroIntervalNeverHoldsACommitBack() {
        CommitThrottle throttle = new CommitThrottle(Duration.ZERO);
        throttle.sent(7);
        assertThat(throttle.due(7)).isTrue();
    }

    @Test
    void refusesANegativeInterval() {
        assertThatThrownBy(() -> new CommitThrottle(Duration.ofMillis(-1))).hasMessageContaining("interval");
    }
}
