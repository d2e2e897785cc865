package org.kcrawl.chaos;

import java.nio.file.Files;
import java.nio.file.Path;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.render.kafka.RenderMain;

/** The worker programs: where their runnable jars are and how their settings are named. */
enum WorkerKind {
    FETCHER("fetcher", "kcrawl.chaos.fetcher.jar", FetcherConfig.ENV_PREFIX, FetcherConfig.class),
    PARSER("parser", "kcrawl.chaos.parser.jar", ParserConfig.ENV_PREFIX, ParserConfig.class),
    /** The render worker reads the fetcher's settings. */
    RENDERER("renderer", "kcrawl.chaos.renderer.jar", RenderMain.ENV_PREFIX, FetcherConfig.class);

    private final String label;
    private final String jarProperty;
    private final String envPrefix;
    private final Class<? extends Record> config;

    WorkerKind(String label, String jarProperty, String envPrefix, Class<? extends Record> config) {
        this.label = label;
        this.jarProperty = jarProperty;
        this.envPrefix = envPrefix;
        this.config = config;
    }

    /** Short lower-case name, used in slot and log file names. */
    String label() {
        return label;
    }

    /** The runnable jar, as copied by the build; fails with a hint when the tests were not started by Maven. */
    Path jar() {
        String value = System.getProperty(jarProperty);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + jarProperty + " is not set: run the chaos tests"
                    + " through Maven (./mvnw -pl chaos-tests verify), which copies the workers' runnable jars");
        }
        Path jar = Path.of(value);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jarProperty + " points to " + jar + ", which does not exist: build the"
                    + " worker modules first (./mvnw package -DskipTests -pl fetcher-worker,parser-worker,render-worker)");
        }
        return jar;
    }

    /** The environment variable that sets {@code key} (snake_case) for this worker. */
    String env(String key) {
        return envPrefix + key.toUpperCase(java.util.Locale.ROOT);
    }

    /**
     * True when the worker's configuration has the setting {@code key}. The launched jar is built from the
     * same sources as the configuration record on the test class path, so this says what the jar accepts
     * (an unknown setting makes a worker refuse to start).
     */
    boolean hasSetting(String key) {
        return ConfigBinder.settings(config).contains(key);
    }
}
