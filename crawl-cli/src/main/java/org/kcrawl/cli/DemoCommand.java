package org.kcrawl.cli;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.embedded.web.SyntheticWeb;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code crawl demo}: serves the synthetic web on loopback and crawls it, so the crawler can be seen
 * working on a machine without internet access.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Starts a synthetic web of many hosts on 127.0.0.x and crawls it end to end.",
            "Loopback addresses are allowed for the demo; politeness and robots.txt still apply."})
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    CrawlOptions options;

    /** The pace and depth a demo starts from. */
    static final Map<String, Object> DEMO_SETTINGS = Map.of("rate", 20, "per_host", 4, "max_depth", 20);

    @Option(names = "--hosts", paramLabel = "N", defaultValue = "25",
            description = "Hosts in the synthetic web (default: ${DEFAULT-VALUE}).")
    int hosts;

    @Option(names = "--pages-per-host", paramLabel = "N", defaultValue = "50",
            description = "Pages per host (default: ${DEFAULT-VALUE}).")
    int pagesPerHost;

    @Option(names = "--latency-ms", paramLabel = "MS", defaultValue = "20",
            description = "Server latency per response in milliseconds (default: ${DEFAULT-VALUE}).")
    long latencyMs;

    @Override
    public Integer call() throws Exception {
        // The demo's own starting point, under --config and the options: fast enough to finish in seconds,
        // still polite per host.
        options.startingSettings = DEMO_SETTINGS;
        options.allowPrivate = true;
        options.validate();
        if (hosts < 1 || hosts > 200) {
            throw new UsageException("--hosts must be between 1 and 200, got " + hosts);
        }
        if (pagesPerHost < 1) {
            throw new UsageException("--pages-per-host must be >= 1, got " + pagesPerHost);
        }
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(hosts).pagesPerHost(pagesPerHost)
                .latency(Duration.ofMillis(latencyMs)).start()) {
            WorkerWiring wiring = new WorkerWiring(options);
            List<String> seeds = new SeedLoader(wiring.urlNormalizer()).load(web.hostRoots(), null);
            if (!options.quiet) {
                spec.commandLine().getErr().printf("demo: synthetic web of %d hosts x %d pages on port %d%n",
                        hosts, pagesPerHost, web.port());
            }
            return new LocalCrawl(options, wiring, seeds, spec.commandLine().getErr()).run();
        }
    }
}
