package org.kcrawl.fetcher.seen;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeProducersResult.PartitionProducerState;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which partitions hold a transaction whose commit is under way: committed as its producer was told, its
 * markers (which make its records readable) not all written yet. A transaction still open, such as one an
 * owner that died left behind, is not: it will abort.
 */
public interface CommittingTransactions extends AutoCloseable {

    /** Those of {@code tps} with a commit under way now. */
    Set<TopicPartition> committing(Collection<TopicPartition> tps);

    @Override
    default void close() {
    }

    /** Asks the brokers: each partition's producers with a transaction open there, then those transactions' state. */
    static CommittingTransactions on(Admin admin) {
        return new OnBrokers(admin);
    }

    /** The brokers' answer; when they cannot give one, every partition asked about counts as committing. */
    final class OnBrokers implements CommittingTransactions {
        private static final Logger log = LoggerFactory.getLogger(OnBrokers.class);
        private static final Duration ASK = Duration.ofSeconds(5);
        /** A commit whose markers are being written, or were just written (the partition not updated yet). */
        private static final Set<TransactionState> COMMITTING =
                Set.of(TransactionState.PREPARE_COMMIT, TransactionState.COMPLETE_COMMIT);

        private final Admin admin;

        OnBrokers(Admin admin) {
            this.admin = admin;
        }

        @Override
        public Set<TopicPartition> committing(Collection<TopicPartition> tps) {
            try {
                Map<Long, Set<TopicPartition>> open = new HashMap<>();
                Map<TopicPartition, PartitionProducerState> states =
                        admin.describeProducers(tps).all().get(ASK.toMillis(), TimeUnit.MILLISECONDS);
                states.forEach((tp, state) -> {
                    for (ProducerState p : state.activeProducers()) {
                        if (p.currentTransactionStartOffset().isPresent()) {
                            open.computeIfAbsent(p.producerId(), k -> new HashSet<>()).add(tp);
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
                    if (COMMITTING.contains(t.state()) && open.containsKey(t.producerId())) {
                        out.addAll(open.get(t.producerId()));
                    }
                }
                // Open on a partition, yet no coordinator lists it (one being loaded after a broker moved):
                // its state is unknown, so it may be committing.
                unlisted.forEach(id -> out.addAll(open.get(id)));
                return out;
            } catch (ExecutionException | TimeoutException e) {
                log.debug("cannot tell which transactions on {} are being committed: {}", tps, e.toString());
                return new HashSet<>(tps);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new HashSet<>(tps);
            }
        }

        @Override
        public void close() {
            admin.close(Duration.ofSeconds(5));
        }
    }
}
