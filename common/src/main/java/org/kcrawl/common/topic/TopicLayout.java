package org.kcrawl.common.topic;

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
        positive(urlPartitions, "urlPartitions");
        positive(pagePartitions, "pagePartitions");
        positive(outputPartitions, "outputPartitions");
        positive(replication, "replication");
        positive(maxMessageBytes, "maxMessageBytes");
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

    private static void positive(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1 but was " + value);
        }
    }
}
