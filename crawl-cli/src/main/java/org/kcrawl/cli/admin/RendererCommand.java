package org.kcrawl.cli.admin;

import org.kcrawl.render.kafka.RenderMain;
import picocli.CommandLine.Command;

/** {@code crawl renderer}: runs one render worker against a Kafka cluster, as the render-worker process does. */
@Command(name = "renderer", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        header = "Runs one render worker (headless Chromium) against a Kafka cluster.",
        description = {
            "Runs until SIGTERM or Ctrl-C: it consumes <crawl>.render in the group <crawl>.renderer, renders "
                    + "each page in headless Chromium with every request the page makes fetched politely by the "
                    + "worker, and produces <crawl>.pages (marked rendered) and <crawl>.failures. Start as many as "
                    + "<crawl>.render has partitions.",
            "Settings are the fetcher's (the same --config file: rate, robots.txt and address rules hold alike), "
                    + "then KCRAWL_RENDERER_<KEY> variables (KCRAWL_RENDERER_RENDER_TABS=8); KAFKA_<PROPERTY> "
                    + "variables reach the Kafka clients. Needs Chromium at browser_path (default /usr/bin/chromium). "
                    + "It serves /metrics, /healthz and /readyz on metrics_port."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped cleanly", "1:the worker failed (or no browser)", "2:bad options or configuration"})
public final class RendererCommand extends WorkerCommand {
    @Override
    void runWorker(String[] args) {
        RenderMain.main(args);
    }
}
