package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.TreeSet;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class OffsetTrackerTest {
    private final TopicPartition p0 = new TopicPartition("t", 0);
    private final TopicPartition p1 = new TopicPartition("t", 1);
    private final OffsetTracker tracker = new OffsetTracker();

    @Test
    void commitsOnlyBelowTheLowestPendingOffset() {
        tracker.started(p0, 10);
        tracker.started(p0, 11);
        tracker.started(p0, 12);
        tracker.completed(p0, 12);
        tracker.completed(p0, 11);
        // 10 still pending: the commit stays there, naming 11 and 12 done past it.
        OffsetAndMetadata held = tracker.takeCommittable().get(p0);
        assertThat(held.offset()).isEqualTo(10);
        DoneOffsets done = DoneOffsets.decode(10, held.metadata());
        assertThat(done.isDone(10)).isFalse();
        assertThat(done.isDone(11)).isTrue();
        assertThat(done.isDone(12)).isTrue();
        assertThat(done.isDone(13)).isFalse();
        tracker.completed(p0, 10);
        assertThat(tracker.takeCommittable()).containsEntry(p0, new OffsetAndMetadata(13));
        assertThat(tracker.pending()).isZero();
    }

    @Test
    void handsOutEachAdvanceOnce() {
        tracker.started(p0, 0);
        tracker.completed(p0, 0);
        assertThat(tracker.takeCommittable()).containsEntry(p0, new OffsetAndMetadata(1));
        assertThat(tracker.takeCommittable()).isEmpty();
    }

    @Test
    void gapsInOffsetsDoNotBlockCommits() {
        // Compaction and transaction markers leave gaps between consumed offsets.
        tracker.started(p0, 5);
        tracker.started(p0, 9);
        tracker.completed(p0, 5);
        assertThat(tracker.takeCommittable()).containsEntry(p0, new OffsetAndMetadata(9));
        tracker.completed(p0, 9);
        assertThat(tracker.takeCommittable()).containsEntry(p0, new OffsetAndMetadata(10));
    }

    @Test
    void partitionsAreIndependent() {
        tracker.started(p0, 0);
        tracker.started(p1, 0);
        tracker.completed(p1, 0);
        assertThat(tracker.takeCommittable()).containsOnlyKeys(p1);
        assertThat(tracker.pending(p0)).isEqualTo(1);
        assertThat(tracker.pending(p1)).isZero();
    }

    @Test
    void forgottenPartitionsNeverCommitAndLateCompletionsAreIgnored() {
        tracker.started(p0, 0);
        tracker.started(p0, 1);
        tracker.forget(List.of(p0));
        assertThat(tracker.pending()).isZero();
        tracker.completed(p0, 0);
        tracker.completed(p0, 1);
        assertThat(tracker.takeCommittable()).isEmpty();
    }

    @Test
    void committableForOnlyTheRevokedPartitions() {
        tracker.started(p0, 0);
        tracker.started(p1, 0);
        tracker.completed(p0, 0);
        tracker.completed(p1, 0);
        assertThat(tracker.committableFor(List.of(p1))).containsOnlyKeys(p1);
        assertThat(tracker.takeCommittable()).containsOnlyKeys(p0);
    }

    @Test
    void refusesOffsetsOutOfOrder() {
        tracker.started(p0, 3);
        assertThatThrownBy(() -> tracker.started(p0, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("out of order");
    }

    @Test
    void abandonedOffsetsStopCountingAsPendingButHoldBackTheCommit() {
        tracker.started(p0, 0);
        tracker.started(p0, 1);
        tracker.started(p0, 2);
        tracker.completed(p0, 0);
        tracker.abandoned(p0, 1);
        tracker.completed(p0, 2);
        assertThat(tracker.pending()).isZero();
        OffsetAndMetadata held = tracker.takeCommittable().get(p0);
        assertThat(held.offset()).isEqualTo(1);
        assertThat(DoneOffsets.decode(1, held.metadata()).isDone(1)).as("abandoned: not done").isFalse();
        assertThat(DoneOffsets.decode(1, held.metadata()).isDone(2)).isTrue();
    }

    @Test
    void sumsTheBytesOfPendingRecordsPerPartitionAndInTotal() {
        tracker.started(p0, 0, 100);
        tracker.started(p0, 1, 200);
        tracker.started(p1, 0, 50);
        assertThat(tracker.pendingBytes()).isEqualTo(350);
        assertThat(tracker.pendingBytes(p0)).isEqualTo(300);
        tracker.completed(p0, 1);
        assertThat(tracker.pendingBytes()).isEqualTo(150);
        assertThat(tracker.pendingBytes(p0)).isEqualTo(100);
        tracker.completed(p0, 1); // a second completion of the same offset must not subtract twice
        assertThat(tracker.pendingBytes()).isEqualTo(150);
    }

    @Test
    void abandonedRecordsDropTheirBytesButStillHoldBackTheCommit() {
        tracker.started(p0, 0, 100);
        tracker.started(p0, 1, 200);
        tracker.abandoned(p0, 0);
        tracker.abandoned(p0, 0);
        assertThat(tracker.pendingBytes()).isEqualTo(200);
        tracker.completed(p0, 1);
        assertThat(tracker.pendingBytes()).isZero();
        // 0 is the first offset: the commit stays there, naming only 1 done.
        OffsetAndMetadata held = tracker.takeCommittable().get(p0);
        assertThat(held.offset()).isZero();
        assertThat(DoneOffsets.decode(0, held.metadata()).isDone(0)).isFalse();
        assertThat(DoneOffsets.decode(0, held.metadata()).isDone(1)).isTrue();
    }

    @Test
    void forgettingAPartitionDropsExactlyItsBytes() {
        tracker.started(p0, 0, 100);
        tracker.started(p0, 1, 200);
        tracker.started(p1, 0, 50);
        tracker.completed(p0, 0);
        tracker.forget(List.of(p0));
        assertThat(tracker.pendingBytes()).isEqualTo(50);
        assertThat(tracker.pendingBytes(p0)).isZero();
        assertThat(tracker.pending()).isEqualTo(1);
        // The partition comes back (a rewind or a new assignment) and starts from nothing.
        tracker.started(p0, 1, 70);
        assertThat(tracker.pendingBytes()).isEqualTo(120);
        tracker.completed(p0, 1);
        tracker.completed(p1, 0);
        assertThat(tracker.pendingBytes()).isZero();
    }

    @Test
    void aFailedCommitIsHandedOutAgainUnlessALaterOneCoversIt() {
        tracker.started(p0, 0);
        tracker.started(p0, 1);
        tracker.completed(p0, 0);
        Map<TopicPartition, OffsetAndMetadata> first = tracker.takeCommittable();
        assertThat(first).containsEntry(p0, new OffsetAndMetadata(1));
        tracker.notCommitted(first);
        assertThat(tracker.takeCommittable()).as("the partition did not advance, the commit is made again")
                .containsEntry(p0, new OffsetAndMetadata(1));

        tracker.completed(p0, 1);
        Map<TopicPartition, OffsetAndMetadata> second = tracker.takeCommittable();
        tracker.notCommitted(first); // an older failure reported late: the later commit covers it
        assertThat(tracker.takeCommittable()).isEmpty();
        tracker.notCommitted(second);
        assertThat(tracker.takeCommittable()).containsEntry(p0, new OffsetAndMetadata(2));
    }

    @Test
    void allCommittableIncludesWhatWasHandedOutAlreadyForTheGivenPartitionsOnly() {
        tracker.started(p0, 5);
        tracker.completed(p0, 5);
        tracker.started(p1, 0);
        assertThat(tracker.takeCommittable()).containsOnlyKeys(p0);
        // The async commit of p0@6 may still fail: a revoke commits it again; p1 has nothing completed
        // but its first offset, where the consumer started it.
        assertThat(tracker.allCommittable(List.of(p0, p1))).containsEntry(p0, new OffsetAndMetadata(6))
                .containsEntry(p1, new OffsetAndMetadata(0));
        assertThat(tracker.allCommittable(List.of(p1))).containsOnlyKeys(p1);
        assertThat(tracker.allCommittable(List.of(new TopicPartition("t", 7)))).as("unknown partitions").isEmpty();
    }

    @Test
    void refusesANegativeSize() {
        assertThatThrownBy(() -> tracker.started(p0, 0, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bytes");
    }

    @Test
    void aPartitionTakenUpFromACommitNeverCommitsBelowItWhileItsPositionIsUnknown() {
        // Taken up from 61; the consumer's position is not known yet (its offset fetch waits on a coordinator)
        // and no record has started: a commit now must not name offset 0, or the next owner redoes 0-60.
        tracker.resume(p0, 61, DoneOffsets.none());
        assertThat(tracker.takeCommittable()).isEmpty();
        assertThat(tracker.allCommittable(List.of(p0))).isEmpty();

        tracker.consumedTo(p0, 61);
        assertThat(tracker.takeCommittable()).as("at its commit still").isEmpty();
        tracker.consumedTo(p0, 63); // a transaction's commit marker and an aborted record past it
        assertThat(tracker.takeCommittable()).containsEntry(p0, new OffsetAndMetadata(63));
    }

    @Test
    void aFirstRecordBehindTheCommitItWasTakenUpFromIsToldOnceAndOnlyThen() {
        tracker.resume(p0, 61, DoneOffsets.none());
        assertThat(tracker.started(p0, 40, 0)).as("the position was reset behind the commit").isEqualTo(61);
        assertThat(tracker.started(p0, 41, 0)).as("told for the first record only").isEqualTo(-1);

        tracker.resume(p1, 61, DoneOffsets.none());
        assertThat(tracker.started(p1, 61, 0)).as("at its commit, as it should be").isEqualTo(-1);
        assertThat(tracker.started(new TopicPartition("t", 9), 0, 0)).as("no commit to pass").isEqualTo(-1);
    }

    @Test
    void aPartitionResumedFromACommitSkipsWhatItNamesDoneAndKeepsNamingWhatItHasNotReachedYet() {
        TreeSet<Long> notDone = new TreeSet<>(List.of(10L, 13L));
        tracker.resume(p0, 10, DoneOffsets.decode(10, DoneOffsets.encode(10, 16, notDone)));
        assertThat(tracker.alreadyDone(p0, 10)).isFalse();
        assertThat(tracker.alreadyDone(p0, 11)).isTrue();
        assertThat(tracker.alreadyDone(p0, 13)).isFalse();
        assertThat(tracker.alreadyDone(p0, 16)).isFalse();
        tracker.started(p0, 10);
        tracker.started(p0, 11);
        tracker.completed(p0, 11); // skipped as done
        // 12-15 not consumed again yet: the next commit must still name 12, 14 and 15 done.
        OffsetAndMetadata held = tracker.takeCommittable().get(p0);
        assertThat(held.offset()).isEqualTo(10);
        DoneOffsets next = DoneOffsets.decode(10, held.metadata());
        assertThat(next.isDone(11)).isTrue();
        assertThat(next.isDone(12)).isTrue();
        assertThat(next.isDone(13)).isFalse();
        assertThat(next.isDone(15)).isTrue();
        assertThat(next.isDone(16)).isFalse();
    }

    @Test
    void offsetsPastTheLastRecordThatHoldNoneAreCommittedOnceNothingIsPending() {
        tracker.consumedTo(p0, 0);
        tracker.started(p0, 0);
        tracker.started(p0, 1);
        tracker.consumedTo(p0, 3); // offset 2 is a transaction's commit marker: the consumer skipped it
        tracker.completed(p0, 1);
        assertThat(tracker.takeCommittable().get(p0).offset()).as("0 pending").isZero();
        tracker.completed(p0, 0);
        assertThat(tracker.takeCommittable()).containsEntry(p0, new OffsetAndMetadata(3));
    }

    @Test
    void aPartitionWhereNothingWasConsumedYetCommitsNothing() {
        tracker.consumedTo(p0, 42);
        assertThat(tracker.takeCommittable()).isEmpty();
    }
}
