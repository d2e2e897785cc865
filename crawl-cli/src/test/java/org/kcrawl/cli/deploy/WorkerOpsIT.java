package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.DoubleAccumulator;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.metrics.OpsServer;
import org.kcrawl.common.testing.PrometheusScrape;
import org.kcrawl.common.runtime.WorkerProcess;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.fetcher.crawl.FetcherMain;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.ParserMain;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * Runs a fetcher and a parser the way their mains do (Prometheus registry, Kafka client and JVM
 * meters, endpoints on a port) through a crawl of a synthetic web, scraping {@code /metrics} while
 * it runs and after it drains: every catalogue meter is there, tagged with bounded values only,
 * with values that match what the web served; the dashboard's series all exist; the probes answer.
 */
class WorkerOpsIT {
    private static final int HOSTS = 3;
    private static final int PAGES = 25;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void aCrawlShowsOnTheWorkersMetricsAndProbes() throws Exception {
        String crawl = SharedKafka.uniqueCrawlName("ops");
        CrawlTopics topics = new CrawlTopics(crawl);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES).linksPerPage(4)
                .crossHostLinkRatio(0.25).externalLinksPerPage(1).errorRate(0.1)
                .latency(Duration.ofMillis(150)).bindBase(120).start()) {
            List<String> seeds = web.hostRoots();
            List<String> sites = seeds.stream().map(s -> URI.create(s).getAuthority()).toList();
            Map<String, Integer> expected = web.graph().reachable(seeds, 5, url -> sites.contains(
                    URI.create(url).getAuthority()));
            Set<String> flaky = new HashSet<>(web.flakyPages());
            flaky.retainAll(expected.keySet());

            Map<String, String> env = new HashMap<>();
            env.put("KCRAWL_FETCHER_BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers());
            env.put("KCRAWL_FETCHER_CRAWL_NAME", crawl);
            env.put("KCRAWL_FETCHER_PARTITIONS", "2");
            env.put("KCRAWL_FETCHER_RATE", "10");
            env.put("KCRAWL_FETCHER_PER_HOST", "2");
            env.put("KCRAWL_FETCHER_ALLOW_PRIVATE", "true");
            env.put("KCRAWL_FETCHER_METRICS_PORT", "0");
            env.put("KCRAWL_FETCHER_DRAIN_TIMEOUT", "PT5S");
            env.put("KCRAWL_FETCHER_RETRY_BASE_DELAY", "PT0.1S");
            env.put("KCRAWL_PARSER_BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers());
            env.put("KCRAWL_PARSER_CRAWL_NAME", crawl);
            env.put("KCRAWL_PARSER_PARTITIONS", "2");
            env.put("KCRAWL_PARSER_METRICS_PORT", "0");
            env.put("KCRAWL_PARSER_DRAIN_TIMEOUT", "PT5S");
            env.put("KCRAWL_PARSER_THREADS", "2");
            env.put("KCRAWL_PARSER_SEED_SITES", "[" + String.join(", ", sites) + "]");
            FetcherConfig fetcherConfig = new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), null,
                    env, FetcherConfig.ENV_PREFIX);
            ParserConfig parserConfig = ParserConfig.load(null, env);

            int fetcherPort;
            int parserPort;
            try (WorkerProcess<FetcherWorker> fetcher = WorkerProcess.start(FetcherMain.spec(fetcherConfig), env, "127.0.0.1");
                 WorkerProcess<ParserWorker> parser = WorkerProcess.start(ParserMain.spec(parserConfig), env, "127.0.0.1")) {
                fetcherPort = fetcher.opsPort();
                parserPort = parser.opsPort();
                assertThat(get(fetcherPort, OpsServer.LIVENESS_PATH).statusCode()).isEqualTo(200);
                await().atMost(Duration.ofSeconds(60)).until(() -> get(fetcherPort, OpsServer.READINESS_PATH)
                        .statusCode() == 200 && get(parserPort, OpsServer.READINESS_PATH).statusCode() == 200);

                seed(topics, seeds);

                // While the crawl runs: requests are on the wire and pages are being counted.
                AtomicReference<PrometheusScrape> during = new AtomicReference<>();
                DoubleAccumulator mostBacklogged = new DoubleAccumulator(Math::max, 0);
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
                    PrometheusScrape s = scrape(fetcherPort);
                    during.set(s);
                    mostBacklogged.accumulate(s.sum("crawl_fetch_hosts_backlogged"));
                    return s.sum("crawl_fetch_inflight") > 0
                            && s.sum("crawl_fetch_outcomes_total", Map.of("outcome", "page")) > 0;
                });
                assertThat(during.get().sum("crawl_fetch_inflight"))
                        .isLessThanOrEqualTo(HOSTS * fetcherConfig.perHost() + 1.0 * HOSTS);
                assertThat(during.get().sum("crawl_fetch_outcomes_total", Map.of("outcome", "page")))
                        .isLessThan(expected.size());

                await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200)).until(() -> {
                    mostBacklogged.accumulate(scrape(fetcherPort).sum("crawl_fetch_hosts_backlogged"));
                    return parser.worker().metrics().recordsPublished() >= expected.size()
                            && fetcher.worker().pending() == 0 && parser.worker().pending() == 0;
                });
                // Each host holds 25 pages at 10 requests/s, so its newly found links queue for their turn.
                assertThat(mostBacklogged.get()).as("hosts with a backlog while the crawl ran").isBetween(1.0,
                        (double) HOSTS);
                // Consumers report lag after their next fetch: wait for them to have caught up.
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                        lag(scrape(fetcherPort), topics.urls()) == 0 && lag(scrape(parserPort), topics.pages()) == 0);

                PrometheusScrape f = scrape(fetcherPort);
                PrometheusScrape p = scrape(parserPort);
                checkAgainstCatalogue(f, MeterSpec.Worker.FETCHER, crawl);
                checkAgainstCatalogue(p, MeterSpec.Worker.PARSER, crawl);
                checkFetcherValues(f, topics, expected.size(), flaky.size());
                checkParserValues(p, topics, expected.size());
                checkProcessValues(f);
                checkProcessValues(p);

                Set<String> exposed = new TreeSet<>(f.names());
                exposed.addAll(p.names());
                assertThat(DashboardTest.seriesNames()).as("every series the dashboard reads exists")
                        .isSubsetOf(exposed);
                assertThat(get(parserPort, OpsServer.LIVENESS_PATH).body()).isEqualTo("ok\n");
            }
            assertThatThrownBy(() -> get(fetcherPort, OpsServer.LIVENESS_PATH)).isInstanceOf(IOException.class);
            assertThatThrownBy(() -> get(parserPort, OpsServer.LIVENESS_PATH)).isInstanceOf(IOException.class);
        }
    }

    /**
     * Every meter the catalogue lists for {@code role} is exposed, nothing undocumented is, every
     * series carries the worker and crawl tags, and tags have the documented keys and values.
     */
    private static void checkAgainstCatalogue(PrometheusScrape scrape, MeterSpec.Worker role, String crawl) {
        Map<String, MeterSpec> bySeries = new HashMap<>();
        for (MeterSpec m : MeterCatalogue.meters()) {
            m.prometheusNames().forEach(n -> bySeries.put(n, m));
        }
        for (MeterSpec m : MeterCatalogue.metersOf(role)) {
            if (!m.onFirstUse()) {
                assertThat(scrape.names()).as("%s exposes %s", role, m.name()).containsAll(
                        m.kind() == MeterSpec.Kind.TIMER ? m.prometheusNames() : List.of(m.prometheusNames().get(0)));
            }
        }
        for (PrometheusScrape.Sample s : scrape.samples()) {
            assertThat(s.labels()).as("%s", s).containsEntry(MeterCatalogue.WORKER_TAG, role.tag())
                    .containsEntry(MeterCatalogue.CRAWL_TAG, crawl);
            MeterSpec spec = bySeries.get(s.name());
            if (s.name().startsWith("crawl_")) {
                assertThat(spec).as("%s is documented in the catalogue", s.name()).isNotNull();
                assertThat(spec.worker().includes(role)).as("%s belongs to the %s", s.name(), role).isTrue();
            }
            if (spec == null) {
                assertThat(MeterCatalogue.familyOf(s.name().replace('_', '.'))).as("%s is in a documented family", s.name())
                        .isPresent();
                continue;
            }
            Set<String> keys = new TreeSet<>(s.labels().keySet());
            keys.remove(MeterCatalogue.WORKER_TAG);
            keys.remove(MeterCatalogue.CRAWL_TAG);
            keys.remove("le");
            Set<String> documented = new TreeSet<>();
            spec.tags().keySet().forEach(k -> documented.add(k.replace('.', '_')));
            assertThat(keys).as("tags of %s", s).isEqualTo(documented);
            spec.tags().forEach((key, values) -> {
                String value = s.labels().get(key.replace('.', '_'));
                assertThat(value).as("%s=%s has no URL or host", key, value).doesNotContain("://", "127.0.0.");
                if (!values.isEmpty()) {
                    assertThat(values).as("documented values of %s", key).contains(value);
                }
            });
        }
    }

    private static void checkFetcherValues(PrometheusScrape f, CrawlTopics topics, int pages, int flaky) {
        assertThat(f.sum("crawl_fetch_outcomes_total", Map.of("outcome", "page"))
                + f.sum("crawl_fetch_outcomes_total", Map.of("outcome", "redirect"))).isEqualTo(pages);
        assertThat(f.sum("crawl_fetch_outcomes_total", Map.of("outcome", "failure"))).isZero();
        assertThat(f.sum("crawl_fetch_responses_total", Map.of("status_class", "2xx"))).isEqualTo(pages);
        assertThat(f.sum("crawl_fetch_responses_total", Map.of("status_class", "4xx"))
                + f.sum("crawl_fetch_responses_total", Map.of("status_class", "5xx")))
                .as("each flaky page failed once").isEqualTo(flaky);
        // A flaky page answers 503 (a failed attempt, retried) or 429 (a refusal: the same attempt again).
        double retried = f.sum("crawl_fetch_outcomes_total", Map.of("outcome", "retry"));
        assertThat(retried + f.sum("crawl_fetch_refusals_total")).as("each flaky page retried or refused once")
                .isEqualTo(flaky);
        double answered = f.sum("crawl_fetch_duration_seconds_count");
        assertThat(answered).isEqualTo(pages + flaky);
        assertThat(f.sum("crawl_fetch_duration_seconds_bucket", Map.of("le", "+Inf"))).isEqualTo(answered);
        double mean = f.sum("crawl_fetch_duration_seconds_sum") / answered;
        assertThat(mean).as("the server answers after 150 ms").isBetween(0.14, 10.0);
        assertThat(f.sum("crawl_fetch_robots_total")).as("one robots.txt per host").isEqualTo(HOSTS);
        checkPolitenessWait(f, answered);
        assertThat(f.sum("crawl_fetch_hosts_backlogged")).as("nothing queued once drained").isZero();
        assertThat(f.sum("crawl_fetch_bytes_total")).as("decoded bodies of at least 2 KiB each")
                .isBetween(2000.0 * pages, 65536.0 * answered);
        assertThat(f.sum("crawl_fetch_inflight")).isZero();
        assertThat(f.sum("crawl_fetch_queued")).isZero();
        assertThat(f.sum("crawl_fetch_seen_completed")).isEqualTo(pages);
        assertThat(f.sum("kafka_consumer_coordinator_assigned_partitions")).isGreaterThanOrEqualTo(2);
        assertThat(f.sum("kafka_producer_topic_record_send_total", Map.of("topic", topics.pages())))
                .isGreaterThanOrEqualTo(pages);
        assertThat(f.sum("kafka_producer_record_error_total")).isZero();
    }

    /**
     * Every answered page fetch and every robots.txt request got a permit; each host's first page
     * waited about one interval (0.1 s at 10 requests/s) after its cold robots.txt request.
     */
    private static void checkPolitenessWait(PrometheusScrape f, double answered) {
        double permits = f.sum("crawl_fetch_politeness_wait_seconds_count");
        assertThat(permits).isGreaterThanOrEqualTo(answered + HOSTS);
        assertThat(f.sum("crawl_fetch_politeness_wait_seconds_bucket", Map.of("le", "+Inf"))).isEqualTo(permits);
        double waited = f.sum("crawl_fetch_politeness_wait_seconds_sum");
        assertThat(waited).as("seconds waited in host queues").isGreaterThanOrEqualTo(0.05 * HOSTS);
        assertThat(waited / permits).as("mean wait in seconds").isLessThan(5.0);
    }

    private static void checkParserValues(PrometheusScrape p, CrawlTopics topics, int pages) {
        assertThat(p.sum("crawl_parse_records_published_total")).isEqualTo(pages);
        assertThat(p.sum("crawl_parse_pages_total", Map.of("kind", "html"))).isEqualTo(pages);
        assertThat(p.sum("crawl_parse_duration_seconds_count")).isEqualTo(pages);
        assertThat(p.sum("crawl_parse_links_found_total")).isGreaterThanOrEqualTo(pages);
        assertThat(p.sum("crawl_parse_links_published_total")).isPositive()
                .isLessThanOrEqualTo(p.sum("crawl_parse_links_found_total"));
        assertThat(p.sum("crawl_parse_links_published_total") + p.sum("crawl_parse_links_suppressed_total"))
                .as("a link is published or suppressed at most once per finding")
                .isLessThanOrEqualTo(p.sum("crawl_parse_links_found_total"));
        assertThat(p.sum("crawl_parse_links_rejected_total", Map.of("reason", "out_of_scope")))
                .as("every page links to external.invalid").isGreaterThanOrEqualTo(pages);
        assertThat(p.sum("crawl_parse_dead_letters_total")).isZero();
        assertThat(p.sum("crawl_parse_pending")).isZero();
        assertThat(p.sum("kafka_consumer_fetch_manager_records_consumed_total", Map.of("topic", topics.pages())))
                .isGreaterThanOrEqualTo(pages);
        assertThat(p.sum("kafka_producer_topic_record_send_total", Map.of("topic", topics.records())))
                .isGreaterThanOrEqualTo(pages);
        assertThat(p.sum("kafka_consumer_coordinator_assigned_partitions")).isEqualTo(2);
    }

    private static void checkProcessValues(PrometheusScrape s) {
        assertThat(s.sum("jvm_memory_used_bytes", Map.of("area", "heap"))).isPositive();
        assertThat(s.sum("jvm_threads_live_threads")).isPositive();
        assertThat(s.sum("process_cpu_usage")).isBetween(0.0, 1.0);
        assertThat(s.sum("system_cpu_count")).isGreaterThanOrEqualTo(1);
        assertThat(s.sum("process_uptime_seconds")).isPositive();
    }

    private static double lag(PrometheusScrape s, String topic) {
        List<PrometheusScrape.Sample> samples = new ArrayList<>();
        s.named("kafka_consumer_fetch_manager_records_lag").stream()
                .filter(x -> topic.equals(x.labels().get("topic"))).forEach(samples::add);
        return samples.isEmpty() ? -1 : samples.stream().mapToDouble(PrometheusScrape.Sample::value).sum();
    }

    private static void seed(CrawlTopics topics, List<String> urls) throws Exception {
        try (KafkaProducer<String, byte[]> producer = KafkaClients.of(SharedKafka.bootstrapServers())
                .producer("ops-it-seeder")) {
            for (String url : urls) {
                producer.send(new ProducerRecord<>(topics.urls(), HostKey.of(url),
                        MessageCodec.get().encode(CrawlRequest.seed(url, Instant.now())))).get();
            }
        }
    }

    private static PrometheusScrape scrape(int port) throws IOException, InterruptedException {
        HttpResponse<String> r = get(port, OpsServer.METRICS_PATH);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
        return PrometheusScrape.parse(r.body());
    }

    private static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
