package org.kcrawl.embedded.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Real sockets on 127.0.0.0/8, driven by the JDK's HTTP client. */
class SyntheticWebIT {
    private static final Pattern HREF = Pattern.compile("<a href=\"([^\"]*)\"");
    private static final Pattern TITLE = Pattern.compile("<title>([^<]*)</title>");
    private static final long MS = 1_000_000L;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return http.send(request(url).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.Builder request(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
    }

    private static List<String> hrefs(String html) {
        List<String> hrefs = new ArrayList<>();
        Matcher m = HREF.matcher(html);
        while (m.find()) {
            hrefs.add(m.group(1));
        }
        return hrefs;
    }

    @Test
    void crawlFromTheRootsFindsExactlyTheGraphAndFetchesEachPageOnce() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(4).pagesPerHost(30).start()) {
            SiteGraph graph = web.graph();
            assertThat(web.hostRoots()).containsExactly(
                    "http://127.0.0.10:" + web.port() + "/", "http://127.0.0.11:" + web.port() + "/",
                    "http://127.0.0.12:" + web.port() + "/", "http://127.0.0.13:" + web.port() + "/");
            Set<String> fetched = new HashSet<>();
            ArrayDeque<String> frontier = new ArrayDeque<>(web.hostRoots());
            fetched.addAll(web.hostRoots());
            while (!frontier.isEmpty()) {
                String url = frontier.poll();
                HttpResponse<String> response = get(url);
                assertThat(response.statusCode()).as(url).isEqualTo(200);
                assertThat(response.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");
                Matcher title = TITLE.matcher(response.body());
                assertThat(title.find()).isTrue();
                assertThat(title.group(1)).isEqualTo(graph.titleOf(url));
                List<String> links = hrefs(response.body()).stream()
                        .map(href -> SiteGraphTest.resolveWithoutFragment(url, href)).toList();
                assertThat(links).as("links of %s", url).isEqualTo(graph.linksOf(url));
                for (String link : links) {
                    if (graph.pages().contains(link) && fetched.add(link)) {
                        frontier.add(link);
                    }
                }
            }
            assertThat(fetched).isEqualTo(graph.pages())
                    .isEqualTo(graph.reachable(web.hostRoots(), Integer.MAX_VALUE, graph.pages()::contains).keySet());
            RequestLog log = web.requestLog();
            assertThat(log.hosts()).containsExactly("127.0.0.10", "127.0.0.11", "127.0.0.12", "127.0.0.13");
            for (int h = 0; h < 4; h++) {
                assertThat(log.countByPath(web.hostAddress(h))).hasSize(30).allSatisfy((path, n) -> assertThat(n).isOne());
                assertThat(log.of(web.hostAddress(h))).allSatisfy(e -> assertThat(e.status()).isEqualTo(200));
            }
            assertThat(log.dropped()).isZero();
        }
    }

    @Test
    void sequentialRequestsShareOneKeepAliveConnection() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(2).pagesPerHost(30).start()) {
            for (int p = 0; p < 20; p++) {
                assertThat(get(web.pageUrl(1, p)).statusCode()).isEqualTo(200);
            }
            RequestLog log = web.requestLog();
            String host = web.hostAddress(1);
            assertThat(log.of(host)).hasSize(20);
            assertThat(log.connectionsOpened(host)).isOne();
            assertThat(log.maxConcurrency(host)).isOne();
            assertThat(log.minIntervalNanos(host)).isPositive();
            assertThat(log.of(web.hostAddress(0))).isEmpty();
        }
    }

    @Test
    void latencyDelaysResponsesOfEachHost() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(2).pagesPerHost(5)
                .latency(Duration.ofMillis(150)).latency(1, Duration.ZERO).start()) {
            long before = System.nanoTime();
            assertThat(get(web.pageUrl(0, 1)).statusCode()).isEqualTo(200);
            assertThat(System.nanoTime() - before).isGreaterThanOrEqualTo(150 * MS);
            assertThat(get(web.pageUrl(1, 1)).statusCode()).isEqualTo(200);
            assertThat(web.requestLog().of(web.hostAddress(0))).singleElement()
                    .satisfies(e -> assertThat(e.durationNanos()).isGreaterThanOrEqualTo(150 * MS));
            assertThat(web.requestLog().of(web.hostAddress(1))).singleElement()
                    .satisfies(e -> assertThat(e.durationNanos()).isLessThan(100 * MS));
        }
    }

    @Test
    void parallelRequestsShowAsConcurrency() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(1).pagesPerHost(10).latency(Duration.ofMillis(400)).start()) {
            List<CompletableFuture<HttpResponse<Void>>> inFlight = new ArrayList<>();
            for (int p = 0; p < 6; p++) {
                inFlight.add(http.sendAsync(request(web.pageUrl(0, p)).GET().build(), HttpResponse.BodyHandlers.discarding()));
            }
            for (CompletableFuture<HttpResponse<Void>> f : inFlight) {
                assertThat(f.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
            String host = web.hostAddress(0);
            assertThat(web.requestLog().maxConcurrency(host)).isEqualTo(6);
            assertThat(web.requestLog().connectionsOpened(host)).isEqualTo(6);
        }
    }

    @Test
    void flakyPagesFailTheirFirstRequestWithRetryAfter() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(2).pagesPerHost(20).errorRate(0.3).start()) {
            Set<String> flaky = web.flakyPages();
            assertThat(flaky).isNotEmpty().hasSizeLessThan(40);
            for (String page : web.graph().pages()) {
                HttpResponse<String> first = get(page);
                if (flaky.contains(page)) {
                    assertThat(first.statusCode()).as(page).isIn(503, 429);
                    assertThat(first.headers().firstValue("retry-after")).hasValue("1");
                } else {
                    assertThat(first.statusCode()).as(page).isEqualTo(200);
                }
                assertThat(get(page).statusCode()).as(page).isEqualTo(200);
            }
        }
    }

    @Test
    void robotsTxtIsServedPerHost() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(4).pagesPerHost(5)
                .robotsTxt("User-agent: *\nDisallow: /p/3\n")
                .robotsTxt(1, "User-agent: *\nDisallow: /\n")
                .robotsStatus(2, 503)
                .start()) {
            HttpResponse<String> shared = get(web.hostRoots().get(0) + "robots.txt");
            assertThat(shared.statusCode()).isEqualTo(200);
            assertThat(shared.headers().firstValue("content-type")).hasValue("text/plain; charset=utf-8");
            assertThat(shared.body()).isEqualTo("User-agent: *\nDisallow: /p/3\n");
            assertThat(get(web.hostRoots().get(1) + "robots.txt").body()).isEqualTo("User-agent: *\nDisallow: /\n");
            assertThat(get(web.hostRoots().get(2) + "robots.txt").statusCode()).isEqualTo(503);
            assertThat(get(web.hostRoots().get(3) + "robots.txt").statusCode()).isEqualTo(200);
        }
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(1).pagesPerHost(5).start()) {
            assertThat(get(web.hostRoots().get(0) + "robots.txt").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void headMatchesGetAndUnknownPathsAre404() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(1).pagesPerHost(5).pageBytes(10_000).start()) {
            HttpResponse<String> page = get(web.pageUrl(0, 2));
            assertThat(page.body().length()).isGreaterThan(9_000);
            HttpResponse<Void> head = http.send(request(web.pageUrl(0, 2)).method("HEAD", HttpRequest.BodyPublishers.noBody())
                    .build(), HttpResponse.BodyHandlers.discarding());
            assertThat(head.statusCode()).isEqualTo(200);
            assertThat(head.headers().firstValue("content-length")).isEqualTo(page.headers().firstValue("content-length"));
            assertThat(get(web.hostRoots().get(0) + "p/5").statusCode()).isEqualTo(404);
            assertThat(get(web.hostRoots().get(0) + "p/0").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void sameSeedGivesTheSameWebOnAnyPort() throws Exception {
        try (SyntheticWeb a = SyntheticWeb.builder().hosts(3).pagesPerHost(20).seed(99).start();
             SyntheticWeb b = SyntheticWeb.builder().hosts(3).pagesPerHost(20).seed(99).start()) {
            assertThat(a.port()).isNotEqualTo(b.port());
            for (int h = 0; h < 3; h++) {
                for (int p = 0; p < 20; p++) {
                    List<String> linksA = a.graph().linksOf(a.pageUrl(h, p)).stream()
                            .map(l -> l.replace(":" + a.port() + "/", ":" + b.port() + "/")).toList();
                    assertThat(linksA).isEqualTo(b.graph().linksOf(b.pageUrl(h, p)));
                    assertThat(get(a.pageUrl(h, p)).body().replace(":" + a.port() + "/", ":" + b.port() + "/"))
                            .isEqualTo(get(b.pageUrl(h, p)).body());
                }
            }
        }
    }

    @Test
    void closeStopsEveryListener() throws Exception {
        SyntheticWeb web = SyntheticWeb.builder().hosts(2).pagesPerHost(5).start();
        String root = web.hostRoots().get(1);
        assertThat(get(root).statusCode()).isEqualTo(200);
        web.close();
        web.close();
        HttpClient fresh = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        assertThatThrownBy(() -> fresh.send(request(root).GET().build(), HttpResponse.BodyHandlers.discarding()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void servesTheDefaultWebUnderManyParallelRequests() throws Exception {
        try (SyntheticWeb web = SyntheticWeb.builder().start()) {
            Semaphore slots = new Semaphore(200);
            List<CompletableFuture<Integer>> all = new ArrayList<>();
            for (String page : web.graph().pages()) {
                slots.acquire();
                all.add(http.sendAsync(request(page).GET().build(), HttpResponse.BodyHandlers.ofByteArray())
                        .thenApply(HttpResponse::statusCode)
                        .whenComplete((status, error) -> slots.release()));
            }
            for (CompletableFuture<Integer> f : all) {
                assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo(200);
            }
            assertThat(web.requestLog().size()).isEqualTo(2000);
            assertThat(web.requestLog().hosts()).hasSize(20);
        }
    }
}
