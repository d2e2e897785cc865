package org.kcrawl.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.kcrawl.common.runtime.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code crawl [options] URL...}: a whole crawl in one JVM. */
@Command(name = "crawl", mixinStandardHelpOptions = true, versionProvider = Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Crawls the web from the given seed URLs, politely, and writes one JSON record per page.",
            "Starts an embedded Kafka broker unless --bootstrap is given; exits 0 when the crawl has drained "
                    + "or a limit is hit."},
        subcommands = {DemoCommand.class, org.kcrawl.cli.admin.SubmitCommand.class,
            org.kcrawl.cli.admin.TailCommand.class, org.kcrawl.cli.admin.ReplayCommand.class,
            org.kcrawl.cli.admin.StatusCommand.class,
            org.kcrawl.cli.admin.FetcherCommand.class, org.kcrawl.cli.admin.ParserCommand.class,
            org.kcrawl.cli.admin.RendererCommand.class,
            org.kcrawl.cli.admin.ArchiverCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the crawl drained or hit its limit", "1:a run-time failure",
            "2:bad options, URLs or configuration", "130:interrupted (what was written is kept)",
            "141:the reader of the output went away, as in crawl --out - | head (what was written is kept)"})
public final class CrawlCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    CrawlOptions options;

    @Option(names = "--seeds", paramLabel = "FILE",
            description = "Read seed URLs from FILE (- for standard input), one a line; '#' starts a comment line.")
    Path seedsFile;

    @Parameters(paramLabel = "URL", arity = "0..*", description = "Seed URLs (http or https).")
    List<String> urls = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        options.validate();
        WorkerWiring wiring = new WorkerWiring(options);
        List<String> seeds = new SeedLoader(wiring.urlNormalizer()).load(urls, seedsFile);
        if (seeds.isEmpty()) {
            throw new UsageException("no seed URLs: give URLs as arguments or --seeds FILE");
        }
        return new LocalCrawl(options, wiring, seeds, spec.commandLine().getErr()).run();
    }
}
