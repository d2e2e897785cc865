package org.kcrawl.embedded.kafka;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.metadata.authorizer.StandardAuthorizer;
import org.kcrawl.common.topic.TopicLayout;

/**
 * The broker configuration of a single-node crawl cluster: one place for the tuning that both the
 * embedded broker and the container broker get, and for the listener layout of the embedded one.
 */
public final class BrokerConfigs {
    /** Node id of the one combined broker and controller. */
    static final int NODE_ID = 1;
    /** Listener that clients use. */
    static final String CLIENT_LISTENER = "PLAINTEXT";
    /** Listener that clients use when the broker requires SASL. */
    static final String SASL_LISTENER = "SASL_PLAINTEXT";
    /** Listener of the KRaft controller quorum. */
    static final String CONTROLLER_LISTENER = "CONTROLLER";
    /** Loopback only: the broker must never be reachable from another machine. */
    public static final String HOST = "127.0.0.1";
    /** Largest record batch the broker accepts: the pages topic's 4 MiB limit plus batch overhead headroom. */
    static final int MESSAGE_MAX_BYTES = TopicLayout.DEFAULT_MAX_MESSAGE_BYTES + 1024 * 1024;
    /**
     * Heap of the log cleaner's key map. Kafka's default (128 MiB) is allocated eagerly at start-up and
     * stays for the broker's life, in the heap a local crawl shares with its workers (256 MiB); 8 MiB still
     * holds about 350,000 keys per cleaning pass, and larger logs are cleaned in several passes.
     */
    static final long CLEANER_DEDUPE_BUFFER_BYTES = 8L * 1024 * 1024;

    /**
     * No JMX beans for the embedded node's metrics: nobody attaches a JMX console to a crawl's in-process
     * broker, yet registering a bean for each of its thousands of metrics (the per-request histograms of every
     * API, per-partition gauges), with the clients' beans ({@code Broker} in crawl-cli), was 3 % of the CPU
     * samples of a five-page crawl, 0.5 % without (the platform MBean server Kafka creates anyway). {@code
     * metric.reporters} drops the JMX reporter of Kafka's own metrics; {@code metrics.jmx.exclude} keeps the
     * Yammer metrics (most of the broker's) out of JMX. The metrics themselves are still kept.
     */
    static final Map<String, String> NO_JMX = Map.of("metric.reporters", "", "metrics.jmx.exclude", ".*");

    private BrokerConfigs() {
    }

    /**
     * Settings that make one node a complete cluster: internal topics with replication 1, no
     * auto-created topics, no rebalance delay, room for the largest crawl messages, compaction on.
     * Keys are Kafka broker property names.
     */
    public static Map<String, String> singleNodeTuning() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("num.partitions", "1");
        c.put("default.replication.factor", "1");
        c.put("min.insync.replicas", "1");
        c.put("auto.create.topics.enable", "false");
        c.put("offsets.topic.replication.factor", "1");
        // Each partition of an internal topic is a coordinator shard, created and loaded when the first group
        // asks for its coordinator: one node needs one, and one is ready sooner than five.
        c.put("offsets.topic.num.partitions", "1");
        c.put("transaction.state.log.replication.factor", "1");
        c.put("transaction.state.log.min.isr", "1");
        // Likewise for the transaction coordinator, whose topic is created when the first transactional producer
        // starts, and the share coordinator's: one shard serves every transactional id (or share group) of a node,
        // and each partition costs the broker about 12 CPU-ms to create, load, flush and close (a five-page crawl's
        // profile: its 46 partitions took some 550 ms on the metadata loader, the scheduler and log-closing threads).
        c.put("transaction.state.log.num.partitions", "1");
        c.put("share.coordinator.state.topic.replication.factor", "1");
        c.put("share.coordinator.state.topic.min.isr", "1");
        c.put("share.coordinator.state.topic.num.partitions", "1");
        c.put("group.initial.rebalance.delay.ms", "0");
        c.put("message.max.bytes", Integer.toString(MESSAGE_MAX_BYTES));
        c.put("replica.fetch.max.bytes", Integer.toString(MESSAGE_MAX_BYTES));
        c.put("log.cleaner.enable", "true");
        c.put("log.cleaner.dedupe.buffer.size", Long.toString(CLEANER_DEDUPE_BUFFER_BYTES));
        // Look for dirty compacted logs every second rather than every 15 s, so compaction is observable.
        c.put("log.cleaner.backoff.ms", "1000");
        return c;
    }

    /**
     * Full configuration of the embedded combined-mode node: tuning, loopback listeners on the given
     * ports, a static one-voter quorum, and fewer threads than a production broker needs.
     */
    static Map<String, String> embedded(Path logDir, int brokerPort, int controllerPort) {
        if (logDir == null) {
            throw new IllegalArgumentException("logDir must not be null");
        }
        checkPort(brokerPort, "brokerPort");
        checkPort(controllerPort, "controllerPort");
        if (brokerPort == controllerPort) {
            throw new IllegalArgumentException("brokerPort and controllerPort must differ but both were " + brokerPort);
        }
        Map<String, String> c = new LinkedHashMap<>();
        c.put("process.roles", "broker,controller");
        c.put("node.id", Integer.toString(NODE_ID));
        c.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        c.put("listeners", CLIENT_LISTENER + "://" + HOST + ":" + brokerPort + ","
                + CONTROLLER_LISTENER + "://" + HOST + ":" + controllerPort);
        c.put("advertised.listeners", CLIENT_LISTENER + "://" + HOST + ":" + brokerPort);
        c.put("controller.listener.names", CONTROLLER_LISTENER);
        c.put("inter.broker.listener.name", CLIENT_LISTENER);
        c.put("listener.security.protocol.map", CLIENT_LISTENER + ":PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        c.put("log.dirs", logDir.toAbsolutePath().toString());
        c.putAll(singleNodeTuning());
        c.put("num.network.threads", "2");
        c.put("num.io.threads", "4");
        c.put("background.threads", "4");
        // The threads that load the logs at start and flush and close them at stop: a crawl's exit flushes some
        // 60 partitions, one fsync after another with one thread (a third of the broker's stop).
        c.put("num.recovery.threads.per.data.dir", "4");
        // A start that cannot finish in this time has failed; waiting longer only hides it.
        c.put("server.max.startup.time.ms", "60000");
        // Controlled shutdown hands a broker's leaderships to other replicas before it stops; a single node has
        // none, yet the broker waits for the controller's approval over heartbeats, about a second of every
        // crawl's exit. The logs are still flushed and marked clean on shutdown.
        c.put("controlled.shutdown.enable", "false");
        // Without a controlled shutdown the controller keeps the stopped broker's registration until its session
        // times out, and the next start of a node on the same directory (a crawl resumed with --data-dir, a
        // restart after kill -9) cannot register before then: 9 s by default, 2 s here. Heartbeats go over
        // loopback within the process, so a shorter session costs nothing but a heartbeat every 500 ms.
        c.put("broker.session.timeout.ms", "2000");
        c.put("broker.heartbeat.interval.ms", "500");
        c.putAll(NO_JMX);
        return c;
    }

    /**
     * The embedded node with its client listener on SASL_PLAINTEXT (PLAIN) instead: clients and the
     * broker itself log in as {@code sasl} says, and with {@link SaslPlain#enforceAcls()} the
     * StandardAuthorizer refuses whatever no ACL allows (the admin user and the controller listener,
     * which stays plain text on loopback, are super users).
     */
    static Map<String, String> embedded(Path logDir, int brokerPort, int controllerPort, SaslPlain sasl) {
        Map<String, String> c = embedded(logDir, brokerPort, controllerPort);
        if (sasl == null) {
            return c;
        }
        c.put("listeners", SASL_LISTENER + "://" + HOST + ":" + brokerPort + ","
                + CONTROLLER_LISTENER + "://" + HOST + ":" + controllerPort);
        c.put("advertised.listeners", SASL_LISTENER + "://" + HOST + ":" + brokerPort);
        c.put("inter.broker.listener.name", SASL_LISTENER);
        c.put("listener.security.protocol.map", SASL_LISTENER + ":SASL_PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        c.put("sasl.enabled.mechanisms", "PLAIN");
        c.put("sasl.mechanism.inter.broker.protocol", "PLAIN");
        c.put("listener.name." + SASL_LISTENER.toLowerCase(Locale.ROOT) + ".plain.sasl.jaas.config", sasl.brokerJaas());
        if (sasl.enforceAcls()) {
            c.put("authorizer.class.name", StandardAuthorizer.class.getName());
            c.put(StandardAuthorizer.SUPER_USERS_CONFIG, "User:" + SaslPlain.ADMIN + ";User:ANONYMOUS");
            c.put(StandardAuthorizer.ALLOW_EVERYONE_IF_NO_ACL_IS_FOUND_CONFIG, "false");
        }
        return c;
    }

    /**
     * The single-node tuning with the replication of a cluster instead: crawl topics created without a
     * replication factor, the offsets topic and the transaction state log get {@code replication} copies,
     * and a write is acknowledged once {@code minInsyncReplicas} of them have it, so a cluster of
     * {@code replication} nodes keeps accepting acks=all writes (and transactions) with one node down.
     */
    public static Map<String, String> clusterTuning(int replication, int minInsyncReplicas) {
        if (replication < 1) {
            throw new IllegalArgumentException("replication must be at least 1 but was " + replication);
        }
        if (minInsyncReplicas < 1 || minInsyncReplicas > replication) {
            throw new IllegalArgumentException("minInsyncReplicas must be in 1.." + replication + " but was "
                    + minInsyncReplicas);
        }
        String copies = Integer.toString(replication);
        String minIsr = Integer.toString(minInsyncReplicas);
        Map<String, String> c = singleNodeTuning();
        c.put("default.replication.factor", copies);
        c.put("min.insync.replicas", minIsr);
        c.put("offsets.topic.replication.factor", copies);
        c.put("transaction.state.log.replication.factor", copies);
        c.put("transaction.state.log.min.isr", minIsr);
        c.put("share.coordinator.state.topic.replication.factor", copies);
        c.put("share.coordinator.state.topic.min.isr", minIsr);
        return c;
    }

    /**
     * Full configuration of one combined broker and controller of a multi-node cluster, each node in a
     * process of its own: the embedded node's listeners and threads with {@code nodeId}, the static
     * quorum {@code quorumVoters} ({@code id@127.0.0.1:port,...}, see {@link #quorumVoters}) and
     * {@link #clusterTuning}.
     */
    public static Map<String, String> clusterNode(int nodeId, Path logDir, int brokerPort, int controllerPort,
                                           String quorumVoters, int replication, int minInsyncReplicas) {
        if (nodeId < 0) {
            throw new IllegalArgumentException("nodeId must not be negative but was " + nodeId);
        }
        if (quorumVoters == null || !quorumVoters.contains(nodeId + "@" + HOST + ":" + controllerPort)) {
            throw new IllegalArgumentException("quorumVoters must list node " + nodeId + " at " + HOST + ":"
                    + controllerPort + " but was '" + quorumVoters + "'");
        }
        Map<String, String> c = embedded(logDir, brokerPort, controllerPort);
        c.put("node.id", Integer.toString(nodeId));
        c.put("controller.quorum.voters", quorumVoters);
        c.putAll(clusterTuning(replication, minInsyncReplicas));
        // The embedded node's 2 s session assumes heartbeats within one process. Here they cross processes
        // on a machine that may run a dozen JVMs on two cores, where a starved broker that misses 2 s of
        // heartbeats is fenced and its leaderships move for nothing; 6 s is what the workers' consumers get.
        c.put("broker.session.timeout.ms", "6000");
        c.put("broker.heartbeat.interval.ms", "1000");
        return c;
    }

    /** The static quorum of controllers: {@code id@127.0.0.1:port} for each node id and controller port. */
    public static String quorumVoters(Map<Integer, Integer> controllerPortsByNode) {
        if (controllerPortsByNode == null || controllerPortsByNode.isEmpty()) {
            throw new IllegalArgumentException("controllerPortsByNode must name at least one node");
        }
        StringBuilder voters = new StringBuilder();
        for (Map.Entry<Integer, Integer> e : new java.util.TreeMap<>(controllerPortsByNode).entrySet()) {
            checkPort(e.getValue(), "controller port of node " + e.getKey());
            voters.append(voters.length() == 0 ? "" : ",").append(e.getKey()).append('@').append(HOST).append(':')
                    .append(e.getValue());
        }
        return voters.toString();
    }

    /**
     * The environment variable that sets {@code key} in the apache/kafka image: {@code KAFKA_} plus the
     * key upper-cased, with {@code _} doubled and {@code -} tripled before dots become {@code _}.
     */
    public static String containerEnvName(String key) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("key must name a broker property but was '" + key + "'");
        }
        return "KAFKA_" + key.replace("_", "__").replace("-", "___").replace('.', '_').toUpperCase(Locale.ROOT);
    }

    private static void checkPort(int port, String name) {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException(name + " must be in 1..65535 but was " + port);
        }
    }
}
