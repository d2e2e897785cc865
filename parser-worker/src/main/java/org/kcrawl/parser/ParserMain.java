package org.kcrawl.parser;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.common.KafkaException;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.metrics.LogFormat;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parser worker's process entry point: {@code parser-worker [--config FILE]}. Settings come from
 * the file and {@code KCRAWL_PARSER_*} variables, Kafka client properties from {@code KAFKA_*}
 * variables. It creates missing topics, serves {@code /metrics}, {@code /healthz} and {@code /readyz}
 * on {@code metrics_port}, logs JSON lines (plain text on a terminal, or as {@code KCRAWL_LOG_FORMAT}
 * says), runs until SIGTERM, then stops gracefully.
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

    private ParserMain() {}

    /** Runs the parser until it is stopped; exits with the code of {@link #run}. */
    public static void main(String[] args) {
        Map<String, String> env = System.getenv();
        try {
            // Before the first logger exists: logback reads the choice when it starts.
            LogFormat.apply(env);
        } catch (IllegalArgumentException e) {
            System.err.println("parser-worker: invalid configuration: " + e.getMessage());
            System.exit(2);
        }
        AtomicBoolean shuttingDown = new AtomicBoolean();
        int code = run(args, env, System.err, shuttingDown);
        // During a SIGTERM shutdown the JVM is exiting already; System.exit would wait for the hooks forever.
        if (code != 0 && !shuttingDown.get()) {
            System.exit(code);
        }
    }

    static int run(String[] args, Map<String, String> env, PrintStream err, AtomicBoolean shuttingDown) {
        if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            err.println(USAGE);
            return 0;
        }
        Path configFile;
        try {
            configFile = configFile(args);
        } catch (IllegalArgumentException e) {
            err.println("parser-worker: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        ParserConfig config;
        try {
            config = ParserConfig.load(configFile, env);
        } catch (ConfigException e) {
            err.println("parser-worker: " + e.getMessage());
            return 2;
        }
        ParserProcess process;
        try {
            process = ParserProcess.start(config, env, "0.0.0.0");
        } catch (IllegalStateException | KafkaException e) {
            return startFailure(e, err);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            shuttingDown.set(true);
            process.close();
        }, "kcrawl-parser-shutdown"));
        log().info("parser of crawl '{}' running against {}; metrics and health on port {}", config.crawlName(),
                config.bootstrapServers(), process.opsPort());
        ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kcrawl-parser-progress");
            t.setDaemon(true);
            return t;
        });
        progress.scheduleAtFixedRate(() -> logProgress(process.worker()), PROGRESS_EVERY.toSeconds(),
                PROGRESS_EVERY.toSeconds(), TimeUnit.SECONDS);
        try {
            while (!process.awaitStopped(Duration.ofHours(1))) {
                // keep waiting: the worker runs until SIGTERM or a fatal error
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            progress.shutdownNow();
            if (!shuttingDown.get()) {
                process.close();
            }
        }
        return process.worker().failure() != null && !shuttingDown.get() ? 1 : 0;
    }

    /** The value of {@code --config}, null when absent; throws naming unexpected arguments. */
    static Path configFile(String[] args) {
        if (args.length == 0) {
            return null;
        }
        if (args.length == 2 && args[0].equals("--config")) {
            return Path.of(args[1]);
        }
        if (args.length == 1 && args[0].startsWith("--config=")) {
            return Path.of(args[0].substring("--config=".length()));
        }
        throw new IllegalArgumentException("unexpected arguments: " + String.join(" ", args));
    }

    private static void logProgress(ParserWorker worker) {
        ParserMetrics m = worker.metrics();
        log().info("pages={} records={} links_published={} links_found={} pending={}", m.pagesParsed(),
                m.recordsPublished(), m.linksPublished(), m.linksFound(), worker.pending());
    }

    /**
     * Exit code and message for a start that failed: 2 naming the property when Kafka refused a
     * client property (from a {@code KAFKA_*} variable), 1 when the cluster could not be used.
     */
    private static int startFailure(RuntimeException e, PrintStream err) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.apache.kafka.common.config.ConfigException config) {
                err.println("parser-worker: invalid Kafka client configuration (KAFKA_* variables): " + config.getMessage());
                return 2;
            }
        }
        err.println("parser-worker: " + e.getMessage());
        return 1;
    }

    /** Obtained on use, so no logger exists before {@link LogFormat} has chosen the format. */
    private static Logger log() {
        return LoggerFactory.getLogger(ParserMain.class);
    }
}
