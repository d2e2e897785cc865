package org.kcrawl.archiver;

import java.time.Duration;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.runtime.WorkerMain;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.runtime.WorkerProcessSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The archiver worker's process entry point: {@code archiver-worker [--config FILE]}. Settings come from
 * the file and {@code KCRAWL_ARCHIVER_*} variables, Kafka client properties from {@code KAFKA_*}
 * variables. It creates missing topics, serves {@code /metrics}, {@code /healthz} and {@code /readyz} on
 * {@code metrics_port}, logs JSON lines (plain text on a terminal, or as {@code KCRAWL_LOG_FORMAT} says),
 * logs its progress every 30 seconds, runs until SIGTERM, then stops gracefully. Exit codes: 0 after a
 * clean stop, 1 when the worker failed or could not start, 2 for bad arguments or configuration.
 */
public final class ArchiverMain {
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(30);
    private static final String USAGE = """
            usage: archiver-worker [--config FILE]
              --config FILE   YAML settings (snake_case keys, see ArchiverConfig); KCRAWL_ARCHIVER_<KEY>
                              variables override them, KAFKA_<PROPERTY> variables reach the Kafka clients
              --help          show this help
            logs: JSON lines, or text on a terminal; KCRAWL_LOG_FORMAT=json|text decides""";

    private static final WorkerMain<ArchiverConfig, ArchiverWorker> MAIN = new WorkerMain<>("archiver-worker", USAGE,
            ArchiverConfig::load, WorkerMain.ProcessStarter.of(ArchiverMain::spec),
            (config, process) -> log().info("archiver of crawl '{}' running against {}, writing to {}; metrics and"
                    + " health on port {}", config.crawlName(), config.bootstrapServers(), config.directory(),
                    process.opsPort()))
            .reportingEvery(PROGRESS_EVERY, ArchiverMain::logProgress);

    private ArchiverMain() {}

    /** Runs the archiver until it is stopped; exits with the code of {@link WorkerMain#run}. */
    public static void main(String[] args) {
        MAIN.main(args);
    }

    /** An archiver as a container runs it (a {@link WorkerProcess}; tests start one to scrape it). */
    public static WorkerProcessSpec<ArchiverWorker> spec(ArchiverConfig config) {
        return new WorkerProcessSpec<>(MeterSpec.Worker.ARCHIVER, config.crawlName(), config.bootstrapServers(),
                config.metricsPort(),
                WorkerProcessSpec.DEFAULT_MAX_SILENCE, topics -> topics.ensure(config.topics(), config.topicLayout()),
                (clients, telemetry) -> new ArchiverWorker(config, clients, telemetry.registry()));
    }

    private static void logProgress(ArchiverWorker archiver) {
        ArchiverMetrics m = archiver.metrics();
        log().info("pages_archived={} files_finished={} skipped={} pending={}", m.pagesArchived(), m.filesFinished(),
                m.skippedPages(), archiver.pending());
    }

    /** Obtained on use, so no logger exists before the log format has been chosen. */
    private static Logger log() {
        return LoggerFactory.getLogger(ArchiverMain.class);
    }
}
