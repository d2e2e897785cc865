package org.kcrawl.fetcher.seen;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeProducersResult.PartitionProducerState;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which partitions hold a transaction a restore must see decided before it reads on: one whose commit is
 * under way (committed as its producer was told, its markers, which make its records readable, not all
 * written yet), or one left open by an earlier owner of the partition that died or was given the partition's
 * place away. An open one holds back every read-committed reader of the partition, and with them the
 * records committed after it by the partition's next owner, until its coordinator aborts it on its timeout;
 * so it is fenced (its transactional id initialized anew, which aborts it at once) and waited for too.
 */
public interface CommittingTransactions extends AutoCloseable {

    /** Those of {@code tps} with a transaction to wait for now (fencing the open ones of earlier owners). */
    Set<TopicPartition> undecided(Collection<TopicPartition> tps);

    @Override
    default void close() {
    }

    /**
     * Asks the brokers: each partition's producers with a transaction open there, then those transactions'
     * state. An open one whose transactional id is not {@code own} is fenced with a producer of that id from
     * {@code fencer}.
     */
    static CommittingTransactions on(Admin admin, String own, Function<String, Producer<?, ?>> fencer) {
        return new OnBrokers(admin, own, fencer);
    }

    /** The brokers' answer; when they cannot give one, every partition asked about counts as undecided. */
    final class OnBrokers implements CommittingTransactions {
        private static final Logger log = LoggerFactory.getLogger(OnBrokers.class);
        private static final Duration ASK = Duration.ofSeconds(5);

        private final Admin admin;
        private final String own;
        private final Function<String, Producer<?, ?>> fencer;

        OnBrokers(Admin admin, String own, Function<String, Producer<?, ?>> fencer) {
            this.admin = admin;
            this.own = own;
            this.fencer = fencer;
        }

        @Override
        public Set<TopicPartition> undecided(Collection<TopicPartition> tps) {
            try {
                Map<Long, OpenOn> open = new HashMap<>();
                Map<TopicPartition, PartitionProducerState> states =
                        admin.describeProducers(tps).all().get(ASK.toMillis(), TimeUnit.MILLISECONDS);
                states.forEach((tp, state) -> {
                    for (ProducerState p : state.activeProducers()) {
                        if (p.currentTransactionStartOffset().isPresent()) {
                            open.computeIfAbsent(p.producerId(), k -> new OpenOn()).add(tp, p.producerEpoch());
                        }
                    }
                });
                if (open.isEmpty()) {
                    return Set.of();
                }
                Collection<TransactionListing> listed = admin.listTransactions(
                        new ListTransactionsOptions().filterProducerIds(open.keySet()))
                        .all().get(ASK.toMillis(), TimeUnit.MILLISECONDS);
                Set<TopicPartition> out = new HashSet<>();
                Set<Long> unlisted = new HashSet<>(open.keySet());
                for (TransactionListing t : listed) {
                    unlisted.remove(t.producerId());
                    OpenOn on = open.get(t.producerId());
                    if (on == null || t.transactionalId().equals(own)) {
                        continue; // this worker's own open transaction: it ends it itself
                    }
                    if (t.state() == TransactionState.ONGOING) {
                        fenceIfStillOpen(t.transactionalId(), t.producerId(), on);
                    }
                    out.addAll(on.partitions); // committing, aborting, or fenced just now: decided in moments
                }
                // Open on a partition, yet no coordinator lists it (one being loaded after a broker moved):
                // its state is unknown, so it may be committing.
                unlisted.forEach(id -> out.addAll(open.get(id).partitions));
                return out;
            } catch (ExecutionException | TimeoutException e) {
                log.debug("cannot tell which transactions on {} are being committed: {}", tps, e.toString());
                return new HashSet<>(tps);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new HashSet<>(tps);
            }
        }

        /**
         * Fences {@code transactionalId} only while its coordinator's open transaction is the one seen open on
         * the partitions (same producer id and epoch). A later epoch is a new producer of that id, which
         * aborted the transaction seen open as it started and may be in a healthy transaction of its own (a
         * peer whose abort failed while a broker was away and who replaced its producer): fencing it would
         * abort that one. The old transaction is then being aborted, and is waited for like any other.
         */
        private void fenceIfStillOpen(String transactionalId, long producerId, OpenOn on)
                throws ExecutionException, TimeoutException, InterruptedException {
            TransactionDescription now = admin.describeTransactions(List.of(transactionalId)).description(
                    transactionalId).get(ASK.toMillis(), TimeUnit.MILLISECONDS);
            if (now.state() == TransactionState.ONGOING && now.producerId() == producerId
                    && now.producerEpoch() == on.producerEpoch) {
                fence(transactionalId, on.partitions);
            } else {
                log.info("{}: not fencing {}: the transaction seen open (producer {} epoch {}) is no longer its"
                        + " open one (producer {} epoch {}, {})", on.partitions, transactionalId, producerId,
                        on.producerEpoch, now.producerId(), now.producerEpoch(), now.state());
            }
        }

        /** Aborts the open transaction of {@code transactionalId}: a new producer of that id fences the old one. */
        private void fence(String transactionalId, Set<TopicPartition> on) {
            log.info("{}: fencing {}, whose transaction an earlier owner left open there", on, transactionalId);
            try (Producer<?, ?> producer = fencer.apply(transactionalId)) {
                producer.initTransactions();
            } catch (KafkaException e) {
                log.warn("fencing {} failed; waiting for its coordinator to abort its transaction: {}",
                        transactionalId, e.toString());
            }
        }

        @Override
        public void close() {
            admin.close(Duration.ofSeconds(5));
        }

        /** The partitions a producer has a transaction open on, and the oldest producer epoch open there. */
        private static final class OpenOn {
            final Set<TopicPartition> partitions = new HashSet<>();
            int producerEpoch = Integer.MAX_VALUE;

            void add(TopicPartition tp, int openEpoch) {
                partitions.add(tp);
                producerEpoch = Math.min(producerEpoch, openEpoch);
            }
        }
    }
}
