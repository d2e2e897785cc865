package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.common.url.UrlFingerprint;
import org.kcrawl.common.message.SeenMarkers;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.kafka.TopicContents;
import org.kcrawl.embedded.web.RequestEvent;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * The fetcher against a real broker and a real (synthetic) web: pages and seen markers are
 * published, duplicates and robots-disallowed URLs are counted skips, politeness holds in the
 * server's own request log, and a restarted fetcher on the same crawl fetches nothing again.
 */
class FetcherWorkerIT {
    private static final int HOSTS = 3;
    private static final int PAGES = 12;
    private static final double RATE = 5;
    private static final int PER_HOST = 2;
    /**
     * The fetcher spaces request starts; the server logs arrivals, which also carry the client's
     * event-loop and GC jitter on a busy two-core machine. Cold connections are handled by the
     * scheduler itself, so this only absorbs scheduling noise.
     */
    private static final long JITTER_NANOS = 50_000_000L;

    private final String crawl = SharedKafka.uniqueCrawlName("fetcher-it");
    private final KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());
    private final CrawlTopics topics = new CrawlTopics(crawl);

    @Test
    void fetchesPolitelyDeduplicatesAndFetchesNothingTwiceAcrossARestart() throws Exception {
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(4));
        }
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES).errorRate(0.2)
                .robotsTxt(0, "User-agent: *\nDisallow: /p/5\n")
                .robotsTxt(1, "User-agent: kcrawl\nCrawl-delay: 0.5\n")
                .latency(2, Duration.ofMillis(700))
                .start()) {
            List<String> urls = new ArrayList<>();
            for (int h = 0; h < HOSTS; h++) {
                for (int p = 0; p < PAGES; p++) {
                    urls.add(web.pageUrl(h, p));
                }
            }
            String disallowed = web.pageUrl(0, 5);
            List<String> duplicates = List.of(urls.get(1), urls.get(PAGES + 2), urls.get(2 * PAGES + 3));
            int expectedPages = urls.size() - 1;

            FetcherConfig config = config();
            FetcherWorker first = FetcherWorker.create(config, clients, new SimpleMeterRegistry());
            try {
                first.start();
                seed(urls);
                seed(duplicates);
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() ->
                        first.pagesFetched() == expectedPages && first.skips() == duplicates.size() + 1
                                && first.pending() == 0);
                assertThat(first.outcomes().failures()).isZero();
                assertThat(first.inFlight()).isZero();
                assertThat(first.queued()).isZero();
            } finally {
                first.stop();
            }

            List<FetchedPage> pages = TopicContents.readAll(clients, topics.pages()).stream().map(r -> TopicContents.decode(r.value(), FetchedPage.class))
                    .toList();
            assertThat(pages).extracting(FetchedPage::requestedUrl).doesNotHaveDuplicates()
                    .hasSize(expectedPages).doesNotContain(disallowed);
            assertThat(pages).allSatisfy(p -> assertThat(p.status()).isEqualTo(200));
            Set<String> markers = TopicContents.readAll(clients, topics.seen()).stream().map(ConsumerRecord::key).collect(Collectors.toSet());
            Set<String> expectedMarkers = urls.stream().filter(u -> !u.equals(disallowed))
                    .map(u -> SeenMarkers.key(UrlFingerprint.of(u))).collect(Collectors.toSet());
            assertThat(markers).isEqualTo(expectedMarkers);
            assertThat(TopicContents.readAll(clients, topics.failures())).isEmpty();

            Set<String> flaky = web.flakyPages();
            for (int h = 0; h < HOSTS; h++) {
                String host = web.hostAddress(h);
                Map<String, Long> byPath = web.requestLog().countByPath(host);
                assertThat(byPath.get("/robots.txt")).as("robots.txt of %s", host).isEqualTo(1L);
                for (int p = 0; p < PAGES; p++) {
                    String url = web.pageUrl(h, p);
                    String path = url.substring(url.indexOf('/', "http://".length()));
                    long expected = url.equals(disallowed) ? 0 : flaky.contains(url) ? 2 : 1;
                    assertThat(byPath.getOrDefault(path, 0L)).as("requests for %s", url).isEqualTo(expected);
                }
                String timeline = timeline(web.requestLog().of(host));
                long interval = h == 1 ? 500_000_000L : (long) (1e9 / RATE);
                assertThat(web.requestLog().maxConcurrency(host)).as("concurrency at %s:%n%s", host, timeline)
                        .isLessThanOrEqualTo(PER_HOST);
                assertThat(web.requestLog().minIntervalNanos(host)).as("spacing at %s:%n%s", host, timeline)
                        .isGreaterThanOrEqualTo(interval - JITTER_NANOS);
            }
            assertThat(web.requestLog().maxConcurrency(web.hostAddress(2))).as("the slow host used its slots")
                    .isEqualTo(PER_HOST);

            Map<String, Long> before = new HashMap<>();
            for (int h = 0; h < HOSTS; h++) {
                int host = h;
                web.requestLog().countByPath(web.hostAddress(h)).forEach((path, n) -> before.put(path + "@" + host, n));
            }
            FetcherWorker second = FetcherWorker.create(config, clients, new SimpleMeterRegistry());
            try {
                second.start();
                seed(urls);
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                        second.skips() == urls.size() && second.pending() == 0);
                assertThat(second.pagesFetched()).isZero();
                assertThat(second.outcomes().failures()).isZero();
            } finally {
                second.stop();
            }
            for (int h = 0; h < HOSTS; h++) {
                int host = h;
                web.requestLog().countByPath(web.hostAddress(h)).forEach((path, n) -> {
                    if (path.startsWith("/p/") || path.equals("/")) {
                        assertThat(n).as("%s on host %d after the restart", path, host)
                                .isEqualTo(before.get(path + "@" + host));
                    }
                });
            }
            assertThat(TopicContents.readAll(clients, topics.pages())).hasSize(expectedPages);
        }
    }

    @Test
    void aMidRunRestartFetchesEveryUrlOnceAndStaysPolite() throws Exception {
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(4));
        }
        int hosts = 4;
        int pages = 15;
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(hosts).pagesPerHost(pages)
                .latency(Duration.ofMillis(150)).start()) {
            List<String> urls = new ArrayList<>();
            for (int h = 0; h < hosts; h++) {
                for (int p = 0; p < pages; p++) {
                    urls.add(web.pageUrl(h, p));
                }
            }
            FetcherConfig config = config();
            FetcherWorker first = FetcherWorker.create(config, clients, new SimpleMeterRegistry());
            try {
                first.start();
                seed(urls);
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                        .until(() -> first.pagesFetched() >= urls.size() / 3);
            } finally {
                first.stop();
            }
            long firstPages = first.pagesFetched();
            assertThat(firstPages).as("stopped mid-run").isLessThan(urls.size());

            FetcherWorker second = FetcherWorker.create(config, clients, new SimpleMeterRegistry());
            try {
                second.start();
                seed(urls); // every URL again: completed ones must be skipped, the rest fetched once
                try (Admin admin = clients.admin()) {
                    ConsumerLag lag = new ConsumerLag(admin);
                    await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() ->
                            firstPages + second.pagesFetched() == urls.size() && second.pending() == 0
                                    && lag.of(topics.fetcherGroup(), topics.urls()) == 0);
                }
            } finally {
                second.stop();
            }

            assertThat(TopicContents.readAll(clients, topics.pages())).extracting(r -> TopicContents.decode(r.value(), FetchedPage.class).requestedUrl())
                    .doesNotHaveDuplicates().hasSize(urls.size());
            for (int h = 0; h < hosts; h++) {
                String host = web.hostAddress(h);
                String timeline = timeline(web.requestLog().of(host));
                web.requestLog().countByPath(host).forEach((path, n) -> {
                    if (!path.equals("/robots.txt")) {
                        assertThat(n).as("requests for %s at %s:%n%s", path, host, timeline).isEqualTo(1L);
                    }
                });
                assertThat(web.requestLog().maxConcurrency(host)).as("concurrency at %s:%n%s", host, timeline)
                        .isLessThanOrEqualTo(PER_HOST);
                assertThat(web.requestLog().minIntervalNanos(host)).as("spacing at %s:%n%s", host, timeline)
                        .isGreaterThanOrEqualTo((long) (1e9 / RATE) - JITTER_NANOS);
            }
        }
    }

    /** The host's requests as "path start-end status" lines in ms from the first, for failure messages. */
    private static String timeline(List<RequestEvent> events) {
        long t0 = events.get(0).startNanos();
        StringBuilder sb = new StringBuilder();
        for (RequestEvent e : events) {
            sb.append(String.format("%s %d-%d %d%n", e.path(), (e.startNanos() - t0) / 1_000_000,
                    (e.endNanos() - t0) / 1_000_000, e.status()));
        }
        return sb.toString();
    }

    private FetcherConfig config() {
        Map<String, String> env = new HashMap<>();
        env.put("KCRAWL_FETCHER_CRAWL_NAME", crawl);
        env.put("KCRAWL_FETCHER_BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers());
        env.put("KCRAWL_FETCHER_RATE", Double.toString(RATE));
        env.put("KCRAWL_FETCHER_PER_HOST", Integer.toString(PER_HOST));
        env.put("KCRAWL_FETCHER_ALLOW_PRIVATE", "true");
        env.put("KCRAWL_FETCHER_RETRY_BASE_DELAY", "PT0.2S");
        env.put("KCRAWL_FETCHER_DRAIN_TIMEOUT", "PT5S");
        return new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), null, env,
                FetcherConfig.ENV_PREFIX);
    }

    private void seed(List<String> urls) throws Exception {
        try (KafkaProducer<String, byte[]> producer = clients.producer("seeder-" + crawl)) {
            List<Future<?>> acks = new ArrayList<>();
            for (String url : urls) {
                byte[] value = MessageCodec.get().encode(CrawlRequest.seed(url, Instant.now()));
                acks.add(producer.send(new ProducerRecord<>(topics.urls(), HostKey.of(url), value)));
            }
            for (Future<?> f : acks) {
                f.get();
            }
        }
    }
}
