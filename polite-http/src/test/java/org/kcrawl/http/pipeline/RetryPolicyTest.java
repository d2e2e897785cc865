package org.kcrawl.http.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {
    private final Instant now = Instant.parse("2030-01-01T00:00:00Z");
    private final AtomicReference<Double> random = new AtomicReference<>(1.0);
    private final RetryPolicy policy = new RetryPolicy(4, Duration.ofSeconds(1), Duration.ofSeconds(5), random::get);

    @Test
    void theCeilingDoublesPerAttemptUpToTheCap() {
        assertThat(policy.backoff(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(policy.backoff(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(policy.backoff(3)).isEqualTo(Duration.ofSeconds(4));
        assertThat(policy.backoff(4)).isEqualTo(Duration.ofSeconds(5));
        assertThat(policy.backoff(200)).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void fullJitterSpreadsBetweenZeroAndTheCeiling() {
        random.set(0.0);
        assertThat(policy.backoff(3)).isEqualTo(Duration.ZERO);
        random.set(0.25);
        assertThat(policy.backoff(3)).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void noRetryOnceTheAttemptsAreUsedUp() {
        assertThat(policy.nextAttemptAt(3, null, now)).isEqualTo(now.plusSeconds(4));
        assertThat(policy.nextAttemptAt(4, null, now)).isNull();
    }

    @Test
    void aRetryAfterLongerThanTheBackOffWins() {
        random.set(0.5);
        assertThat(policy.nextAttemptAt(1, Duration.ofSeconds(30), now)).isEqualTo(now.plusSeconds(30));
        assertThat(policy.nextAttemptAt(1, Duration.ofMillis(100), now)).isEqualTo(now.plusMillis(500));
    }

    @Test
    void aRetryAfterIsHonouredOnlyUpToItsCap() {
        RetryPolicy capped = new RetryPolicy(4, Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofMinutes(10),
                random::get);
        assertThat(capped.nextAttemptAt(1, Duration.ofDays(2), now)).isEqualTo(now.plus(Duration.ofMinutes(10)));
        assertThat(capped.nextAttemptAt(1, Duration.ofMinutes(3), now)).isEqualTo(now.plus(Duration.ofMinutes(3)));
    }

    @Test
    void argumentsAreCheckedByName() {
        assertThatThrownBy(() -> new RetryPolicy(0, Duration.ofSeconds(1), Duration.ofSeconds(1), () -> 0))
                .hasMessageContaining("maxAttempts");
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ofSeconds(2), Duration.ofSeconds(1), () -> 0))
                .hasMessageContaining("maxDelay");
        assertThatThrownBy(() -> new RetryPolicy(1, Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(-1), () -> 0)).hasMessageContaining("maxRetryAfter");
    }
}
