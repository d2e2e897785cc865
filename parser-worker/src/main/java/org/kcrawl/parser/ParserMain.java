package org.kcrawl.parser;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kcrawl.common.runtime.WorkerMain;
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

    private static final WorkerMain<ParserConfig, ParserWorker> MAIN = new WorkerMain<>("parser-worker", USAGE,
            ParserConfig::load,
            (config, env, bindAddress) -> ParserProcess.start(config, env, bindAddress).process(),
            (config, process) -> log().info("parser of crawl '{}' running against {}; metrics and health on port {}",
                    config.crawlName(), config.bootstrapServers(), process.opsPort()))
            .reportingEvery(PROGRESS_EVERY, ParserMain::logProgress);

    private ParserMain() {}

    /** Runs the parser until it is stopped; exits with the code of {@link #run}. */
    public static void main(String[] args) {
        MAIN.main(args);
    }

    /** Runs the parser with {@code env}; returns the exit code. */
    static int run(String[] args, Map<String, String> env, PrintStream err, AtomicBoolean shuttingDown) {
        return MAIN.run(args, env, err, shuttingDown);
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
