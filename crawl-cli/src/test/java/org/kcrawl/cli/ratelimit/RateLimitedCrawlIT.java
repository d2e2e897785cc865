package org.kcrawl.cli.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.cli.CrawlMain;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * Issue #35 as a new user meets it: a site that allows 10 requests a second and answers 429 above that,
 * crawled with the command the issue shows, {@code crawl --rate 50 --per-host 4 --max-pages N}. The crawl
 * learns the limit: no page fails, at most 5 % of the requests after the first second are refused, and
 * pages arrive at 90 % of the limit or more, as the server's own log tells; a second run of the same crawl
 * (a recrawl, by a new fetcher that reads the crawl's host rates) starts at the rate the first one learned. Two hosts behind one limited address are
 * judged on a fake clock ({@code HostSchedulerServerLimitTest}): a crawl short enough for the suite is
 * mostly the address's first seconds of learning.
 */
class RateLimitedCrawlIT {
    private static final int LIMIT = 10;
    private static final int MAX_PAGES = 150;
    /** The recrawl's first 30 requests are judged. */
    private static final int RECRAWLED = 30;

    @TempDir
    Path dir;

    @Test
    void aHostThatRefusesAboveItsLimitIsCrawledJustUnderItAndARecrawlStartsAtTheRateLearned() throws Exception {
        try (LimitedSite site = LimitedSite.start(dir, LIMIT)) {
            // The shared broker rather than --data-dir: the same crawl's state without two embedded brokers' starts.
            String crawlName = SharedKafka.uniqueCrawlName("rate-limited");
            Run first = crawl(site, "first", crawlName, MAX_PAGES, List.of(), "127.0.0.1");

            assertThat(first.exit).as(first.stderr).isZero();
            judge(site, first, List.of("127.0.0.1"));
            assertThat(first.stderr).contains("held by server limit: 127.0.0.1 at ");

            // URLs the first run fetched, asked again: a new fetcher reads the host's rate back.
            List<LimitedSite.Answered> firstLog = site.answered();
            Run again = crawl(site, "again", crawlName, RECRAWLED, List.of("--recrawl-after", "0s"), "127.0.0.1");

            assertThat(again.exit).as(again.stderr).isZero();
            List<LimitedSite.Answered> all = site.answered();
            List<LimitedSite.Answered> second = all.subList(firstLog.size(), all.size());
            assertThat(second.size()).as("the recrawl asked again").isGreaterThanOrEqualTo(RECRAWLED);
            long refusedAtFirst = firstLog.subList(0, RECRAWLED).stream().filter(a -> a.status() == 429).count();
            long refusedAgain = second.subList(0, RECRAWLED).stream().filter(a -> a.status() == 429).count();
            assertThat(refusedAtFirst).as("the first run starts at --rate 50 and is refused (%s)", site.describe())
                    .isGreaterThanOrEqualTo(2);
            assertThat(refusedAgain).as("the second starts at the rate the first learned (%s)", site.describe())
                    .isLessThanOrEqualTo(1);
            assertThat(again.failures).isEmpty();
        }
    }

    /** The criteria, from the server's log: no failure, few refusals, most of the limit used. */
    private static void judge(LimitedSite site, Run run, List<String> hosts) throws IOException {
        assertThat(run.failures).as("no page fails").isEmpty();
        assertThat(run.records).as("the page budget, fetched").hasSize(MAX_PAGES);
        List<LimitedSite.Answered> log = site.answered();
        assertThat(log.stream().map(LimitedSite.Answered::host).distinct()).containsExactlyInAnyOrderElementsOf(hosts);
        long start = log.get(0).atMillis();
        List<LimitedSite.Answered> after = log.stream().filter(a -> a.atMillis() - start >= 1_000).toList();
        long refused = after.stream().filter(a -> a.status() == 429).count();
        List<LimitedSite.Answered> pages = after.stream().filter(LimitedSite.Answered::page).toList();
        double seconds = (pages.get(pages.size() - 1).atMillis() - (start + 1_000)) / 1000.0;
        double perSecond = pages.size() / seconds;
        String summary = String.format(Locale.ROOT, "%s: %d requests after the first second, %d refused (%.1f %%),"
                + " %d pages in %.1f s = %.2f/s", site.describe(), after.size(), refused,
                100.0 * refused / after.size(), pages.size(), seconds, perSecond);
        System.out.println(summary);
        assertThat((double) refused / after.size()).as(summary).isLessThanOrEqualTo(0.05);
        assertThat(perSecond).as(summary).isGreaterThanOrEqualTo(0.9 * LIMIT);
    }

    private record Run(int exit, List<String> records, List<String> failures, String stderr) {}

    private Run crawl(LimitedSite site, String name, String crawlName, int maxPages, List<String> more,
                      String... hosts) throws IOException {
        Path out = dir.resolve(name + ".jsonl");
        Path failures = dir.resolve(name + "-failures.jsonl");
        List<String> args = new ArrayList<>(List.of("--allow-private", "--rate", "50", "--per-host", "4",
                "--max-pages", Integer.toString(maxPages), "--out", out.toString(), "--failures",
                failures.toString()));
        args.addAll(List.of("--bootstrap", SharedKafka.bootstrapServers(), "--crawl-name", crawlName));
        args.addAll(more);
        for (String host : hosts) {
            args.add("http://" + host + ":" + site.port() + "/");
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = CrawlMain.run(args.toArray(String[]::new));
        } finally {
            System.setErr(original);
        }
        String stderr = err.toString(StandardCharsets.UTF_8);
        System.out.println(stderr);
        return new Run(exit, Files.readAllLines(out), Files.exists(failures) ? Files.readAllLines(failures) : List.of(),
                stderr);
    }
}
