package org.kcrawl.parser;

import java.time.Duration;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.runtime.WorkerMain;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.runtime.WorkerProcessSpec;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parser worker's process entry point: {@code parser-worker [--config FILE]}. Settings come from
 * the file and {@code KCRAWL_PARSER_*} variables, Kafka client properties from {@code KAFKA_*}
 * variables. It creates missing topics, serves {@code /metrics}, {@code /healthz} and {@code /readyz}
 * on {@code metrics_port}, logs JSON lines (plain text on a terminal, or as {@code KCRAWL_LOG_FORMAT}
 * says), logs its progress every 30 seconds, runs until SIGTERM, then stops gracefully.
 * Exit codes: 0 after a clean stop, 1 when the worker failed or could not start, 2 for bad arguments
 * or configuration.
 */
public final class ParserMain {
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(30);
    private static final String USAGE = """
            usage: parser-worker [--config FILE]
              --config FILE   YAML settings (snake_case keys, see ParserConfig); KCRAWL_PARSER_<KEY>
                              variables override them, KAFKA_<PROPERTY> variables reach the Kafka clients
              --help          show this help
            logs: JSON lines, or text on a terminal; KCRAWL_LOG_FORMAT=json|text decides""";

    /** The entry point; tests run it with an environment of their own. */
    static final WorkerMain<ParserConfig, ParserWorker> MAIN = new WorkerMain<>("parser-worker", USAGE,
            ParserConfig::load, WorkerMain.ProcessStarter.of(ParserMain::spec),
            (config, process) -> log().info("parser of crawl '{}' running against {}; metrics and health on port {}",
                    config.crawlName(), config.bootstrapServers(), process.opsPort()))
            .reportingEvery(PROGRESS_EVERY, ParserMain::logProgress);

    private ParserMain() {}

    /** Runs the parser until it is stopped; exits with the code of {@link WorkerMain#run}. */
    public static void main(String[] args) {
        MAIN.main(args);
    }

    /** A parser as a container runs it (a {@link WorkerProcess}; tests start one to scrape it). */
    public static WorkerProcessSpec<ParserWorker> spec(ParserConfig config) {
        return new WorkerProcessSpec<>(MeterSpec.Worker.PARSER, config.crawlName(), config.bootstrapServers(), config.metricsPort(),
                WorkerProcessSpec.DEFAULT_MAX_SILENCE, topics -> topics.ensure(config.topics(), config.topicLayout()),
                (clients, telemetry) -> new ParserWorker(config, clients, telemetry.registry()));
    }

    private static void logProgress(ParserWorker parser) {
        ParserMetrics m = parser.metrics();
        log().info("pages={} records={} links_published={} links_found={} pending={}", m.pagesParsed(),
                m.recordsPublished(), m.linksPublished(), m.linksFound(), parser.pending());
    }

    /** Obtained on use, so no logger exists before the log format has been chosen. */
    private static Logger log() {
        return LoggerFactory.getLogger(ParserMain.class);
    }
}
