package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.ConsumerLag.Lag;
import org.kcrawl.common.topic.CrawlTopics;

/** When a local crawl counts as drained, with and without a parser. */
class DrainCheckTest {
    private final CrawlTopics topics = new CrawlTopics("t");
    private final FakeWorkers workers = new FakeWorkers();
    private final Map<String, Long> lagByGroup = new HashMap<>();
    private final Map<String, Long> endByGroup = new HashMap<>();
    private final List<String> probed = new ArrayList<>();

    private Lag lag(String group, List<String> topicNames) {
        probed.add(group);
        return new Lag(lagByGroup.getOrDefault(group, 0L), endByGroup.getOrDefault(group, 0L));
    }

    @Test
    void aFullCrawlWaitsForTheParsersToReadEveryPage() {
        DrainCheck check = new DrainCheck(workers, this::lag, topics, true, 1);
        lagByGroup.put(topics.parserGroup(), 5L);

        assertThat(check.idle()).isFalse();

        lagByGroup.put(topics.parserGroup(), 0L);
        assertThat(check.idle()).isTrue();
        assertThat(check.watched()).extracting(DrainCheck.Watched::group)
                .containsExactly(topics.fetcherGroup(), topics.parserGroup(), topics.parkingGroup());
    }

    @Test
    void theBacklogSumsTheLagOfEveryWatchedGroup() {
        DrainCheck full = new DrainCheck(workers, this::lag, topics, true, 1);
        lagByGroup.put(topics.fetcherGroup(), 7L);
        lagByGroup.put(topics.parserGroup(), 5L);
        lagByGroup.put(topics.parkingGroup(), 2L);

        assertThat(full.backlog()).isEqualTo(14L);
        // A fetch-only crawl does not count the pages nobody will parse.
        assertThat(new DrainCheck(workers, this::lag, topics, false, 1).backlog()).isEqualTo(9L);
    }

    @Test
    void busyWorkersAreNotProbed() {
        DrainCheck check = new DrainCheck(workers, this::lag, topics, true, 1);
        workers.inFlight = 1;

        assertThat(check.idle()).isFalse();
        assertThat(probed).isEmpty();
    }

    @Test
    void aMessageProducedBetweenTwoIdleChecksStartsTheCountAgain() {
        // Between two checks a parser acknowledged its links, committed its page and went idle: every
        // lag reads 0 again, but the urls topic grew. Only an unchanged end proves nothing passed.
        DrainCheck check = new DrainCheck(workers, this::lag, topics, true, 2);
        endByGroup.put(topics.fetcherGroup(), 10L);

        assertThat(check.idle()).isFalse();
        endByGroup.put(topics.fetcherGroup(), 11L);
        assertThat(check.idle()).as("idle again, but a message arrived in between").isFalse();
        assertThat(check.idle()).as("nothing arrived since").isTrue();
    }

    @Test
    void aFetchOnlyCrawlDrainsWhateverTheParserGroupsLag() {
        // Nothing reads the pages in the parser group of a fetch-only crawl: its lag only grows.
        DrainCheck check = new DrainCheck(workers, this::lag, topics, false, 1);
        lagByGroup.put(topics.parserGroup(), 10_000L);

        assertThat(check.idle()).isTrue();
        assertThat(probed).doesNotContain(topics.parserGroup());
        assertThat(check.watched()).extracting(DrainCheck.Watched::group)
                .containsExactly(topics.fetcherGroup(), topics.parkingGroup());
    }

    @Test
    void aFetchOnlyCrawlStillWaitsForUrlsParkedUrlsAndTheFetcher() {
        DrainCheck check = new DrainCheck(workers, this::lag, topics, false, 1);

        lagByGroup.put(topics.fetcherGroup(), 1L);
        assertThat(check.idle()).isFalse();
        lagByGroup.put(topics.fetcherGroup(), 0L);

        lagByGroup.put(topics.parkingGroup(), 3L);
        assertThat(check.idle()).isFalse();
        lagByGroup.put(topics.parkingGroup(), 0L);

        workers.inFlight = 1;
        assertThat(check.idle()).isFalse();
        workers.inFlight = 0;
        workers.queued = 2;
        assertThat(check.idle()).isFalse();
        workers.queued = 0;
        workers.pending = 1;
        assertThat(check.idle()).isFalse();
        workers.pending = 0;

        assertThat(check.idle()).isTrue();
    }

    /**
     * Checks come every 25 ms so that a crawl's end is seen soon after its last record; a crawl idle with URLs
     * parked for minutes must not ask the broker for the groups' offsets at that pace the whole time.
     */
    @Test
    void aProbeThatFoundWorkLeftHoldsTheNextOneBackButAnIdleOneDoesNot() {
        long[] now = {0};
        DrainCheck check = new DrainCheck(workers, this::lag, topics, true, false, 2, () -> now[0],
                Duration.ofMillis(100));
        lagByGroup.put(topics.parkingGroup(), 3L);

        assertThat(check.idle()).isFalse();
        assertThat(probed).hasSize(3);
        now[0] = Duration.ofMillis(25).toNanos();
        assertThat(check.idle()).isFalse();
        assertThat(probed).as("within the back-off of a probe that found URLs parked").hasSize(3);

        lagByGroup.put(topics.parkingGroup(), 0L);
        now[0] = Duration.ofMillis(100).toNanos();
        assertThat(check.idle()).as("the first idle probe").isFalse();
        assertThat(probed).hasSize(6);
        now[0] = Duration.ofMillis(125).toNanos();
        assertThat(check.idle()).as("its confirmation, at the next check").isTrue();
        assertThat(probed).hasSize(9);
    }

    @Test
    void drainedOnlyAfterEnoughIdleChecksInARow() {
        DrainCheck check = new DrainCheck(workers, this::lag, topics, false, 3);

        assertThat(check.idle()).isFalse();
        assertThat(check.idle()).isFalse();
        workers.inFlight = 1;
        assertThat(check.idle()).isFalse();
        workers.inFlight = 0;
        assertThat(check.idle()).isFalse();
        assertThat(check.idle()).isFalse();
        assertThat(check.idle()).isTrue();
    }

    private static final class FakeWorkers implements CrawlWorkers {
        @Override
        public SeedMoveNotices seedMoves() {
            return new SeedMoveNotices(org.kcrawl.common.scope.ScopeMode.HOST);
        }

        int inFlight;
        int queued;
        int pending;

        @Override
        public void start() {}

        @Override
        public long pagesFetched() {
            return 0;
        }

        @Override
        public long failedAttempts() {
            return 0;
        }

        @Override
        public java.util.Map<org.kcrawl.common.message.FailureReason, Long> failuresByReason() {
            return java.util.Map.of();
        }

        @Override
        public int inFlight() {
            return inFlight;
        }

        @Override
        public int queued() {
            return queued;
        }

        @Override
        public String note() {
            return "";
        }

        @Override
        public int pending() {
            return pending;
        }

        @Override
        public void close() {}
    }
}
