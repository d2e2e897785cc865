package org.kcrawl.fetcher.kafka;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.config.KafkaEnv;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.metrics.OpsServer;
import org.kcrawl.common.topic.TopicProvisioner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fetcher as a process: {@code --config FILE} (YAML, optional), {@code KCRAWL_FETCHER_*}
 * variables over it, {@code KAFKA_*} variables passed to the Kafka clients. Creates missing topics,
 * serves {@code /metrics}, {@code /healthz} and {@code /readyz}, and runs until SIGTERM, then stops
 * gracefully. Exit codes: 0 after a clean stop, 1 when the poll loop failed, 2 for bad usage or
 * configuration.
 */
public final class FetcherMain {
    private static final Logger log = LoggerFactory.getLogger(FetcherMain.class);
    private static final String USAGE = "usage: fetcher-worker [--config FILE]\n"
            + "  settings: YAML file, then KCRAWL_FETCHER_<SETTING> variables (for example KCRAWL_FETCHER_RATE=2);\n"
            + "  Kafka client properties: KAFKA_<PROPERTY> variables (for example KAFKA_SECURITY_PROTOCOL=SSL)";

    private FetcherMain() {}

    /** Runs the fetcher until it is stopped; exits with the code of {@link #run}. */
    public static void main(String[] args) {
        int code = run(args, System.getenv(), System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Runs the fetcher with {@code env}; returns the exit code. */
    static int run(String[] args, Map<String, String> env, PrintStream err) {
        FetcherConfig config;
        try {
            config = bind(args, env);
        } catch (UsageException e) {
            err.println(e.getMessage());
            err.println(USAGE);
            return 2;
        } catch (ConfigException e) {
            err.println(e.getMessage());
            return 2;
        }
        if (config == null) {
            err.println(USAGE);
            return 0;
        }
        KafkaClients clients = new KafkaClients(config.bootstrapServers(), KafkaEnv.clientOverrides(env));
        try (Admin admin = clients.admin()) {
            TopicProvisioner topics = new TopicProvisioner(admin);
            topics.ensure(config.topics(), config.layout());
            topics.checkCoPartitioned(config.topics());
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        FetcherWorker worker = FetcherWorker.create(config, clients, registry);
        Duration silence = Duration.ofMinutes(2);
        try (OpsServer ops = OpsServer.start("0.0.0.0", config.metricsPort(), registry,
                () -> worker.isAlive(silence), () -> worker.isAlive(silence) && worker.assignedPartitions() > 0)) {
            Runtime.getRuntime().addShutdownHook(new Thread(worker::stop, "kcrawl-fetcher-shutdown"));
            worker.start();
            log.info("fetcher of crawl '{}' running against {}; metrics on port {}", config.crawlName(),
                    config.bootstrapServers(), ops.port());
            // The loop ends on SIGTERM (through the shutdown hook) or when it fails.
            boolean ended = false;
            while (!ended) {
                ended = worker.awaitTermination(Duration.ofMinutes(1));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            worker.stop();
        }
        return worker.failure().isPresent() ? 1 : 0;
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

    /** A command line that cannot be understood. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
