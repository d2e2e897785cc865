package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The adaptive throttle's rule: up at once to a slower answer's time, down by halves, errors count double. */
class AdaptiveThrottleTest {
    private static final long MS = 1_000_000L;

    @Test
    void aSlowerAnswerLengthensTheIntervalAtOnceToItsTime() {
        assertThat(AdaptiveThrottle.afterAnswer(0, 50 * MS)).isEqualTo(50 * MS);
        assertThat(AdaptiveThrottle.afterAnswer(50 * MS, 2_000 * MS)).isEqualTo(2_000 * MS);
    }

    @Test
    void fasterAnswersShortenItByHalfTheDifferenceEach() {
        long interval = 2_000 * MS;
        interval = AdaptiveThrottle.afterAnswer(interval, 50 * MS);
        assertThat(interval).isEqualTo(1_025 * MS);
        interval = AdaptiveThrottle.afterAnswer(interval, 50 * MS);
        assertThat(interval).isEqualTo(537_500_000L);
        for (int i = 0; i < 20; i++) {
            interval = AdaptiveThrottle.afterAnswer(interval, 50 * MS);
        }
        assertThat(interval).isBetween(50 * MS, 51 * MS);
    }

    @Test
    void aServerErrorOrATimeoutAtLeastDoublesTheInterval() {
        assertThat(AdaptiveThrottle.afterSlowAnswer(200 * MS, 3 * MS)).as("a quick 500").isEqualTo(400 * MS);
        assertThat(AdaptiveThrottle.afterSlowAnswer(200 * MS, 15_000 * MS)).as("a 15 s read timeout")
                .isEqualTo(15_000 * MS);
    }

    @Test
    void neverBeyondOneMinute() {
        assertThat(AdaptiveThrottle.afterAnswer(0, 300_000 * MS)).isEqualTo(AdaptiveThrottle.MAX_INTERVAL_NANOS);
        assertThat(AdaptiveThrottle.afterSlowAnswer(40_000 * MS, 0)).isEqualTo(AdaptiveThrottle.MAX_INTERVAL_NANOS);
        assertThat(AdaptiveThrottle.afterSlowAnswer(Long.MAX_VALUE / 2, 0)).isEqualTo(AdaptiveThrottle.MAX_INTERVAL_NANOS);
    }
}
