package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.topic.CrawlTopics;

/** When a local crawl counts as drained, with and without a parser. */
class DrainCheckTest {
    private final CrawlTopics topics = new CrawlTopics("t");
    private final FakeWorkers workers = new FakeWorkers();
    private final Map<String, Long> lagByGroup = new HashMap<>();
    private final List<String> probed = new ArrayList<>();

    private long lag(String group, List<String> topicNames) {
        probed.add(group);
        return lagByGroup.getOrDefault(group, 0L);
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
    void aCheckWithAProbedBacklogDoesNotProbeAgain() {
        DrainCheck check = new DrainCheck(workers, this::lag, topics, true, 2);

        assertThat(check.idle(3)).isFalse();
        workers.inFlight = 1;
        assertThat(check.idle(0)).isFalse();
        workers.inFlight = 0;
        assertThat(check.idle(0)).isFalse(); // one idle check of the two needed
        assertThat(check.idle(0)).isTrue();
        assertThat(probed).isEmpty();
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
        public long failures() {
            return 0;
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
        public String capNote() {
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
