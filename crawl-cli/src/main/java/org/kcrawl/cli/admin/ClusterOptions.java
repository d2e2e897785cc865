package org.kcrawl.cli.admin;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.kcrawl.common.config.KafkaEnv;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.common.topic.CrawlTopics;
import picocli.CommandLine.Option;

/** The options of every command that talks to a running cluster: where it is and which crawl. */
final class ClusterOptions {
    static final String BOOTSTRAP_ENV = "KAFKA_BOOTSTRAP_SERVERS";

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT", defaultValue = "${env:" + BOOTSTRAP_ENV + "}",
            description = "Kafka bootstrap servers, HOST:PORT[,HOST:PORT...] (default: $" + BOOTSTRAP_ENV + ").")
    String bootstrap;

    @Option(names = "--crawl-name", paramLabel = "NAME", defaultValue = "crawl",
            description = "The crawl, that is the prefix of its topics and groups (default: ${DEFAULT-VALUE}).")
    String crawlName;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "Give up when Kafka does not answer within this many seconds (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    /** Checks the values picocli's conversion cannot; throws {@link UsageException} naming the option. */
    void validate() {
        if (bootstrap == null || bootstrap.isBlank()) {
            throw new UsageException("--bootstrap HOST:PORT is required (or set " + BOOTSTRAP_ENV + ")");
        }
        if (!KafkaClients.BOOTSTRAP_LIST.matcher(bootstrap).matches()) {
            throw new UsageException("--bootstrap must be HOST:PORT[,HOST:PORT...], got '" + bootstrap + "'");
        }
        if (!CrawlTopics.isLegalName(crawlName)) {
            throw new UsageException("--crawl-name may only use letters, digits, '.', '_' and '-', got '"
                    + crawlName + "'");
        }
        if (timeoutSeconds < 1) {
            throw new UsageException("--timeout must be >= 1 second, got " + timeoutSeconds);
        }
    }

    /** The crawl's topic and group names. */
    CrawlTopics topics() {
        return new CrawlTopics(crawlName);
    }

    /** How long to wait for any one answer from Kafka. */
    Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }

    /**
     * Clients for the cluster, with {@code KAFKA_*} variables of {@code env} passed through (security
     * settings, for example). {@code --bootstrap} wins over {@code KAFKA_BOOTSTRAP_SERVERS}.
     */
    KafkaClients clients(Map<String, String> env) {
        Map<String, String> overrides = new HashMap<>(KafkaEnv.clientOverrides(env));
        overrides.remove(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        return new KafkaClients(bootstrap, overrides);
    }
}
