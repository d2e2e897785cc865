package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.runtime.WorkerMain;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.runtime.WorkerProcessSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fetcher as a process: {@code --config FILE} (YAML, optional), {@code KCRAWL_FETCHER_*}
 * variables over it, {@code KAFKA_*} variables passed to the Kafka clients. Creates missing topics,
 * serves {@code /metrics}, {@code /healthz} and {@code /readyz} on {@code metrics_port}, logs JSON
 * lines (plain text on a terminal, or as {@code KCRAWL_LOG_FORMAT} says), and runs until SIGTERM,
 * then stops gracefully. Exit codes: 0 after a clean stop, 1 when the worker failed or could not
 * start, 2 for bad usage or configuration.
 */
public final class FetcherMain {
    /** Restoring the seen-set may legitimately keep the poll loop silent for up to its timeout. */
    private static final Duration RESTORE_SLACK = Duration.ofSeconds(30);
    private static final String USAGE = "usage: fetcher-worker [--config FILE]\n"
            + "  settings: YAML file, then KCRAWL_FETCHER_<SETTING> variables (for example KCRAWL_FETCHER_RATE=2);\n"
            + "  Kafka client properties: KAFKA_<PROPERTY> variables (for example KAFKA_SECURITY_PROTOCOL=SSL);\n"
            + "  logs: JSON lines, or text on a terminal; KCRAWL_LOG_FORMAT=json|text decides";

    /** The entry point; tests run it with an environment of their own. */
    static final WorkerMain<FetcherConfig, FetcherWorker> MAIN = new WorkerMain<>("fetcher-worker", USAGE,
            (file, env) -> {
                FetcherConfig config = new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), file,
                        env, FetcherConfig.ENV_PREFIX);
                config.checkFitsHeap(Runtime.getRuntime().maxMemory());
                return config;
            },
            WorkerMain.ProcessStarter.of(FetcherMain::spec),
            (config, process) -> log().info("fetcher of crawl '{}' running against {}; metrics and health on port {}",
                    config.crawlName(), config.bootstrapServers(), process.opsPort()));

    private FetcherMain() {}

    /** Runs the fetcher until it is stopped; exits with the code of {@link WorkerMain#run}. */
    public static void main(String[] args) {
        MAIN.main(args);
    }

    /**
     * A fetcher as a container runs it (a {@link WorkerProcess}; tests start one to scrape it): the crawl's
     * topics created when missing and checked to be co-partitioned, and a poll loop allowed to stay silent
     * for as long as a seen-set restore may take.
     */
    public static WorkerProcessSpec<FetcherWorker> spec(FetcherConfig config) {
        Duration restore = config.seenRestoreTimeout().plus(RESTORE_SLACK);
        Duration silence = restore.compareTo(WorkerProcessSpec.DEFAULT_MAX_SILENCE) > 0
                ? restore : WorkerProcessSpec.DEFAULT_MAX_SILENCE;
        return new WorkerProcessSpec<>(MeterSpec.Worker.FETCHER, config.crawlName(), config.bootstrapServers(), config.metricsPort(),
                silence, topics -> {
                    topics.ensure(config.topics(), config.layout());
                    topics.checkCoPartitioned(config.topics());
                }, (clients, telemetry) -> FetcherWorker.create(config, clients, telemetry.registry()));
    }

    /** Obtained on use, so no logger exists before the log format has been chosen. */
    private static Logger log() {
        return LoggerFactory.getLogger(FetcherMain.class);
    }
}
