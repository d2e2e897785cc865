package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.fetcher.crawl.WaitSummary;
import org.kcrawl.http.robots.RobotsUnreachable;

/** The note says what a crawl with nothing on the wire waits for, so it does not look hung. */
class IdleWaitNoteTest {
    private final Instant now = Instant.parse("2030-01-01T00:00:00Z");

    private RobotsUnreachable unreachable(FailureReason cause, String brief) {
        return new RobotsUnreachable(cause, brief, "detail", now, 1, now.plusSeconds(2), false);
    }

    @Test
    void nothingWaitingIsNoNote() {
        assertThat(IdleWaitNote.of(WaitSummary.none())).isEmpty();
    }

    @Test
    void aHostWhoseRobotsTxtIsUnreachableIsNamedWithTheReasonAndTheRetry() {
        WaitSummary w = new WaitSummary(1, 1, 1, 2, 3, Duration.ofMillis(1_200), unreachable(FailureReason.CONNECT, "connect"));

        assertThat(IdleWaitNote.of(w)).isEqualTo("waiting: 1 host, robots.txt unreachable (connect), retry 2/3 in 2 s");
    }

    @Test
    void theHostsCountedAreThoseWhoseRobotsTxtIsUnreachable() {
        WaitSummary w = new WaitSummary(9, 4, 3, 3, 3, Duration.ofSeconds(48),
                unreachable(FailureReason.ROBOTS_UNAVAILABLE, "HTTP 503"));

        assertThat(IdleWaitNote.of(w)).isEqualTo("waiting: 3 hosts, robots.txt unreachable (HTTP 503), retry 3/3 in 48 s");
    }

    @Test
    void aRetryAfterAFailedFetchIsCountedByItsAttempt() {
        assertThat(IdleWaitNote.of(new WaitSummary(2, 2, 0, 2, 3, Duration.ofMillis(300), null)))
                .isEqualTo("waiting: 2 hosts, retry 2/3 in 1 s");
    }

    @Test
    void anyOtherWaitSaysWhenTheNextUrlGoes() {
        assertThat(IdleWaitNote.of(new WaitSummary(5, 1, 0, 1, 3, Duration.ofSeconds(40), null)))
                .isEqualTo("waiting: 1 host, next URL in 40 s");
        assertThat(IdleWaitNote.of(new WaitSummary(5, 1, 0, 1, 3, Duration.ZERO, null)))
                .isEqualTo("waiting: 1 host, next URL in 0 s");
    }
}
