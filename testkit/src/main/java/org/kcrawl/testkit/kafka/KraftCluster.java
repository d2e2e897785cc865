package org.kcrawl.testkit.kafka;

import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.awaitility.core.ConditionTimeoutException;
import org.kcrawl.embedded.kafka.BrokerConfigs;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.embedded.kafka.LogDirFormatter;
import org.kcrawl.embedded.kafka.LoopbackPorts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A three-node KRaft cluster for fault tests: each node a combined broker and controller in a JVM of its
 * own ({@link KraftNodeProcess}), a three-voter quorum, listeners on 127.0.0.1 only, and three copies of
 * every topic of which two must acknowledge a write ({@link BrokerConfigs#clusterTuning}), so the cluster
 * goes on serving acks=all producers and transactions with one node down.
 *
 * <p>A node can be {@link #kill killed} with SIGKILL and {@link #restart restarted} on its log directory and
 * ports, so clients find it where it was; {@link #awaitInSync} waits until it has caught up again.
 */
public final class KraftCluster implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(KraftCluster.class);
    /** Node ids; three voters tolerate the loss of one. */
    private static final List<Integer> NODE_IDS = List.of(1, 2, 3);
    private static final int REPLICATION = 3;
    private static final int MIN_INSYNC_REPLICAS = 2;
    /** Three JVMs starting at once on two busy cores take a while; one that has not served by then has failed. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final String clusterId;
    private final Map<Integer, KraftNodeProcess> nodes;
    private final String bootstrapServers;
    private final Admin admin;
    private final ReplicaSync sync;
    /** Stops the nodes should the test JVM exit without closing the cluster, so no node outlives its test. */
    private final Thread orphanGuard = new Thread(this::killAll, "kcrawl-kraft-cluster-guard");
    private boolean closed;

    private KraftCluster(String clusterId, Map<Integer, KraftNodeProcess> nodes, String bootstrapServers) {
        this.clusterId = clusterId;
        this.nodes = nodes;
        this.bootstrapServers = bootstrapServers;
        this.admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.CLIENT_ID_CONFIG, "kcrawl-kraft-cluster",
                AdminClientConfig.RECONNECT_BACKOFF_MS_CONFIG, 50,
                AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 500));
        this.sync = new ReplicaSync(admin);
    }

    /**
     * Formats a log directory per node under {@code dataDir} (created when missing) with one new cluster
     * id, starts the three nodes and returns once every one of them serves. Each node's output goes to
     * {@code node-N/node.log} in the data directory.
     *
     * @throws IllegalStateException if a node exits or does not serve within two minutes
     */
    public static KraftCluster start(Path dataDir) {
        if (dataDir == null) {
            throw new IllegalArgumentException("dataDir must not be null");
        }
        return start(dataDir, id -> dataDir.toAbsolutePath().resolve("node-" + id).resolve("node.log"));
    }

    /**
     * The same, with each node's output going to {@code kafka-node-N.log} in {@code outputDir}, which a test
     * keeps beside its workers' logs while the (large) data directory is deleted.
     */
    public static KraftCluster start(Path dataDir, Path outputDir) {
        if (dataDir == null || outputDir == null) {
            throw new IllegalArgumentException("dataDir and outputDir must not be null but were " + dataDir + " and "
                    + outputDir);
        }
        return start(dataDir, id -> outputDir.toAbsolutePath().resolve("kafka-node-" + id + ".log"));
    }

    private static KraftCluster start(Path dataDir, IntFunction<Path> outputOf) {
        long started = System.nanoTime();
        String clusterId = Uuid.randomUuid().toString();
        Map<Integer, Integer> brokerPorts = new LinkedHashMap<>();
        Map<Integer, Integer> controllerPorts = new LinkedHashMap<>();
        Set<Integer> taken = new HashSet<>();
        for (int id : NODE_IDS) {
            brokerPorts.put(id, freePort(taken));
            controllerPorts.put(id, freePort(taken));
        }
        String voters = BrokerConfigs.quorumVoters(controllerPorts);
        Map<Integer, KraftNodeProcess> nodes = new LinkedHashMap<>();
        for (int id : NODE_IDS) {
            Path nodeDir = dataDir.toAbsolutePath().resolve("node-" + id);
            Path logDir = nodeDir.resolve(EmbeddedKafkaBroker.LOG_DIR_NAME);
            LogDirFormatter.formatIfNeeded(logDir, id, clusterId);
            Map<String, String> config = BrokerConfigs.clusterNode(id, logDir, brokerPorts.get(id),
                    controllerPorts.get(id), voters, REPLICATION, MIN_INSYNC_REPLICAS);
            nodes.put(id, new KraftNodeProcess(id, nodeDir, outputOf.apply(id), config));
        }
        String servers = brokerPorts.values().stream().map(p -> BrokerConfigs.HOST + ":" + p)
                .collect(Collectors.joining(","));
        KraftCluster cluster = new KraftCluster(clusterId, nodes, servers);
        Runtime.getRuntime().addShutdownHook(cluster.orphanGuard);
        try {
            // All at once: a node's start completes only once a majority of the voters has elected a leader.
            nodes.values().forEach(KraftNodeProcess::start);
            for (int id : NODE_IDS) {
                cluster.awaitServing(id, START_TIMEOUT);
            }
        } catch (RuntimeException e) {
            try {
                cluster.close();
            } catch (RuntimeException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
        log.info("Kafka cluster {} of {} nodes at {} serving after {} ms (data {})", clusterId, NODE_IDS.size(),
                servers, Duration.ofNanos(System.nanoTime() - started).toMillis(), dataDir);
        return cluster;
    }

    /** Every node's client listener, {@code 127.0.0.1:port,...}; the same across kills and restarts. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The cluster id all nodes were formatted with. */
    public String clusterId() {
        return clusterId;
    }

    /** The node ids, ascending. */
    public List<Integer> nodeIds() {
        return NODE_IDS;
    }

    /** True while node {@code nodeId}'s process runs. */
    public boolean isRunning(int nodeId) {
        return node(nodeId).isRunning();
    }

    /** The file node {@code nodeId}'s output goes to, over all its lifetimes. */
    public Path output(int nodeId) {
        return node(nodeId).output();
    }

    /** SIGKILLs node {@code nodeId} and waits for its process to exit; its log directory stays as it was left. */
    public void kill(int nodeId) {
        node(nodeId).kill();
        log.info("Kafka node {} killed with SIGKILL", nodeId);
    }

    /**
     * Starts the stopped node {@code nodeId} again on its log directory and ports, and returns once the
     * cluster lists it as a live broker (it may still be catching up: see {@link #awaitInSync}).
     */
    public void restart(int nodeId) {
        long started = System.nanoTime();
        node(nodeId).start();
        awaitServing(nodeId, START_TIMEOUT);
        log.info("Kafka node {} serving again after {} ms", nodeId, Duration.ofNanos(System.nanoTime() - started)
                .toMillis());
    }

    /**
     * Waits until node {@code nodeId} is back in the in-sync replica set of every partition it holds a
     * replica of, internal topics included.
     *
     * @throws IllegalStateException naming the partitions still lagging if that takes longer than {@code timeout}
     */
    public void awaitInSync(int nodeId, Duration timeout) {
        KraftNodeProcess node = node(nodeId);
        // Awaitility asks on a thread of its own; the failure message is made on this one.
        AtomicReference<List<String>> lagging = new AtomicReference<>(List.of("(not asked yet)"));
        poll("node " + nodeId + " to rejoin every ISR", timeout, () -> {
            checkAlive(node);
            lagging.set(sync.lagging(nodeId));
            return lagging.get().isEmpty();
        }, () -> "partitions without node " + nodeId + " in their ISR: " + lagging.get());
    }

    /** Stops every node (SIGTERM, SIGKILL after a grace period); the log directories stay. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        admin.close(Duration.ofSeconds(5));
        // SIGTERM to all first, so the nodes shut down together rather than one by one, the last ones
        // without a quorum to tell of their shutdown.
        nodes.values().forEach(KraftNodeProcess::terminate);
        nodes.values().forEach(n -> n.stop(STOP_GRACE));
        Runtime.getRuntime().removeShutdownHook(orphanGuard);
    }

    private void awaitServing(int nodeId, Duration timeout) {
        KraftNodeProcess node = node(nodeId);
        poll("Kafka node " + nodeId + " to serve", timeout, () -> {
            checkAlive(node);
            return sync.serving(nodeId);
        }, () -> "output of node " + nodeId + ":\n" + node.outputTail(30));
    }

    /**
     * Polls {@code condition} until it holds. A call that failed or timed out counts as "not yet", since the
     * cluster is expected to be partly unreachable while a node starts; an {@link IllegalStateException}
     * (a node that died) ends the wait at once.
     */
    private static void poll(String what, Duration timeout, Callable<Boolean> condition, Supplier<String> state) {
        AtomicReference<String> lastError = new AtomicReference<>("none");
        try {
            await(what).atMost(timeout).pollDelay(Duration.ZERO).pollInterval(POLL).until(() -> {
                try {
                    return condition.call();
                } catch (ExecutionException | TimeoutException e) {
                    lastError.set(e.toString());
                    return false;
                }
            });
        } catch (ConditionTimeoutException e) {
            throw new IllegalStateException("timed out after " + timeout + " waiting for " + what + " (last error "
                    + lastError.get() + "); " + state.get(), e);
        }
    }

    private static void checkAlive(KraftNodeProcess node) {
        if (!node.isRunning()) {
            throw new IllegalStateException(node + " exited; its output ends:\n" + node.outputTail(40));
        }
    }

    private KraftNodeProcess node(int nodeId) {
        KraftNodeProcess node = nodes.get(nodeId);
        if (node == null) {
            throw new IllegalArgumentException("nodeId must be one of " + NODE_IDS + " but was " + nodeId);
        }
        return node;
    }

    private void killAll() {
        // Runs in a shutdown hook, so it takes no lock a test thread may hold.
        for (KraftNodeProcess node : nodes.values()) {
            node.destroyNow();
        }
    }

    private static int freePort(Set<Integer> taken) {
        int port = LoopbackPorts.free();
        while (!taken.add(port)) {
            port = LoopbackPorts.free();
        }
        return port;
    }

    @Override
    public String toString() {
        return "KraftCluster[" + clusterId + " at " + bootstrapServers + "]";
    }
}
