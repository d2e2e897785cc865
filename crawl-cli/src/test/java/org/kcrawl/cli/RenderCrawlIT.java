package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.ScriptSite;
import org.kcrawl.testkit.browser.RequiresChromium;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * Issue #20 through the command: a site whose titles and links exist only once its scripts have run is
 * crawled whole with {@code --render} (every page a record with the title its script set), and not found
 * without it (the home page's record says "Loading" and has no link to follow).
 */
class RenderCrawlIT {
    @TempDir
    Path dir;

    @Test
    @RequiresChromium
    void withRenderEveryScriptBuiltPageIsFoundAndRecordedWithItsScriptSetTitle() throws IOException {
        try (ScriptSite site = ScriptSite.builder().addresses("127.0.0.151", "127.0.0.152").pages(4).start()) {
            Run run = crawl("render", List.of("--render", "^" + java.util.regex.Pattern.quote(site.url("/"))),
                    site.url("/"));

            assertThat(run.exit).as(run.stderr).isZero();
            Map<String, JsonNode> byUrl = run.byUrl();
            assertThat(byUrl.keySet()).containsExactlyInAnyOrderElementsOf(site.contentUrls());
            for (String url : site.contentUrls()) {
                assertThat(byUrl.get(url).get("title").asText()).as(url).isEqualTo(site.titleOf(url));
                assertThat(byUrl.get(url).get("h1").asText()).isEqualTo(site.titleOf(url));
            }
            assertThat(byUrl.get(site.url("/")).get("links").asInt()).isEqualTo(4);
            assertThat(run.records).as("one record per page").hasSize(site.contentUrls().size());
            assertThat(run.failures).isEmpty();
            assertThat(run.stderr).contains("drained: 5 pages");
            for (String url : site.contentUrls()) {
                assertThat(site.requests(url)).as("requests for %s", url).isEqualTo(1);
            }
        }
    }

    @Test
    @RequiresChromium
    void withRenderAutoTheShellsAreRecognisedByTheParserAndRecordedOnceRendered() throws IOException {
        try (ScriptSite site = ScriptSite.builder().addresses("127.0.0.155", "127.0.0.156").pages(3).start()) {
            Run run = crawl("auto", List.of("--render-auto"), site.url("/"));

            assertThat(run.exit).as(run.stderr).isZero();
            Map<String, JsonNode> byUrl = run.byUrl();
            assertThat(byUrl.keySet()).containsExactlyInAnyOrderElementsOf(site.contentUrls());
            for (String url : site.contentUrls()) {
                assertThat(byUrl.get(url).get("title").asText()).as(url).isEqualTo(site.titleOf(url));
                // Fetched once as it is, found to be a shell, fetched once more by the render worker.
                assertThat(site.requests(url)).as("requests for %s", url).isEqualTo(2);
            }
            assertThat(run.records).as("no record of a shell as fetched").hasSize(site.contentUrls().size());
            assertThat(run.failures).isEmpty();
        }
    }

    @Test
    @RequiresChromium
    void withWarcARenderedPageIsArchivedAsTheServerSentItWithTheDomItsBrowserBuiltBeside() throws IOException {
        try (ScriptSite site = ScriptSite.builder().addresses("127.0.0.157", "127.0.0.158").pages(2).start()) {
            Path warc = dir.resolve("warc");
            Run run = crawl("warc", List.of("--render", "^" + java.util.regex.Pattern.quote(site.url("/")), "--warc",
                    warc.toString()), site.url("/"));

            assertThat(run.exit).as(run.stderr).isZero();
            Map<String, WarcResponse> responses = new HashMap<>();
            Map<String, byte[]> payloads = new HashMap<>();
            Map<String, WarcRecord> conversions = new HashMap<>();
            Map<String, byte[]> doms = new HashMap<>();
            try (Stream<Path> files = Files.list(warc)) {
                for (Path file : files.filter(p -> p.toString().endsWith(".warc.gz")).toList()) {
                    try (WarcReader reader = new WarcReader(file)) {
                        for (WarcRecord record : reader) {
                            if (record instanceof WarcResponse r) {
                                responses.put(r.target(), r);
                                payloads.put(r.target(), r.http().body().stream().readAllBytes());
                            } else if (record.type().equals("conversion")) {
                                String target = record.headers().sole("WARC-Target-URI").orElseThrow();
                                conversions.put(target, record);
                                doms.put(target, record.body().stream().readAllBytes());
                            }
                        }
                    }
                }
            }
            assertThat(responses.keySet()).as("a response for every page the browser rendered")
                    .containsAll(site.contentUrls());
            for (String url : site.contentUrls()) {
                String sent = new String(payloads.get(url), StandardCharsets.UTF_8);
                String dom = new String(doms.get(url), StandardCharsets.UTF_8);
                assertThat(sent).as("what %s sent: the shell", url).contains("<title>Loading</title>")
                        .doesNotContain(site.titleOf(url));
                assertThat(dom).as("the DOM its scripts built").contains(site.titleOf(url));
                assertThat(conversions.get(url).headers().sole("WARC-Refers-To"))
                        .contains("<" + responses.get(url).id() + ">");
            }
        }
    }

    @Test
    void withoutRenderTheScriptBuiltPagesAreNotFound() throws IOException {
        try (ScriptSite site = ScriptSite.builder().addresses("127.0.0.153", "127.0.0.154").pages(4).start()) {
            Run run = crawl("plain", List.of(), site.url("/"));

            assertThat(run.exit).as(run.stderr).isZero();
            assertThat(run.byUrl().keySet()).containsExactly(site.url("/"));
            assertThat(run.records.get(0).get("title").asText()).isEqualTo("Loading");
            assertThat(run.records.get(0).get("links").asInt()).isZero();
            assertThat(site.requests(site.url("/app.js"))).as("no script was run").isZero();
        }
    }

    private Run crawl(String name, List<String> extra, String... seeds) throws IOException {
        Path out = dir.resolve(name + "-records.jsonl");
        Path failures = dir.resolve(name + "-failures.jsonl");
        List<String> args = new ArrayList<>(List.of("--bootstrap", SharedKafka.bootstrapServers(),
                "--crawl-name", SharedKafka.uniqueCrawlName("render-" + name), "--allow-private", "--rate", "20",
                "--out", out.toString(), "--failures", failures.toString()));
        args.addAll(extra);
        args.addAll(List.of(seeds));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = CrawlMain.run(args.toArray(String[]::new));
        } finally {
            System.setErr(original);
        }
        return new Run(exit, readLines(out), readLines(failures), err.toString(StandardCharsets.UTF_8));
    }

    private static List<JsonNode> readLines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out;
    }

    private record Run(int exit, List<JsonNode> records, List<JsonNode> failures, String stderr) {
        Map<String, JsonNode> byUrl() {
            return records.stream().collect(Collectors.toMap(r -> r.get("url").asText(), Function.identity(),
                    (a, b) -> a));
        }
    }
}
