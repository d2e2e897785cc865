package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * {@code --allow}, {@code --deny} and {@code --no-parent} through the crawl command, against a site on
 * loopback that records what reached it: a URL out of the scope they set is never requested, whether a
 * link or a redirect leads to it, and a {@code --config} file's patterns hold unless the option is given.
 */
class ScopeOptionsCrawlIT {
    @TempDir
    Path dir;

    @Test
    void allowFollowsOnlyTheUrlsItMatches() {
        try (RecordingSite site = site("127.0.0.196")) {
            int exit = crawl("scope-allow", "--allow", "/a/", "--allow", "/c/$", site.root());

            assertThat(exit).isZero();
            assertThat(paths(site)).as("the seed, and the links --allow matches")
                    .contains("/", "/a/1", "/a/2", "/c/");
            assertThat(paths(site)).doesNotContain("/b/1", "/c/d");
        }
    }

    @Test
    void denyFollowsNoUrlItMatchesAndReplacesTheConfigFilesPatterns() throws IOException {
        Path config = dir.resolve("crawl.yaml");
        Files.writeString(config, "parser:\n  deny_patterns: [\"/b/\"]\n");
        try (RecordingSite site = site("127.0.0.197")) {
            int exit = crawl("scope-deny-file", "--config", config.toString(), site.root());

            assertThat(exit).isZero();
            assertThat(paths(site)).as("the file's deny_patterns hold").contains("/a/1", "/c/").doesNotContain("/b/1");
        }
        try (RecordingSite site = site("127.0.0.198")) {
            int exit = crawl("scope-deny", "--config", config.toString(), "--deny", "/a/", "--deny", "/d$",
                    site.root());

            assertThat(exit).isZero();
            assertThat(paths(site)).as("--deny replaces the file's patterns").contains("/", "/b/1", "/c/")
                    .doesNotContain("/a/1", "/a/2", "/c/d");
        }
    }

    @Test
    void noParentStaysUnderTheSeedsDirectoriesAndASeedsRedirectMovesIt() {
        try (RecordingSite site = RecordingSite.http("127.0.0.199")) {
            site.page("/", "<html><body>root</body></html>")
                    .page("/docs/", links("/docs/a", "/", "/other", "/docs/go"))
                    .page("/docs/a", links("/docs/sub/b", "/docsx"))
                    .page("/docs/sub/b", "<html><body>b</body></html>")
                    .page("/blog/post.html", links("/blog/next.html", "/docs/c"))
                    .page("/blog/next.html", "<html><body>next</body></html>")
                    .page("/docs/c", "<html><body>c</body></html>")
                    .page("/v2/", links("/v2/p", "/outside"))
                    .page("/v2/p", "<html><body>p</body></html>")
                    .page("/other", "<html><body>other</body></html>")
                    .page("/outside", "<html><body>outside</body></html>")
                    .page("/elsewhere/", "<html><body>elsewhere</body></html>")
                    .redirect("/old/", site.url("/v2/"))
                    .redirect("/docs/go", site.url("/elsewhere/"));

            int exit = crawl("scope-no-parent", "--no-parent", site.url("/docs/"), site.url("/blog/post.html"),
                    site.url("/old/"));

            assertThat(exit).isZero();
            assertThat(paths(site)).as("under a seed's directory, another seed's on the site too, and where a seed"
                            + " moved by redirect")
                    .contains("/docs/", "/docs/a", "/docs/sub/b", "/docs/go", "/blog/post.html", "/blog/next.html",
                            "/docs/c", "/old/", "/v2/", "/v2/p");
            assertThat(paths(site)).as("above or beside them, by link or by another page's redirect")
                    .doesNotContain("/", "/other", "/docsx", "/outside", "/elsewhere/");
        }
    }

    /** A home page linking into /a/, /b/ and /c/, and to /c/d. */
    private static RecordingSite site(String address) {
        return RecordingSite.http(address)
                .page("/", links("/a/1", "/b/1", "/c/", "/c/d"))
                .page("/a/1", links("/a/2"))
                .page("/a/2", "<html><body>a2</body></html>")
                .page("/b/1", "<html><body>b1</body></html>")
                .page("/c/", "<html><body>c</body></html>")
                .page("/c/d", "<html><body>d</body></html>");
    }

    private static String links(String... paths) {
        StringBuilder html = new StringBuilder("<html><body>");
        for (String path : paths) {
            html.append("<a href=\"").append(path).append("\">").append(path).append("</a> ");
        }
        return html.append("</body></html>").toString();
    }

    private int crawl(String name, String... args) {
        List<String> all = new ArrayList<>(List.of("--bootstrap", SharedKafka.bootstrapServers(), "--crawl-name",
                SharedKafka.uniqueCrawlName(name), "--allow-private", "--rate", "50", "--quiet",
                "--out", dir.resolve(name + ".jsonl").toString(),
                "--failures", dir.resolve(name + "-failures.jsonl").toString()));
        all.addAll(List.of(args));
        return CrawlMain.run(all.toArray(String[]::new));
    }

    private static List<String> paths(RecordingSite site) {
        return site.requests().stream().map(RecordingSite.Request::path).filter(p -> !p.equals("/robots.txt"))
                .toList();
    }
}
