package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * Scope is one judgement for links and redirects, the same in a local crawl and in a deployment: a page
 * links to a URL that redirects into a denied path, and the denied URL is never requested, whether the
 * crawl command runs the workers (the parser section's deny pattern) or a fetcher and a parser run as
 * deployed, each from its own configuration (the same pattern in each).
 */
class ScopedRedirectCrawlIT {
    private static final String DENY = "/private/";

    @TempDir
    Path dir;

    @Test
    void theCrawlCommandNeverFetchesARedirectTargetItsScopeDenies() throws IOException {
        try (RecordingSite site = site("127.0.0.161")) {
            Path config = dir.resolve("crawl.yaml");
            Files.writeString(config, "parser:\n  deny_patterns: [\"" + DENY + "\"]\n");
            int exit = CrawlMain.run(new String[] {"--bootstrap", SharedKafka.bootstrapServers(), "--crawl-name",
                    SharedKafka.uniqueCrawlName("scoped-redirect"), "--allow-private", "--rate", "20", "--quiet",
                    "--config", config.toString(), "--out", dir.resolve("records.jsonl").toString(), site.root()});

            assertThat(exit).isZero();
            assertFetchedAllButTheDeniedTarget(site);
        }
    }

    @Test
    void deployedWorkersNeverFetchARedirectTargetTheirScopeDenies() throws Exception {
        String crawl = SharedKafka.uniqueCrawlName("scoped-redirect-deployed");
        CrawlTopics topics = new CrawlTopics(crawl);
        KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(2));
        }
        try (RecordingSite site = site("127.0.0.162")) {
            Map<String, String> env = Map.of("CRAWL_NAME", crawl, "BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers(),
                    "DENY_PATTERNS", "[\"" + DENY + "\"]", "DRAIN_TIMEOUT", "PT5S");
            FetcherConfig fetcherConfig = new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), null,
                    prefixed(env, "KCRAWL_FETCHER_", Map.of("KCRAWL_FETCHER_ALLOW_PRIVATE", "true",
                            "KCRAWL_FETCHER_RATE", "20")), FetcherConfig.ENV_PREFIX);
            ParserConfig parserConfig = ParserConfig.load(null, prefixed(env, "KCRAWL_PARSER_", Map.of()));
            FetcherWorker fetcher = FetcherWorker.create(fetcherConfig, clients, new SimpleMeterRegistry());
            ParserWorker parser = new ParserWorker(parserConfig, clients, new SimpleMeterRegistry());
            try {
                fetcher.start();
                parser.start();
                try (KafkaProducer<String, byte[]> producer = clients.producer("seeder-" + crawl)) {
                    producer.send(new ProducerRecord<>(topics.urls(), HostKey.of(site.root()),
                            MessageCodec.get().encode(CrawlRequest.seed(site.root(), Instant.now()))))
                            .get(30, TimeUnit.SECONDS);
                }
                // Ended: the three pages fetched, and both workers caught up with everything published since,
                // so a request for the redirect target, had the fetcher published one, was consumed and fetched.
                try (Admin admin = clients.admin()) {
                    ConsumerLag lag = new ConsumerLag(admin);
                    await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                            paths(site).containsAll(List.of("/", "/go", "/public"))
                                    && fetcher.pending() == 0 && parser.pending() == 0
                                    && lag.of(topics.fetcherGroup(), topics.urls()) == 0
                                    && lag.of(topics.parserGroup(), topics.pages()) == 0);
                }
                assertFetchedAllButTheDeniedTarget(site);
            } finally {
                parser.stop();
                fetcher.stop();
            }
        }
    }

    /** A home page linking to /public and to /go, which redirects into the denied path. */
    private static RecordingSite site(String address) {
        RecordingSite site = RecordingSite.http(address);
        return site.page("/", "<html><body><a href=\"/go\">go</a> <a href=\"/public\">public</a></body></html>")
                .page("/public", "<html><title>public</title></html>")
                .page(DENY + "secret", "<html><title>secret</title></html>")
                .redirect("/go", site.url(DENY + "secret"));
    }

    private static void assertFetchedAllButTheDeniedTarget(RecordingSite site) {
        assertThat(paths(site)).as("the link and its redirect were followed").contains("/", "/go", "/public");
        assertThat(paths(site)).as("the redirect target the scope denies").doesNotContain(DENY + "secret");
    }

    private static List<String> paths(RecordingSite site) {
        return site.requests().stream().map(RecordingSite.Request::path).toList();
    }

    private static Map<String, String> prefixed(Map<String, String> env, String prefix, Map<String, String> more) {
        Map<String, String> out = new java.util.HashMap<>(more);
        env.forEach((k, v) -> out.put(prefix + k, v));
        return out;
    }
}
