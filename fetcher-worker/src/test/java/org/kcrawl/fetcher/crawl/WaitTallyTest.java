package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.http.robots.RobotsUnreachable;
import org.kcrawl.http.robots.RobotsVerdict;

/** What the held URLs wait for is told by the one due first, with its host's robots.txt state. */
class WaitTallyTest {
    private final Instant now = Instant.parse("2030-01-01T00:00:00Z");
    private final RobotsUnreachable refused = new RobotsUnreachable(FailureReason.CONNECT, "connect",
            "http://down.test/robots.txt: cannot connect", now, 1, now.plusSeconds(2), false);
    /** down.test's robots.txt is unreachable, every other host's is fine. */
    private final RobotsPolicy robots = new RobotsPolicy() {
        @Override
        public CompletableFuture<RobotsVerdict> check(String url, Claim claim) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<RobotsUnreachable> unreachable(String url) {
            return url.startsWith("http://down.test/") ? Optional.of(refused) : Optional.empty();
        }
    };

    @Test
    void nothingHeldIsNothingWaiting() {
        assertThat(new WaitTally().waiting(robots, 3).isEmpty()).isTrue();
    }

    @Test
    void theUrlDueFirstTellsWhatTheCrawlWaitsFor() {
        WaitTally tally = new WaitTally();
        tally.add(CrawlRequest.seed("http://up.test/a", now), Duration.ofSeconds(9));
        tally.add(CrawlRequest.seed("http://down.test/", now).retry(now.plusSeconds(2)), Duration.ofSeconds(2));
        tally.add(CrawlRequest.seed("http://up.test/b", now), Duration.ofSeconds(5));

        WaitSummary w = tally.waiting(robots, 3);

        assertThat(w.urls()).isEqualTo(3);
        assertThat(w.hosts()).isEqualTo(2);
        assertThat(w.unreachableHosts()).isEqualTo(1);
        assertThat(w.attempt()).isEqualTo(2);
        assertThat(w.maxAttempts()).isEqualTo(3);
        assertThat(w.dueIn()).isEqualTo(Duration.ofSeconds(2));
        assertThat(w.robots()).isEqualTo(refused);
    }

    @Test
    void aUrlPastItsTimeIsDueNow() {
        WaitTally tally = new WaitTally();
        tally.add(CrawlRequest.seed("http://up.test/a", now), Duration.ofMillis(-5));

        WaitSummary w = tally.waiting(robots, 3);

        assertThat(w.dueIn()).isZero();
        assertThat(w.robots()).isNull();
    }
}
