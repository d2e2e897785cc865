package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.internals.AutoOffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The pause rules of {@link FlowControl}, driven by an {@link OffsetTracker} and observed on a mock consumer. */
class FlowControlTest {
    private final TopicPartition p0 = new TopicPartition("t", 0);
    private final TopicPartition p1 = new TopicPartition("t", 1);
    private final List<TopicPartition> owned = List.of(p0, p1);
    private final MockConsumer<String, byte[]> consumer = new MockConsumer<>(AutoOffsetResetStrategy.EARLIEST.name());
    private final OffsetTracker tracker = new OffsetTracker();

    private FlowControl flow(int maxPending, long maxBytes) {
        consumer.assign(owned);
        return new FlowControl(new WorkerLoopSettings(maxPending, maxPending, maxBytes, Duration.ofMillis(5),
                Duration.ZERO, Duration.ZERO));
    }

    @Test
    void pausesEveryPartitionAtTheByteBoundAndResumesAtThreeQuartersOfIt() {
        FlowControl flow = flow(100, 1000);
        tracker.started(p0, 0, 400);
        tracker.started(p0, 1, 350);
        tracker.started(p1, 0, 249);
        flow.apply(consumer, owned, tracker);
        assertThat(consumer.paused()).as("999 of 1000 bytes").isEmpty();

        tracker.started(p1, 1, 1);
        flow.apply(consumer, owned, tracker);
        assertThat(consumer.paused()).as("1000 of 1000 bytes").containsExactlyInAnyOrder(p0, p1);
        assertThat(flow.allPaused()).isTrue();

        tracker.completed(p1, 0);
        flow.apply(consumer, owned, tracker);
        assertThat(consumer.paused()).as("751 bytes: above three quarters").containsExactlyInAnyOrder(p0, p1);

        tracker.completed(p1, 1);
        flow.apply(consumer, owned, tracker);
        assertThat(consumer.paused()).as("750 bytes: three quarters").isEmpty();
        assertThat(flow.allPaused()).isFalse();
    }

    @Test
    void holdsThePauseUntilThreeQuartersAndNotJustBelowTheBound() {
        FlowControl flow = flow(100, 1000);
        tracker.started(p0, 0, 200);
        tracker.started(p0, 1, 800);
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isTrue();
        tracker.started(p0, 2, 0);
        tracker.completed(p0, 0); // 800 bytes: under the bound, over three quarters of it
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isTrue();
    }

    @Test
    void aRecordLargerThanTheWholeBoundIsTakenWhenNothingIsPendingAndReleasesThePauseWhenDone() {
        FlowControl flow = flow(100, 1000);
        flow.apply(consumer, owned, tracker);
        assertThat(consumer.paused()).as("nothing pending: the next poll may return anything").isEmpty();

        tracker.started(p0, 0, 5_000_000);
        flow.apply(consumer, owned, tracker);
        assertThat(consumer.paused()).containsExactlyInAnyOrder(p0, p1);

        tracker.completed(p0, 0);
        flow.apply(consumer, owned, tracker);
        assertThat(consumer.paused()).isEmpty();
    }

    @Test
    void aPauseCausedByTheCountLiftsAtThreeQuartersOfTheCount() {
        FlowControl flow = flow(4, 1000);
        for (long offset = 0; offset < 4; offset++) {
            tracker.started(p0, offset, 10);
        }
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isTrue();
        tracker.completed(p0, 0);
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).as("3 of 4 pending, bytes far below their bound").isFalse();
    }

    @Test
    void whenBothBoundsWereReachedBothMustDrainToTheirMark() {
        FlowControl flow = flow(4, 1000);
        tracker.started(p0, 0, 10);
        tracker.started(p0, 1, 10);
        tracker.started(p0, 2, 10);
        tracker.started(p0, 3, 970);
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isTrue();
        tracker.completed(p0, 0); // 3 records (<= 3/4 of the count) but 990 bytes (> 750)
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isTrue();
        tracker.completed(p0, 3); // 2 records, 20 bytes
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isFalse();
    }

    @Test
    void revokedOrRewoundPartitionsTakeTheirBytesWithThemAndThePauseLifts() {
        FlowControl flow = flow(100, 1000);
        tracker.started(p0, 0, 900);
        tracker.started(p1, 0, 100);
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isTrue();

        tracker.forget(List.of(p0)); // what a revoke or a rewind does
        flow.released(List.of(p0));
        flow.apply(consumer, List.of(p1), tracker);
        assertThat(tracker.pendingBytes()).isEqualTo(100);
        assertThat(flow.allPaused()).isFalse();
        assertThat(consumer.paused()).doesNotContain(p1);
    }

    @Test
    void abandonedRecordsReleaseTheirBytes() {
        FlowControl flow = flow(100, 1000);
        tracker.started(p0, 0, 1000);
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isTrue();
        tracker.abandoned(p0, 0);
        flow.apply(consumer, owned, tracker);
        assertThat(flow.allPaused()).isFalse();
    }
}
