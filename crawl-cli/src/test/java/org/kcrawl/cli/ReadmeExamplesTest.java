package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Every {@code crawl} command of the examples in README.md, CONTRIBUTING.md and {@code docs/*.md} is one the
 * command accepts as written: its own parser takes the words, and a crawl's options and seed URLs pass the
 * checks it makes before it starts. Files an example names ({@code --seeds seeds.txt}, {@code --config
 * parser.yaml}) are the user's own and are not looked for. {@link ReadmeExamplesIT} runs the examples that
 * need no network beyond loopback. The progress and summary lines {@code docs/crawl-command.md} shows are
 * the command's own.
 */
class ReadmeExamplesTest {

    @Test
    void theDocumentationHasExamplesOfEveryKind() {
        List<ReadmeCommands.Example> examples = ReadmeCommands.examples();

        assertThat(examples).hasSizeGreaterThanOrEqualTo(15);
        assertThat(examples).extracting(e -> e.args().isEmpty() ? "" : e.args().get(0))
                .contains("demo", "submit", "tail", "status", "fetcher", "parser", "--max-pages");
        assertThat(ReadmeCommands.examples("README.md")).as("the README's own quick start")
                .extracting(e -> e.args().isEmpty() ? "" : e.args().get(0)).contains("demo", "--max-pages");
        assertThat(ReadmeCommands.examples("docs/crawl-command.md")).as("the crawl command's page")
                .extracting(e -> e.args().isEmpty() ? "" : e.args().get(0)).contains("submit", "tail", "status");
    }

    @Test
    void everyExampleParsesAndPassesTheChecksMadeBeforeACrawlStarts() {
        for (ReadmeCommands.Example example : ReadmeCommands.examples()) {
            assertThatCode(() -> check(example.args())).as("%s", example).doesNotThrowAnyException();
        }
    }

    @Test
    void aMistypedExampleWouldBeCaught() {
        List<ReadmeCommands.Example> typo = ReadmeCommands.examples("typo.md", List.of("```bash",
                "./crawl --max-page 200 https://example.org/   # one letter short", "```"));

        assertThat(typo).singleElement().satisfies(e -> assertThatCode(() -> check(e.args()))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("--max-page"));
    }

    @Test
    void examplesAreSplitAsAShellSplitsThem() {
        List<ReadmeCommands.Example> found = ReadmeCommands.examples("split.md", List.of(
                "```bash",
                "cat urls.txt | crawl submit --crawl-name 'my news' --seeds -  # a comment",
                "KCRAWL_FETCHER_RATE=2 crawl fetcher",
                "kubectl run x --image=$R/crawl-cli:0.1.0 -- \\",
                "  status --bootstrap $B",
                "echo crawl",
                "```",
                "./crawl outside-a-block"));

        assertThat(found).extracting(ReadmeCommands.Example::args).containsExactly(
                List.of("submit", "--crawl-name", "my news", "--seeds", "-"),
                List.of("fetcher"),
                List.of("status", "--bootstrap", "$B"));
        assertThat(found.get(2).line()).isEqualTo(4);
        assertThat(found.get(2).toString()).startsWith("split.md:4: kubectl run x");
    }

    @Test
    void theProgressAndSummaryLinesShownAreTheOnesTheCommandPrints() throws Exception {
        String page = Files.readString(ReadmeCommands.page("docs/crawl-command.md"));
        AtomicReference<ProgressSnapshot> now = new AtomicReference<>(new ProgressSnapshot(0, 0, 1, 0, 1, 1,
                "waiting: 1 host, robots.txt unreachable (connect), retry 2/3 in 2 s"));
        AtomicLong clock = new AtomicLong();
        StringWriter text = new StringWriter();
        ProgressReporter progress = new ProgressReporter(new PrintWriter(text), false, now::get, "records",
                clock::get, 5_000_000_000L);

        clock.set(2_000_000_000L);
        progress.tick();
        now.set(new ProgressSnapshot(0, 0, 0, 0, 3, 0, "",
                Map.of(FailureReason.CONNECT, 1L)));
        clock.set(5_500_000_000L);
        progress.finish("drained");

        assertThat(text.toString().lines()).allSatisfy(line -> assertThat(page).contains("\n" + line + "\n"));
    }

    /** Parses {@code args} as {@link CrawlMain} does; for a crawl, also checks its options and seed URLs. */
    private static void check(List<String> args) {
        CommandLine cmd = new CommandLine(new CrawlCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        ParseResult parsed = cmd.parseArgs(args.toArray(String[]::new));
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        Object command = leaf.commandSpec().userObject();
        if (command instanceof CrawlCommand crawl && crawl.options.config == null) {
            crawl.options.validate();
            if (crawl.seedsFile == null) {
                List<String> seeds = new SeedLoader(new WorkerWiring(crawl.options).urlNormalizer())
                        .load(crawl.urls, null);
                assertThat(seeds).isNotEmpty();
            }
        } else if (command instanceof DemoCommand demo && demo.options.config == null) {
            demo.options.validate();
        }
    }
}
