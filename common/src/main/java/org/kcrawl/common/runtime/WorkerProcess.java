package org.kcrawl.common.runtime;

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

/**
 * A worker as a container runs it: a Prometheus registry with JVM and Kafka client meters, Kafka
 * clients with the {@code KAFKA_*} variables passed through, the crawl's topics created when missing,
 * the worker, and {@code /metrics}, {@code /healthz} and {@code /readyz} on the metrics port.
 */
public final class WorkerProcess<W extends ManagedWorker> implements AutoCloseable {
    private final WorkerTelemetry telemetry;
    private final W worker;
    private final OpsServer ops;
    private final Duration maxSilence;
    private final AtomicBoolean closed = new AtomicBoolean();

    private WorkerProcess(WorkerTelemetry telemetry, W worker, OpsServer ops, Duration maxSilence) {
        this.telemetry = telemetry;
        this.worker = worker;
        this.ops = ops;
        this.maxSilence = maxSilence;
    }

    /**
     * Prepares the topics, builds the worker, serves its endpoints on {@code bindAddress}
     * ({@code 0.0.0.0} in a container) and only then starts it, so that a taken port costs no
     * consumer-group rebalance. Throws {@link IllegalStateException} when the cluster cannot be
     * reached or the port is taken, after releasing whatever was already built.
     */
    public static <W extends ManagedWorker> WorkerProcess<W> start(WorkerProcessSpec<W> spec, Map<String, String> env,
                                                                   String bindAddress) {
        if (spec == null || env == null || bindAddress == null) {
            throw new IllegalArgumentException("spec, env and bindAddress must not be null");
        }
        WorkerTelemetry telemetry = WorkerTelemetry.create(spec.role(), spec.crawlName());
        W worker = null;
        try {
            KafkaClients clients = telemetry.kafkaClients(spec.bootstrapServers(), env);
            try (Admin admin = clients.admin()) {
                spec.topics().accept(new TopicProvisioner(admin));
            }
            worker = spec.factory().create(clients, telemetry);
            W w = worker;
            Duration silence = spec.maxSilence();
            OpsServer ops = telemetry.serve(bindAddress, spec.metricsPort(), () -> w.isAlive(silence),
                    () -> w.isAlive(silence) && w.assignedPartitions() > 0);
            WorkerProcess<W> process = new WorkerProcess<>(telemetry, worker, ops, silence);
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
    public W worker() {
        return worker;
    }

    /** FETCHER, PARSER, RENDERER or ARCHIVER. */
    public MeterSpec.Worker role() {
        return telemetry.role();
    }

    /** The registry served on {@code /metrics}. */
    public PrometheusMeterRegistry registry() {
        return telemetry.registry();
    }

    /** The port of the endpoints. */
    public int opsPort() {
        return ops.port();
    }

    /** What {@code /healthz} answers: the poll loops are alive. */
    public boolean live() {
        return worker.isAlive(maxSilence);
    }

    /** What {@code /readyz} answers: alive and owning partitions of the input topic. */
    public boolean ready() {
        return live() && worker.assignedPartitions() > 0;
    }

    /** Waits until the worker's poll loops have ended (stopped or failed). */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return worker.awaitTermination(timeout);
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
