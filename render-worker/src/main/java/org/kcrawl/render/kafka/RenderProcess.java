package org.kcrawl.render.kafka;

import java.util.Map;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.runtime.WorkerProcessSpec;
import org.kcrawl.fetcher.crawl.FetcherConfig;

/**
 * A render worker as a container runs it (a {@link WorkerProcess}): meters, Kafka clients with the
 * {@code KAFKA_*} variables passed through, the crawl's topics created when missing, the worker and its
 * browser, and {@code /metrics}, {@code /healthz} and {@code /readyz} on {@code metrics_port}.
 */
public final class RenderProcess implements AutoCloseable {
    private final WorkerProcess<RenderWorker> process;

    private RenderProcess(WorkerProcess<RenderWorker> process) {
        this.process = process;
    }

    /**
     * Creates the topics when missing, starts the browser and the worker and serves its endpoints on
     * {@code bindAddress}. Throws {@link IllegalStateException} when the cluster cannot be reached, the
     * port is taken or the browser does not start.
     */
    public static RenderProcess start(FetcherConfig config, Map<String, String> env, String bindAddress) {
        if (config == null || env == null || bindAddress == null) {
            throw new IllegalArgumentException("config, env and bindAddress must not be null");
        }
        return new RenderProcess(WorkerProcess.start(spec(config), env, bindAddress));
    }

    static WorkerProcessSpec<RenderWorker> spec(FetcherConfig config) {
        return new WorkerProcessSpec<>(MeterSpec.Worker.RENDERER, config.crawlName(), config.bootstrapServers(),
                config.metricsPort(),
                WorkerProcessSpec.DEFAULT_MAX_SILENCE, topics -> topics.ensure(config.topics(), config.layout()),
                (clients, telemetry) -> RenderWorker.create(config, clients, telemetry.registry()));
    }

    /** The process this facade stands for. */
    WorkerProcess<RenderWorker> process() {
        return process;
    }

    /** The worker. */
    public RenderWorker worker() {
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
