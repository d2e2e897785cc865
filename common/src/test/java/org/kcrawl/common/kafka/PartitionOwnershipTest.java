package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

class PartitionOwnershipTest {
    private final TopicPartition p0 = new TopicPartition("t.urls", 0);
    private final TopicPartition p1 = new TopicPartition("t.urls", 1);
    private final AtomicLong clock = new AtomicLong(1_000);
    private final PartitionOwnership ownership = new PartitionOwnership(clock::get);
    private final List<String> heard = new ArrayList<>();

    /** Records what it hears and whether p0 was claimed at that moment. */
    private final RecordHandler<Object> handler = new RecordHandler<>() {
        @Override
        public CompletionStage<?> handle(Object message, ConsumerRecord<String, byte[]> record, Claim claim) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void partitionsAssigned(Collection<TopicPartition> partitions) {
            clock.addAndGet(500); // restoring the partitions' state takes a while
            heard.add("assigned " + partitions + ", claimed " + (ownership.claim(p0) != null));
        }

        @Override
        public void partitionsRevoked(Collection<TopicPartition> partitions) {
            heard.add("revoked " + partitions + ", claimed " + (ownership.claim(p0) != null));
        }
    };

    @Test
    void anAssignmentIsClaimedOnceTheHandlerHasTakenItUp() {
        ownership.assign(List.of(p0, p1), handler);

        assertThat(heard).containsExactly("assigned [t.urls-0, t.urls-1], claimed false");
        Claim claim = ownership.claim(p0);
        assertThat(claim.partition()).isEqualTo(p0);
        assertThat(claim.isCurrent()).isTrue();
        assertThat(claim.since()).as("after the handler's restore").isEqualTo(1_500);
        assertThat(ownership.partitions()).containsExactlyInAnyOrder(p0, p1);
    }

    @Test
    void aRevocationEndsTheClaimBeforeTheHandlerHearsOfIt() {
        ownership.assign(List.of(p0, p1), handler);
        Claim claim = ownership.claim(p0);

        ownership.revoke(List.of(p0), handler);

        assertThat(heard).endsWith("revoked [t.urls-0], claimed false");
        assertThat(claim.isCurrent()).isFalse();
        assertThat(ownership.claim(p0)).isNull();
        assertThat(ownership.claim(p1).isCurrent()).isTrue();
        assertThat(ownership.partitions()).containsExactly(p1);
    }

    @Test
    void aReassignmentIsANewClaimAndTheOldOneStaysEnded() {
        ownership.assign(List.of(p0), handler);
        Claim first = ownership.claim(p0);
        ownership.revoke(List.of(p0), handler);

        ownership.assign(List.of(p0), handler);

        Claim second = ownership.claim(p0);
        assertThat(second).isNotSameAs(first);
        assertThat(second.isCurrent()).isTrue();
        assertThat(second.since()).isGreaterThan(first.since());
        assertThat(first.isCurrent()).isFalse();
    }

    @Test
    void claimingAnOwnedPartitionAgainEndsItsEarlierClaim() {
        ownership.assign(List.of(p0), handler);
        Claim first = ownership.claim(p0);

        ownership.assign(List.of(p0), handler);

        assertThat(first.isCurrent()).isFalse();
        assertThat(ownership.claim(p0)).isNotSameAs(first);
    }
}
