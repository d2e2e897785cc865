package org.kcrawl.archiver;

import java.util.Map;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.runtime.WorkerProcessSpec;

/**
 * An archiver as a container runs it (a {@link WorkerProcess}): meters, Kafka clients with the
 * {@code KAFKA_*} variables passed through, the crawl's topics created when missing, the worker, and
 * {@code /metrics}, {@code /healthz} and {@code /readyz} on {@code metrics_port}. {@link ArchiverMain}
 * runs one; tests start one to scrape it.
 */
public final class ArchiverProcess implements AutoCloseable {
    private final WorkerProcess<ArchiverWorker> process;

    private ArchiverProcess(WorkerProcess<ArchiverWorker> process) {
        this.process = process;
    }

    /**
     * Creates the topics when missing, starts the worker and serves its endpoints on
     * {@code bindAddress} ({@code 0.0.0.0} in a container). Throws {@link IllegalStateException}
     * when the cluster cannot be reached or the port is taken.
     */
    public static ArchiverProcess start(ArchiverConfig config, Map<String, String> env, String bindAddress) {
        if (config == null || env == null || bindAddress == null) {
            throw new IllegalArgumentException("config, env and bindAddress must not be null");
        }
        return new ArchiverProcess(WorkerProcess.start(spec(config), env, bindAddress));
    }

    static WorkerProcessSpec<ArchiverWorker> spec(ArchiverConfig config) {
        return new WorkerProcessSpec<>(MeterSpec.Worker.ARCHIVER, config.crawlName(), config.bootstrapServers(),
                config.metricsPort(),
                WorkerProcessSpec.DEFAULT_MAX_SILENCE, topics -> topics.ensure(config.topics(), config.topicLayout()),
                (clients, telemetry) -> new ArchiverWorker(config, clients, telemetry.registry()));
    }

    /** The process this facade stands for: endpoints, readiness, termination. */
    WorkerProcess<ArchiverWorker> process() {
        return process;
    }

    /** The worker. */
    public ArchiverWorker worker() {
        return process.worker();
    }

    /** The port of {@code /metrics}, {@code /healthz} and {@code /readyz}. */
    public int opsPort() {
        return process.opsPort();
    }

    /** Stops the worker gracefully, then the endpoints and meters. Idempotent. */
    @Override
    public void close() {
        process.close();
    }
}
