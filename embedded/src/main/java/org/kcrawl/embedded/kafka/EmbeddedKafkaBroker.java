package org.kcrawl.embedded.kafka;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node Kafka cluster running in this JVM: Kafka's own KRaft server in combined mode (broker and
 * controller, node id 1), listening on 127.0.0.1 only, storing its logs under a data directory that
 * survives restarts.
 *
 * <p>The logs live in {@code dataDir/kafka}; starting again on the same data directory keeps topics,
 * records and committed offsets. The broker can be stopped and started again on the same port, so clients
 * that were connected reconnect by themselves, which is what chaos tests need.
 *
 * <p>Like a standalone broker, Kafka halts the JVM on a fatal fault (for example when its only log
 * directory fails); this class does not change that.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EmbeddedKafkaBroker.class);
    /** Subdirectory of the data directory that holds Kafka's logs; Kafka treats every subdirectory there as its own. */
    public static final String LOG_DIR_NAME = "kafka";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    /** Attempts with fresh ports when a port found free was taken before Kafka could bind it. */
    private static final int BIND_ATTEMPTS = 3;

    private final Path dataDir;
    private final Path logDir;
    /** SASL on the client listener, or null for plain text. */
    private final SaslPlain sasl;
    /** Once the broker has served on a port it keeps it, so clients find it again after a restart. */
    private volatile int brokerPort;
    private boolean brokerPortFixed;
    private int controllerPort;
    private volatile String clusterId;
    private volatile KafkaRaftServer server;
    private boolean closed;

    private EmbeddedKafkaBroker(Path dataDir, int port, SaslPlain sasl) {
        this.sasl = sasl;
        this.dataDir = dataDir.toAbsolutePath();
        this.logDir = this.dataDir.resolve(LOG_DIR_NAME);
        this.brokerPort = port;
        this.brokerPortFixed = port != 0;
    }

    /** Starts a broker on a free loopback port; see {@link #start(Path, int)}. */
    public static EmbeddedKafkaBroker start(Path dataDir) {
        return start(dataDir, 0);
    }

    /**
     * Starts a broker that stores its logs under {@code dataDir} and listens on {@code 127.0.0.1:port}, and
     * returns once an admin client has seen it serve. An empty data directory is formatted with a new cluster
     * id; a formatted one is reused with its cluster id and data.
     *
     * @param dataDir directory the broker owns; created when missing
     * @param port client port, or 0 for a free one (kept across {@link #restart()})
     * @throws IllegalStateException if the broker does not start or serve within a minute
     */
    public static EmbeddedKafkaBroker start(Path dataDir, int port) {
        return start(dataDir, port, null);
    }

    /**
     * Starts a broker whose client listener requires SASL/PLAIN as {@code sasl} says (null: plain text),
     * on a free port; clients connect with {@link #clientSettings(String)}.
     */
    public static EmbeddedKafkaBroker startWithSasl(Path dataDir, SaslPlain sasl) {
        if (sasl == null) {
            throw new IllegalArgumentException("sasl must not be null");
        }
        return start(dataDir, 0, sasl);
    }

    private static EmbeddedKafkaBroker start(Path dataDir, int port, SaslPlain sasl) {
        if (dataDir == null) {
            throw new IllegalArgumentException("dataDir must not be null");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0 (any free port) or 1..65535 but was " + port);
        }
        EmbeddedKafkaBroker broker = new EmbeddedKafkaBroker(dataDir, port, sasl);
        broker.startAgain();
        return broker;
    }

    /** Where clients connect: {@code 127.0.0.1:port}, the same before and after a restart. */
    public String bootstrapServers() {
        return BrokerConfigs.HOST + ":" + brokerPort;
    }

    /**
     * The Kafka client properties that {@code user} connects with: none for a plain-text broker,
     * SASL/PLAIN ones for a broker started {@link #startWithSasl with SASL}.
     */
    public java.util.Map<String, String> clientSettings(String user) {
        return sasl == null ? java.util.Map.of() : sasl.clientSettings(user);
    }

    /** The client port. */
    public int port() {
        return brokerPort;
    }

    /** The cluster id stored in the data directory, kept across restarts. */
    public String clusterId() {
        return clusterId;
    }

    /** True between a successful start and the next stop. */
    public boolean isRunning() {
        return server != null;
    }

    /**
     * Shuts the broker down cleanly, keeping its data directory and port for {@link #startAgain()}.
     * Does nothing when it is not running.
     */
    public synchronized void stop() {
        KafkaRaftServer running = server;
        if (running == null) {
            return;
        }
        server = null;
        long started = System.nanoTime();
        running.shutdown();
        running.awaitShutdown();
        log.info("embedded Kafka broker {} stopped in {} ms", bootstrapServers(), elapsedMs(started));
    }

    /**
     * Starts the stopped broker again on the same port and data directory, and returns once it serves.
     * Does nothing when it is running.
     *
     * @throws IllegalStateException if the broker was closed, or does not start
     */
    public synchronized void startAgain() {
        if (closed) {
            throw new IllegalStateException("embedded Kafka broker " + bootstrapServers() + " is closed");
        }
        if (server != null) {
            return;
        }
        long started = System.nanoTime();
        clusterId = LogDirFormatter.formatIfNeeded(logDir);
        server = launch();
        brokerPortFixed = true;
        try {
            BrokerReadiness.await(bootstrapServers(), BrokerConfigs.NODE_ID, READY_TIMEOUT,
                    clientSettings(SaslPlain.ADMIN));
        } catch (RuntimeException e) {
            try {
                stop();
            } catch (RuntimeException stopFailure) {
                e.addSuppressed(stopFailure);
            }
            throw e;
        }
        log.info("embedded Kafka broker {} (cluster {}, data {}) serving after {} ms",
                bootstrapServers(), clusterId, dataDir, elapsedMs(started));
    }

    /** Stops the broker and starts it again on the same port and data directory. */
    public synchronized void restart() {
        stop();
        startAgain();
    }

    /** Stops the broker for good; its data directory stays. Calling it again does nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stop();
    }

    private KafkaRaftServer launch() {
        for (int attempt = 1; ; attempt++) {
            if (brokerPort == 0) {
                brokerPort = LoopbackPorts.free();
            }
            if (controllerPort == 0 || controllerPort == brokerPort) {
                controllerPort = LoopbackPorts.freeExcept(brokerPort);
            }
            KafkaRaftServer candidate = new KafkaRaftServer(config(), Time.SYSTEM);
            try {
                candidate.startup();
                return candidate;
            } catch (RuntimeException e) {
                shutDownAfterFailedStart(candidate, e);
                boolean retry = attempt < BIND_ATTEMPTS;
                if (retry && LoopbackPorts.isBindFailure(e, controllerPort)) {
                    controllerPort = 0;
                } else if (retry && !brokerPortFixed && LoopbackPorts.isBindFailure(e, brokerPort)) {
                    brokerPort = 0;
                } else {
                    throw new IllegalStateException("embedded Kafka broker did not start on " + bootstrapServers()
                            + " with data directory " + dataDir + ": " + e.getMessage(), e);
                }
                log.warn("port taken before Kafka could bind it ({}); retrying with another port", e.getMessage());
            }
        }
    }

    private KafkaConfig config() {
        Properties props = new Properties();
        props.putAll(BrokerConfigs.embedded(logDir, brokerPort, controllerPort, sasl));
        return KafkaConfig.fromProps(props, false);
    }

    private static void shutDownAfterFailedStart(KafkaRaftServer candidate, RuntimeException failure) {
        try {
            candidate.shutdown();
            candidate.awaitShutdown();
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    private static long elapsedMs(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos).toMillis();
    }

    @Override
    public String toString() {
        return "EmbeddedKafkaBroker[" + bootstrapServers() + ", data=" + dataDir + (isRunning() ? "" : ", stopped") + "]";
    }
}
