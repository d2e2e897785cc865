package org.kcrawl.parser;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.metrics.OpsServer;
import org.kcrawl.common.metrics.WorkerTelemetry;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.parser.kafka.ParserWorker;

/**
 * A parser as a container runs it: a Prometheus registry with JVM and Kafka client meters, Kafka
 * clients with the {@code KAFKA_*} variables passed through, the crawl's topics created when missing,
 * the worker, and {@code /metrics}, {@code /healthz} and {@code /readyz} on {@code metrics_port}.
 * {@link ParserMain} runs one; tests start one to scrape it.
 */
public final class ParserProcess implements AutoCloseable {
    /** The poll loop polls many times a second; this much silence means it is stuck. */
    private static final Duration SILENCE = Duration.ofMinutes(2);

    private final WorkerTelemetry telemetry;
    private final ParserWorker worker;
    private final OpsServer ops;
    private final AtomicBoolean closed = new AtomicBoolean();

    private ParserProcess(WorkerTelemetry telemetry, ParserWorker worker, OpsServer ops) {
        this.telemetry = telemetry;
        this.worker = worker;
        this.ops = ops;
    }

    /**
     * Creates the topics when missing, starts the worker and serves its endpoints on
     * {@code bindAddress} ({@code 0.0.0.0} in a container). Throws {@link IllegalStateException}
     * when the cluster cannot be reached or the port is taken.
     */
    public static ParserProcess start(ParserConfig config, Map<String, String> env, String bindAddress) {
        if (config == null || env == null || bindAddress == null) {
            throw new IllegalArgumentException("config, env and bindAddress must not be null");
        }
        WorkerTelemetry telemetry = WorkerTelemetry.create(MeterSpec.Worker.PARSER);
        ParserWorker worker = null;
        try {
            KafkaClients clients = telemetry.kafkaClients(config.bootstrapServers(), env);
            try (Admin admin = clients.admin()) {
                new TopicProvisioner(admin).ensure(config.topics(), config.topicLayout());
            }
            worker = new ParserWorker(config, clients, telemetry.registry());
            ParserWorker w = worker;
            OpsServer ops = telemetry.serve(bindAddress, config.metricsPort(), () -> w.isAlive(SILENCE),
                    () -> w.isAlive(SILENCE) && telemetry.assignedPartitions() > 0);
            ParserProcess process = new ParserProcess(telemetry, worker, ops);
            worker.start();
            return process;
        } catch (RuntimeException e) {
            if (worker != null) {
                worker.stop();
            }
            telemetry.close();
            throw e;
        }
    }

    /** The worker. */
    public ParserWorker worker() {
        return worker;
    }

    /** The registry served on {@code /metrics}. */
    public PrometheusMeterRegistry registry() {
        return telemetry.registry();
    }

    /** The port of the endpoints. */
    public int opsPort() {
        return ops.port();
    }

    /** What {@code /healthz} answers: the poll loop is alive. */
    public boolean live() {
        return worker.isAlive(SILENCE);
    }

    /** What {@code /readyz} answers: alive and owning partitions of the pages topic. */
    public boolean ready() {
        return live() && telemetry.assignedPartitions() > 0;
    }

    /** Waits until the worker's poll loop has ended (stopped or failed). */
    public boolean awaitStopped(Duration timeout) throws InterruptedException {
        return worker.awaitStopped(timeout);
    }

    /** Stops the worker gracefully, then the endpoints and meters. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            worker.stop();
        } finally {
            ops.close();
            telemetry.close();
        }
    }
}
