package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.http.politeness.SchedulerView.addressOf;
import static org.kcrawl.http.politeness.SchedulerView.interval;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.client.HttpResult;

/** What each fetch outcome tells the host's pace, with the adaptive throttle on. */
class ResponseFeedbackTest {
    private final FakeTime time = new FakeTime();
    private final SchedulerProbe probe = new SchedulerProbe(time);
    private final HostScheduler scheduler = new HostScheduler(new PolitenessSettings(5, 1, 1, 10,
            Duration.ofSeconds(30), Duration.ofMinutes(10), 10, Duration.ofMinutes(1), 100).withAdaptive(true), time);

    /** The interval of a host after its only request ended with {@code result} or {@code error}, 10 ms after it was written. */
    private Duration after(HttpResult result, Throwable error) {
        probe.assign(0);
        time.advance(Duration.ofSeconds(5));
        scheduler.submit(probe.held("a", 0), null);
        Permit permit = probe.open.get("a").pollFirst();
        time.advanceNanos(10_000_000L);
        ResponseFeedback.release(permit, result, error, time.now());
        return interval(scheduler, "a");
    }

    private static HttpResult status(int status, Map<String, String> headers) {
        return new HttpResult("http://a/", status, headers, "text/html", new byte[0], false, 10, "10.0.0.1");
    }

    @Test
    void anAnswerInTimeLeavesTheRate() {
        assertThat(after(status(404, Map.of()), null)).isEqualTo(Duration.ofMillis(200));
        assertThat(addressOf(scheduler, "a")).as("the dialed address is learned").isEqualTo("10.0.0.1");
    }

    @Test
    void aServerErrorCountsAsSlow() {
        assertThat(after(status(500, Map.of()), null)).isEqualTo(Duration.ofMillis(400));
    }

    @Test
    void aTimeoutCountsAsSlowAsItComesFromTheClientWrappedOrNot() {
        FetchException timeout = new FetchException(FailureReason.TIMEOUT, "read timed out");
        assertThat(after(null, new CompletionException(timeout))).isEqualTo(Duration.ofMillis(400));
    }

    @Test
    void noConnectionSaysNothingAboutTheHostsSpeed() {
        assertThat(after(null, new FetchException(FailureReason.CONNECT, "connection refused")))
                .isEqualTo(Duration.ofMillis(200));
    }

    @Test
    void tooManyRequestsThrottlesAsBefore() {
        assertThat(after(status(429, Map.of("retry-after", "3")), null)).as("doubled by the slow-down")
                .isEqualTo(Duration.ofMillis(400));
        time.advance(Duration.ofMillis(2_900));
        scheduler.submit(probe.held("a", 0), null);
        assertThat(probe.startsOf("a")).as("paused for the Retry-After").hasSize(1);
        time.advance(Duration.ofMillis(200));
        assertThat(probe.startsOf("a")).hasSize(2);
    }
}
