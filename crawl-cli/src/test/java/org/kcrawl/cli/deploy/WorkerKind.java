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
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.render.kafka.RenderMain;
import org.kcrawl.render.kafka.RenderSetup;

/** The workers as the deployment files know them, bound with the workers' own configuration classes. */
enum WorkerKind {
    FETCHER("fetcher", "fetcher-worker", FetcherConfig.ENV_PREFIX, "fetcher"),
    PARSER("parser", "parser-worker", ParserConfig.ENV_PREFIX, "parser"),
    /** Reads the fetcher's file, so that fetchers and render workers are polite alike. */
    RENDERER("renderer", "render-worker", RenderMain.ENV_PREFIX, "fetcher"),
    ARCHIVER("archiver", "archiver-worker", ArchiverConfig.ENV_PREFIX, "archiver");

    final String name;
    final String module;
    final String envPrefix;
    /** The ConfigMap entry (without .yaml) the worker's --config names. */
    final String config;

    WorkerKind(String name, String module, String envPrefix, String config) {
        this.name = name;
        this.module = module;
        this.envPrefix = envPrefix;
        this.config = config;
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
                        envPrefix);
                return new Bound(c.crawlName(), c.bootstrapServers(), c.metricsPort(), c.drainTimeout(), c.layout(),
                        c.topics().urls(), c.topics().fetcherGroup());
            }
            if (this == RENDERER) {
                FetcherConfig c = RenderSetup.load(file, env).fetch();
                return new Bound(c.crawlName(), c.bootstrapServers(), c.metricsPort(), c.drainTimeout(), c.layout(),
                        c.topics().render(), c.topics().rendererGroup());
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

        /** Partitions of the consumed topic: pages (parsers, archivers), or urls and render (by host, alike). */
        int consumedPartitions() {
            return consumedTopic.equals(topics().pages()) ? layout.pagePartitions() : layout.urlPartitions();
        }
    }
}
