package org.kcrawl.testkit.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

/**
 * Where a node stands in a cluster, as the cluster's metadata says: registered and serving, and in the
 * in-sync replica set of every partition it holds a replica of, internal topics included.
 */
final class ReplicaSync {
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    private final Admin admin;

    ReplicaSync(Admin admin) {
        this.admin = admin;
    }

    /** True when the cluster lists {@code nodeId} among its live brokers. */
    boolean serving(int nodeId) throws ExecutionException, TimeoutException, InterruptedException {
        return admin.describeCluster().nodes().get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).stream()
                .mapToInt(Node::id).anyMatch(id -> id == nodeId);
    }

    /**
     * The partitions ({@code topic-n}) that have a replica on {@code nodeId} but not in their ISR; empty once
     * the node has caught up everywhere.
     */
    List<String> lagging(int nodeId) throws ExecutionException, TimeoutException, InterruptedException {
        Set<String> names = admin.listTopics(new ListTopicsOptions().listInternal(true)).names()
                .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        List<String> out = new ArrayList<>();
        for (TopicDescription topic : admin.describeTopics(names).allTopicNames()
                .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).values()) {
            for (TopicPartitionInfo p : topic.partitions()) {
                if (holds(p.replicas(), nodeId) && !holds(p.isr(), nodeId)) {
                    out.add(topic.name() + "-" + p.partition());
                }
            }
        }
        return out;
    }

    private static boolean holds(List<Node> nodes, int nodeId) {
        return nodes.stream().anyMatch(n -> n.id() == nodeId);
    }
}
