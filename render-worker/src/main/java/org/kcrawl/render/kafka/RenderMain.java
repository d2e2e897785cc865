package org.kcrawl.render.kafka;

import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.runtime.WorkerMain;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.runtime.WorkerProcessSpec;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The render worker as a process: {@code --config FILE} (the fetcher's YAML: one file keeps the rate,
 * robots.txt and address rules of fetchers and render workers the same), {@code KCRAWL_RENDERER_*}
 * variables over it, {@code KAFKA_*} variables passed to the Kafka clients. Runs until SIGTERM, then stops
 * gracefully. Exit codes: 0 after a clean stop, 1 when the worker failed or could not start (no browser),
 * 2 for bad usage or configuration.
 */
public final class RenderMain {
    /** Prefix of the environment variables that override the render worker's settings. */
    public static final String ENV_PREFIX = RenderSetup.ENV_PREFIX;

    private static final String USAGE = "usage: render-worker [--config FILE]\n"
            + "  settings: the fetcher's YAML file (with the render worker's own keys, render_tabs, ...), then"
            + " KCRAWL_RENDERER_<SETTING> variables (for example KCRAWL_RENDERER_RENDER_TABS=8);\n"
            + "  Kafka client properties: KAFKA_<PROPERTY> variables (for example KAFKA_SECURITY_PROTOCOL=SSL);\n"
            + "  logs: JSON lines, or text on a terminal; KCRAWL_LOG_FORMAT=json|text decides";

    private static final WorkerMain<RenderSetup, RenderWorker> MAIN = new WorkerMain<>("render-worker", USAGE,
            RenderSetup::load,
            WorkerMain.ProcessStarter.of(RenderMain::spec),
            (config, process) -> log().info("render worker of crawl '{}' running against {} with {} tabs; metrics and"
                    + " health on port {}", config.fetch().crawlName(), config.fetch().bootstrapServers(),
                    config.render().renderTabs(),
                    process.opsPort()));

    private RenderMain() {}

    /** Runs the render worker until it is stopped; exits with the code of {@link WorkerMain#run}. */
    public static void main(String[] args) {
        MAIN.main(args);
    }

    /**
     * A render worker as a container runs it (a {@link WorkerProcess}): the worker starts its browser as it
     * is built, so starting the process also throws {@link IllegalStateException} when the browser does not
     * start.
     */
    public static WorkerProcessSpec<RenderWorker> spec(RenderSetup setup) {
        FetcherConfig config = setup.fetch();
        return new WorkerProcessSpec<>(MeterSpec.Worker.RENDERER, config.crawlName(), config.bootstrapServers(),
                config.metricsPort(),
                WorkerProcessSpec.DEFAULT_MAX_SILENCE, topics -> topics.ensure(config.topics(), config.layout()),
                (clients, telemetry) -> RenderWorker.create(setup, clients, telemetry.registry()));
    }

    /** Obtained on use, so no logger exists before the log format has been chosen. */
    private static Logger log() {
        return LoggerFactory.getLogger(RenderMain.class);
    }
}
