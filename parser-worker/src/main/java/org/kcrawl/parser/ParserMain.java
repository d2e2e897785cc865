package org.kcrawl.parser;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.config.KafkaEnv;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parser worker's process entry point: {@code parser-worker [--config FILE]}. Settings come from
 * the file and {@code KCRAWL_PARSER_*} variables, Kafka client properties from {@code KAFKA_*}
 * variables. It creates missing topics, runs until SIGTERM, then stops gracefully.
 * Exit codes: 0 after a clean stop, 1 when the worker failed, 2 for bad arguments or configuration.
 */
public final class ParserMain {
    private static final Logger log = LoggerFactory.getLogger(ParserMain.class);
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(30);
    private static final String USAGE = """
            usage: parser-worker [--config FILE]
              --config FILE   YAML settings (snake_case keys, see ParserConfig); KCRAWL_PARSER_<KEY>
                              variables override them, KAFKA_<PROPERTY> variables reach the Kafka clients
              --help          show this help""";

    private ParserMain() {}

    public static void main(String[] args) {
        AtomicBoolean shuttingDown = new AtomicBoolean();
        int code = run(args, System.getenv(), System.err, shuttingDown);
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
        KafkaClients clients = new KafkaClients(config.bootstrapServers(), KafkaEnv.clientOverrides(env));
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(config.topics(), config.topicLayout());
        } catch (IllegalStateException e) {
            err.println("parser-worker: " + e.getMessage());
            return 1;
        }
        ParserWorker worker = new ParserWorker(config, clients, new SimpleMeterRegistry());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            shuttingDown.set(true);
            worker.stop();
        }, "kcrawl-parser-shutdown"));
        worker.start();
        ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kcrawl-parser-progress");
            t.setDaemon(true);
            return t;
        });
        progress.scheduleAtFixedRate(() -> logProgress(worker), PROGRESS_EVERY.toSeconds(),
                PROGRESS_EVERY.toSeconds(), TimeUnit.SECONDS);
        try {
            while (!worker.awaitStopped(Duration.ofHours(1))) {
                // keep waiting: the worker runs until SIGTERM or a fatal error
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            progress.shutdownNow();
        }
        if (worker.failure() != null && !shuttingDown.get()) {
            worker.stop();
            return 1;
        }
        return 0;
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
        log.info("pages={} records={} links_published={} links_found={} pending={}", m.pagesParsed(),
                m.recordsPublished(), m.linksPublished(), m.linksFound(), worker.pending());
    }
}
