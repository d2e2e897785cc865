package org.kcrawl.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class InFlightLimiterTest {

    @Test
    void admitsWithinBothCapsOnly() {
        InFlightLimiter limiter = new InFlightLimiter(3, 2);
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).as("per-host cap").isFalse();
        assertThat(limiter.tryAcquire("b")).isTrue();
        assertThat(limiter.tryAcquire("c")).as("global cap").isFalse();
        assertThat(limiter.total()).isEqualTo(3);
        assertThat(limiter.forHost("a")).isEqualTo(2);
        limiter.release("a");
        assertThat(limiter.tryAcquire("c")).isTrue();
        assertThat(limiter.forHost("c")).isEqualTo(1);
    }

    @Test
    void releaseWithoutAcquireIsABug() {
        InFlightLimiter limiter = new InFlightLimiter(3, 2);
        assertThatThrownBy(() -> limiter.release("x")).isInstanceOf(IllegalStateException.class);
    }
}
