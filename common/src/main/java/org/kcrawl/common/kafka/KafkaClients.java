package org.kcrawl.common.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.CompressionType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.kcrawl.common.topic.TopicLayout;

/**
 * Builds Kafka clients with the settings the crawl's guarantees depend on: idempotent producers with
 * acks=all, manual commits, cooperative (incremental) rebalancing, and size limits aligned with the
 * page size cap.
 *
 * @param bootstrapServers the cluster to talk to
 * @param overrides extra client properties (for example security settings), applied last
 */
public record KafkaClients(String bootstrapServers, Map<String, String> overrides) {
    /** What a bootstrap list given on a command line must look like: HOST:PORT[,HOST:PORT...]. */
    public static final Pattern BOOTSTRAP_LIST = Pattern.compile("[^\\s:,]+:\\d{1,5}(,[^\\s:,]+:\\d{1,5})*");

    /** How long a transaction may stay open before its coordinator aborts it. */
    public static final java.time.Duration TRANSACTION_TIMEOUT = java.time.Duration.ofSeconds(10);

    public KafkaClients {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrapServers must name at least one HOST:PORT");
        }
        overrides = Map.copyOf(overrides == null ? Map.of() : overrides);
    }

    /** Clients for {@code bootstrapServers} without extra properties. */
    public static KafkaClients of(String bootstrapServers) {
        return new KafkaClients(bootstrapServers, Map.of());
    }

    /** Producer properties: nothing is acknowledged until every in-sync replica has it. */
    public Properties producerProperties(String clientId) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "zstd");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
        // A broker restart must not turn into lost outputs: keep retrying for a long time.
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 600_000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.putAll(overrides);
        return p;
    }

    /** The compression of the producers' batches, as their properties (overrides included) set it. */
    public Compression compression() {
        Object type = producerProperties("compression").get(ProducerConfig.COMPRESSION_TYPE_CONFIG);
        return Compression.of(CompressionType.forName(String.valueOf(type))).build();
    }

    /** Consumer properties: manual commits, start from the beginning of a new group. */
    public Properties consumerProperties(String groupId, String clientId, int maxPollRecords) {
        return consumerProperties(groupId, clientId, maxPollRecords, Map.of());
    }

    /**
     * Consumer properties with {@code defaults} of the caller's own (for example smaller fetch sizes
     * for a topic of small records) over the standard ones; the user's overrides still win.
     */
    public Properties consumerProperties(String groupId, String clientId, int maxPollRecords,
                                         Map<String, ?> defaults) {
        if (defaults == null) {
            throw new IllegalArgumentException("defaults must not be null (pass an empty map)");
        }
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        if (groupId != null) {
            p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
            // Incremental rebalances: a member joining or leaving moves only the partitions that must
            // move; the others keep being consumed, with their state (seen-sets, host queues) intact.
            // Eager assignment revoked every partition of every member at each change.
            p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        }
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.putAll(defaults);
        p.putAll(overrides);
        return p;
    }

    /**
     * Outputs delivered as {@code delivery} says, for the worker {@code clientId}: exactly once, in
     * transactions of producers with {@code transactionalId} (stable across a worker's restarts when it
     * can be, so that a restarted worker fences its predecessor and aborts what that one left open at
     * once instead of after the transaction timeout); else on one idempotent producer.
     */
    public Transactions outputs(Delivery delivery, String clientId, String transactionalId) {
        if (delivery == Delivery.AT_LEAST_ONCE) {
            return Transactions.atLeastOnce(producer(clientId));
        }
        Properties p = transactionalProperties(clientId, transactionalId);
        int maxRequestSize = Integer.parseInt(String.valueOf(p.get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG)));
        return Transactions.exactlyOnce(() -> new KafkaProducer<>(p), maxRequestSize);
    }

    /**
     * A producer of {@code transactionalId} for one thing only: its {@code initTransactions} fences the
     * producer that used the id before and aborts the transaction that one left open.
     */
    public KafkaProducer<String, byte[]> fencer(String clientId, String transactionalId) {
        return new KafkaProducer<>(transactionalProperties(clientId, transactionalId));
    }

    private Properties transactionalProperties(String clientId, String transactionalId) {
        Properties p = producerProperties(clientId);
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        // An open transaction holds back every read_committed reader of the partitions it wrote (their
        // last stable offset) until it ends: a worker that died with one open holds them this long, unless
        // its successor of the same id fences it first. Commits come every fraction of a second.
        p.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) TRANSACTION_TIMEOUT.toMillis());
        return p;
    }

    /** A producer of string keys and byte-array values. */
    public KafkaProducer<String, byte[]> producer(String clientId) {
        return new KafkaProducer<>(producerProperties(clientId));
    }

    /** A consumer of string keys and byte-array values in {@code groupId} (null for none). */
    public KafkaConsumer<String, byte[]> consumer(String groupId, String clientId, int maxPollRecords) {
        return new KafkaConsumer<>(consumerProperties(groupId, clientId, maxPollRecords));
    }

    /** A consumer like {@link #consumer(String, String, int)} with the caller's {@code defaults} applied. */
    public KafkaConsumer<String, byte[]> consumer(String groupId, String clientId, int maxPollRecords,
                                                  Map<String, ?> defaults) {
        return new KafkaConsumer<>(consumerProperties(groupId, clientId, maxPollRecords, defaults));
    }

    /** An admin client. */
    public Admin admin() {
        Map<String, Object> p = new HashMap<>();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.putAll(overrides);
        return Admin.create(p);
    }
}
