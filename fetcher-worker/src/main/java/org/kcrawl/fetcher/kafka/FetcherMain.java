package org.kcrawl.fetcher.kafka;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kcrawl.common.config.ConfigBinder;
import org.apache.kafka.common.KafkaException;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.metrics.LogFormat;
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
    private static final String USAGE = "usage: fetcher-worker [--config FILE]\n"
            + "  settings: YAML file, then KCRAWL_FETCHER_<SETTING> variables (for example KCRAWL_FETCHER_RATE=2);\n"
            + "  Kafka client properties: KAFKA_<PROPERTY> variables (for example KAFKA_SECURITY_PROTOCOL=SSL);\n"
            + "  logs: JSON lines, or text on a terminal; KCRAWL_LOG_FORMAT=json|text decides";

    private FetcherMain() {}

    /** Runs the fetcher until it is stopped; exits with the code of {@link #run}. */
    public static void main(String[] args) {
        Map<String, String> env = System.getenv();
        try {
            // Before the first logger exists: logback reads the choice when it starts.
            LogFormat.apply(env);
        } catch (IllegalArgumentException e) {
            System.err.println("fetcher-worker: invalid configuration: " + e.getMessage());
            System.exit(2);
        }
        AtomicBoolean shuttingDown = new AtomicBoolean();
        int code = run(args, env, System.err, shuttingDown);
        // During a SIGTERM shutdown the JVM is exiting already; System.exit would wait for the hooks forever.
        if (code != 0 && !shuttingDown.get()) {
            System.exit(code);
        }
    }

    /** Runs the fetcher with {@code env}; returns the exit code. */
    static int run(String[] args, Map<String, String> env, PrintStream err, AtomicBoolean shuttingDown) {
        FetcherConfig config;
        try {
            config = bind(args, env);
        } catch (UsageException e) {
            err.println("fetcher-worker: " + e.getMessage());
            err.println(USAGE);
            return 2;
        } catch (ConfigException e) {
            err.println("fetcher-worker: " + e.getMessage());
            return 2;
        }
        if (config == null) {
            err.println(USAGE);
            return 0;
        }
        FetcherProcess process;
        try {
            process = FetcherProcess.start(config, env, "0.0.0.0");
        } catch (IllegalStateException | KafkaException e) {
            return startFailure(e, err);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            shuttingDown.set(true);
            process.close();
        }, "kcrawl-fetcher-shutdown"));
        log().info("fetcher of crawl '{}' running against {}; metrics and health on port {}", config.crawlName(),
                config.bootstrapServers(), process.opsPort());
        try {
            // The loop ends on SIGTERM (through the shutdown hook) or when it fails.
            boolean ended = false;
            while (!ended) {
                ended = process.awaitTermination(Duration.ofMinutes(1));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            process.close();
        }
        return process.worker().failure().isPresent() ? 1 : 0;
    }

    /** The bound configuration, or null when help was asked for. */
    static FetcherConfig bind(String[] args, Map<String, String> env) {
        Path file = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--help", "-h" -> {
                    return null;
                }
                case "--config" -> {
                    if (i + 1 >= args.length) {
                        throw new UsageException("--config needs a FILE");
                    }
                    file = Path.of(args[++i]);
                }
                default -> throw new UsageException("unknown argument '" + args[i] + "'");
            }
        }
        return new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), file, env,
                FetcherConfig.ENV_PREFIX);
    }

    /**
     * Exit code and message for a start that failed: 2 naming the property when Kafka refused a
     * client property (from a {@code KAFKA_*} variable), 1 when the cluster could not be used.
     */
    private static int startFailure(RuntimeException e, PrintStream err) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.apache.kafka.common.config.ConfigException config) {
                err.println("fetcher-worker: invalid Kafka client configuration (KAFKA_* variables): " + config.getMessage());
                return 2;
            }
        }
        err.println("fetcher-worker: " + e.getMessage());
        return 1;
    }

    /** Obtained on use, so no logger exists before {@link LogFormat} has chosen the format. */
    private static Logger log() {
        return LoggerFactory.getLogger(FetcherMain.class);
    }

    /** A command line that cannot be understood. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
