package org.kcrawl.fetcher.kafka;

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
 * A fetcher as a container runs it: a Prometheus registry with JVM and Kafka client meters, Kafka
 * clients with the {@code KAFKA_*} variables passed through, the crawl's topics created when missing,
 * the worker, and {@code /metrics}, {@code /healthz} and {@code /readyz} on {@code metrics_port}.
 * {@link FetcherMain} runs one; tests start one to scrape it.
 */
public final class FetcherProcess implements AutoCloseable {
    /** A poll loop silent for this long is dead, unless a seen-set restore may legitimately take longer. */
    private static final Duration MIN_SILENCE = Duration.ofMinutes(2);

    private final WorkerTelemetry telemetry;
    private final FetcherWorker worker;
    private final OpsServer ops;
    private final Duration silence;
    private final AtomicBoolean closed = new AtomicBoolean();

    private FetcherProcess(WorkerTelemetry telemetry, FetcherWorker worker, OpsServer ops, Duration silence) {
        this.telemetry = telemetry;
        this.worker = worker;
        this.ops = ops;
        this.silence = silence;
    }

    /**
     * Creates the topics when missing, starts the worker and serves its endpoints on
     * {@code bindAddress} ({@code 0.0.0.0} in a container). Throws {@link IllegalStateException}
     * when the cluster cannot be reached or the port is taken.
     */
    public static FetcherProcess start(FetcherConfig config, Map<String, String> env, String bindAddress) {
        if (config == null || env == null || bindAddress == null) {
            throw new IllegalArgumentException("config, env and bindAddress must not be null");
        }
        WorkerTelemetry telemetry = WorkerTelemetry.create(MeterSpec.Worker.FETCHER);
        FetcherWorker worker = null;
        try {
            KafkaClients clients = telemetry.kafkaClients(config.bootstrapServers(), env);
            try (Admin admin = clients.admin()) {
                TopicProvisioner topics = new TopicProvisioner(admin);
                topics.ensure(config.topics(), config.layout());
                topics.checkCoPartitioned(config.topics());
            }
            worker = FetcherWorker.create(config, clients, telemetry.registry());
            Duration silence = max(MIN_SILENCE, config.seenRestoreTimeout().plusSeconds(30));
            FetcherWorker w = worker;
            OpsServer ops = telemetry.serve(bindAddress, config.metricsPort(), () -> w.isAlive(silence),
                    () -> w.isAlive(silence) && w.assignedPartitions() > 0);
            FetcherProcess process = new FetcherProcess(telemetry, worker, ops, silence);
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
    public FetcherWorker worker() {
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

    /** What {@code /healthz} answers: the poll loops are alive. */
    public boolean live() {
        return worker.isAlive(silence);
    }

    /** What {@code /readyz} answers: alive and owning partitions of the urls topic. */
    public boolean ready() {
        return live() && worker.assignedPartitions() > 0;
    }

    /** Waits until the worker's poll loop has ended (stopped or failed). */
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

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
