package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.Map;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.runtime.WorkerProcessSpec;

/**
 * A fetcher as a container runs it (a {@link WorkerProcess}): meters, Kafka clients with the
 * {@code KAFKA_*} variables passed through, the crawl's topics created when missing and checked to
 * be co-partitioned, the worker, and {@code /metrics}, {@code /healthz} and {@code /readyz} on
 * {@code metrics_port}. {@link FetcherMain} runs one; tests start one to scrape it.
 */
public final class FetcherProcess implements AutoCloseable {
    /** Restoring the seen-set may legitimately keep the poll loop silent for up to its timeout. */
    private static final Duration RESTORE_SLACK = Duration.ofSeconds(30);

    private final WorkerProcess<FetcherWorker> process;

    private FetcherProcess(WorkerProcess<FetcherWorker> process) {
        this.process = process;
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
        return new FetcherProcess(WorkerProcess.start(spec(config), env, bindAddress));
    }

    static WorkerProcessSpec<FetcherWorker> spec(FetcherConfig config) {
        Duration restore = config.seenRestoreTimeout().plus(RESTORE_SLACK);
        Duration silence = restore.compareTo(WorkerProcessSpec.DEFAULT_MAX_SILENCE) > 0
                ? restore : WorkerProcessSpec.DEFAULT_MAX_SILENCE;
        return new WorkerProcessSpec<>(MeterSpec.Worker.FETCHER, config.crawlName(), config.bootstrapServers(), config.metricsPort(),
                silence, topics -> {
                    topics.ensure(config.topics(), config.layout());
                    topics.checkCoPartitioned(config.topics());
                }, (clients, telemetry) -> FetcherWorker.create(config, clients, telemetry.registry()));
    }

    /** The process this facade stands for: endpoints, readiness, termination. */
    WorkerProcess<FetcherWorker> process() {
        return process;
    }

    /** The worker. */
    public FetcherWorker worker() {
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
