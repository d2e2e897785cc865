package org.kcrawl.common.topic;

import org.kcrawl.common.Checks;

/**
 * Partition counts and replication of a crawl's topics.
 *
 * @param urlPartitions partitions of the urls topic (and of the co-partitioned seen topic): the
 *                      upper bound on useful fetcher replicas
 * @param pagePartitions partitions of the pages topic: the upper bound on useful parser replicas
 * @param outputPartitions partitions of records, failures and dead letters
 * @param replication replication factor of every topic
 * @param maxMessageBytes per-topic message size limit, aligned with the fetcher's body cap
 */
public record TopicLayout(int urlPartitions, int pagePartitions, int outputPartitions, short replication,
                          int maxMessageBytes) {
    /** Size limit of a message: a 2 MiB body with its headers, with room to spare (and for version 1 pages, whose base64 bodies are a third larger). */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

    public TopicLayout {
        Checks.atLeast(urlPartitions, 1, "urlPartitions");
        Checks.atLeast(pagePartitions, 1, "pagePartitions");
        Checks.atLeast(outputPartitions, 1, "outputPartitions");
        Checks.atLeast(replication, 1, "replication");
        Checks.atLeast(maxMessageBytes, 1, "maxMessageBytes");
    }

    /** Layout for a single local broker. */
    public static TopicLayout local(int partitions) {
        return new TopicLayout(partitions, partitions, partitions, (short) 1, DEFAULT_MAX_MESSAGE_BYTES);
    }

    /**
     * Layout for a cluster of {@code brokers}: three copies of every partition where there are three
     * brokers, fewer on a smaller cluster.
     */
    public static TopicLayout forCluster(int partitions, int brokers) {
        short replication = (short) Math.max(1, Math.min(3, brokers));
        return new TopicLayout(partitions, partitions, partitions, replication, DEFAULT_MAX_MESSAGE_BYTES);
    }
}
