package org.kcrawl.render.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.ScriptSite;
import org.kcrawl.testkit.browser.RequiresChromium;
import org.kcrawl.testkit.kafka.TopicContents;

/**
 * A render worker against the shared broker, real Chromium and a loopback site built by its scripts:
 * the pages it publishes carry what the scripts built and say they were rendered, a script's request to
 * another loopback host is refused by the address guard (the host logs nothing), and the site sees its
 * requests (pages, scripts and API calls alike) no closer together than the crawl's rate allows.
 */
@RequiresChromium
class RenderWorkerIT {
    private static final double RATE = 5;
    /** Arrival times carry the client's event-loop and GC jitter on a busy two-core machine. */
    private static final long JITTER_NANOS = 50_000_000L;

    private static final String CRAWL = SharedKafka.uniqueCrawlName("render-it");
    private static final KafkaClients CLIENTS = KafkaClients.of(SharedKafka.bootstrapServers());
    private static final CrawlTopics TOPICS = new CrawlTopics(CRAWL);
    private static ScriptSite site;
    private static RenderWorker worker;

    @BeforeAll
    static void start() {
        try (Admin admin = CLIENTS.admin()) {
            new TopicProvisioner(admin).ensure(TOPICS, TopicLayout.local(2));
        }
        site = ScriptSite.builder().addresses("127.0.0.141", "127.0.0.142").pages(4).start();
        FetcherConfig config = new ConfigBinder().bindSection(FetcherConfig.class, FetcherConfig.defaults(), null,
                "fetcher", Map.of("crawl_name", CRAWL, "bootstrap_servers", SharedKafka.bootstrapServers(),
                        "rate", RATE));
        RendererConfig render = new ConfigBinder().bindSection(RendererConfig.class, RendererConfig.defaults(), null,
                "renderer", Map.of("render_scope", "any"));
        // The site's address is opened; the other loopback host stays behind the address guard.
        worker = RenderWorker.create(new RenderSetup(config, render), CLIENTS, new SimpleMeterRegistry(),
                RenderHttp.of(config).toBuilder().allowCidrs(List.of("127.0.0.141/32")).build());
        worker.start();
    }

    @AfterAll
    static void stop() {
        if (worker != null) {
            worker.stop();
        }
        if (site != null) {
            site.close();
        }
    }

    @Test
    void rendersScriptBuiltPagesPolitelyAndAScriptCannotReachAnotherLoopbackHost() throws Exception {
        List<String> urls = new ArrayList<>(site.contentUrls());
        urls.add(site.url("/leak"));
        publish(urls);

        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
                .until(() -> worker.renderedPages() == urls.size() && worker.pending() == 0);

        // Exactly once, what is rendered is readable once its transaction commits, some 250 ms later.
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> TopicContents.readAll(CLIENTS, TOPICS.pages()).size() >= urls.size());
        List<FetchedPage> pages = TopicContents.decoded(CLIENTS, TOPICS.pages(), FetchedPage.class);
        assertThat(pages).extracting(FetchedPage::requestedUrl).containsExactlyInAnyOrderElementsOf(urls);
        for (FetchedPage page : pages) {
            String html = new String(page.body(), StandardCharsets.UTF_8);
            assertThat(page.rendered()).isTrue();
            assertThat(page.contentType()).isEqualTo("text/html; charset=utf-8");
            assertThat(page.status()).isEqualTo(200);
            String title = page.requestedUrl().endsWith("/leak") ? "Leak page" : site.titleOf(page.requestedUrl());
            assertThat(html).as(page.requestedUrl()).contains("<title>" + title + "</title>");
        }
        assertThat(new String(pages.stream().filter(p -> p.requestedUrl().equals(site.url("/"))).findFirst()
                .orElseThrow().body(), StandardCharsets.UTF_8)).contains("<a href=\"/p/4\">");
        assertThat(TopicContents.readAll(CLIENTS, TOPICS.failures())).isEmpty();

        assertThat(site.hits(site.otherUrl("/"))).as("requests that reached the other loopback host").isEmpty();

        List<ScriptSite.Hit> hits = site.hits(site.url("/"));
        assertThat(hits).extracting(ScriptSite.Hit::path).contains("/robots.txt", "/app.js", "/leak.js",
                "/api/page?path=%2Fp%2F4");
        long interval = (long) (1e9 / RATE);
        for (int i = 1; i < hits.size(); i++) {
            long gap = hits.get(i).arrivedNanos() - hits.get(i - 1).arrivedNanos();
            assertThat(gap).as("gap before request %d (%s) of %s", i, hits.get(i).path(), hits)
                    .isGreaterThanOrEqualTo(interval - JITTER_NANOS);
        }
    }

    @Test
    void aPageThatIsNotHtmlOrNotThereIsPublishedAsFetchedWithoutABrowser() throws Exception {
        String missing = site.url("/no/such/page");
        String script = site.url("/app.js");
        long before = worker.plainPages();
        publish(List.of(missing, script));

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> worker.plainPages() + worker.outcomes().failures() >= before + 2 && worker.pending() == 0);

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> TopicContents.decoded(CLIENTS, TOPICS.pages(), FetchedPage.class).stream()
                        .anyMatch(p -> p.requestedUrl().equals(script))
                        && TopicContents.decoded(CLIENTS, TOPICS.failures(), FailureRecord.class).stream()
                        .anyMatch(f -> f.url().equals(missing)));
        List<FetchedPage> pages = TopicContents.decoded(CLIENTS, TOPICS.pages(), FetchedPage.class);
        FetchedPage js = pages.stream().filter(p -> p.requestedUrl().equals(script)).findFirst().orElseThrow();
        assertThat(js.rendered()).isFalse();
        assertThat(js.contentType()).isEqualTo("application/javascript");
        List<FailureRecord> failures = TopicContents.decoded(CLIENTS, TOPICS.failures(), FailureRecord.class);
        assertThat(failures).extracting(FailureRecord::url).contains(missing);
    }

    private static void publish(List<String> urls) throws Exception {
        try (KafkaProducer<String, byte[]> producer = CLIENTS.producer("render-it-seeder")) {
            for (String url : urls) {
                producer.send(new ProducerRecord<>(TOPICS.render(), HostKey.of(url), MessageCodec.get().encode(
                        CrawlRequest.discovered(url, 1, site.url("/"), Instant.now())))).get();
            }
        }
    }
}
