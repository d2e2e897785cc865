package org.kcrawl.fetcher.crawl;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.runtime.WorkerMain;
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

    private static final WorkerMain<FetcherConfig, FetcherWorker> MAIN = new WorkerMain<>("fetcher-worker", USAGE,
            (file, env) -> {
                FetcherConfig config = new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), file,
                        env, FetcherConfig.ENV_PREFIX);
                config.checkFitsHeap(Runtime.getRuntime().maxMemory());
                return config;
            },
            (config, env, bindAddress) -> FetcherProcess.start(config, env, bindAddress).process(),
            (config, process) -> log().info("fetcher of crawl '{}' running against {}; metrics and health on port {}",
                    config.crawlName(), config.bootstrapServers(), process.opsPort()));

    private FetcherMain() {}

    /** Runs the fetcher until it is stopped; exits with the code of {@link #run}. */
    public static void main(String[] args) {
        MAIN.main(args);
    }

    /** Runs the fetcher with {@code env}; returns the exit code. */
    static int run(String[] args, Map<String, String> env, PrintStream err, AtomicBoolean shuttingDown) {
        return MAIN.run(args, env, err, shuttingDown);
    }

    /** Obtained on use, so no logger exists before the log format has been chosen. */
    private static Logger log() {
        return LoggerFactory.getLogger(FetcherMain.class);
    }
}
