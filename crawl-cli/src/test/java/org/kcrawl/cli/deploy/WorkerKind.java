package org.kcrawl.cli.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.archiver.ArchiverConfig;
import org.kcrawl.fetcher.kafka.FetcherConfig;
import org.kcrawl.parser.ParserConfig;

/** The workers as the deployment files know them, bound with the workers' own configuration classes. */
enum WorkerKind {
    FETCHER("fetcher", "fetcher-worker", FetcherConfig.ENV_PREFIX),
    PARSER("parser", "parser-worker", ParserConfig.ENV_PREFIX),
    ARCHIVER("archiver", "archiver-worker", ArchiverConfig.ENV_PREFIX);

    final String name;
    final String module;
    final String envPrefix;

    WorkerKind(String name, String module, String envPrefix) {
        this.name = name;
        this.module = module;
        this.envPrefix = envPrefix;
    }

    /** The settings a worker started with {@code configYaml} (may be null) and {@code env} would run with. */
    Bound bind(String configYaml, Map<String, String> env) {
        Path file = null;
        try {
            if (configYaml != null) {
                file = Files.createTempFile("kcrawl-" + name, ".yaml");
                Files.writeString(file, configYaml);
            }
            if (this == FETCHER) {
                FetcherConfig c = new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), file, env,
                        FetcherConfig.ENV_PREFIX);
                return new Bound(c.crawlName(), c.bootstrapServers(), c.metricsPort(), c.drainTimeout(), c.layout(),
                        c.topics().urls(), c.topics().fetcherGroup());
            }
            if (this == ARCHIVER) {
                ArchiverConfig a = ArchiverConfig.load(file, env);
                return new Bound(a.crawlName(), a.bootstrapServers(), a.metricsPort(), a.drainTimeout(),
                        a.topicLayout(), a.topics().pages(), a.topics().archiverGroup());
            }
            ParserConfig c = ParserConfig.load(file, env);
            return new Bound(c.crawlName(), c.bootstrapServers(), c.metricsPort(), c.drainTimeout(), c.topicLayout(),
                    c.topics().pages(), c.topics().parserGroup());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /** The settings that deployment files must agree with. */
    record Bound(String crawlName, String bootstrapServers, int metricsPort, Duration drainTimeout,
                 TopicLayout layout, String consumedTopic, String group) {
        CrawlTopics topics() {
            return new CrawlTopics(crawlName);
        }
    }
}
