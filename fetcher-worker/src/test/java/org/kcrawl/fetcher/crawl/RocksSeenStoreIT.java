package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * A fetcher with {@code seen_store=rocksdb} against a real broker: the markers it writes while crawling
 * move its checkpoint, so a restarted fetcher on the same directory reads nothing of the seen topic and
 * still fetches nothing twice, where {@code seen_store=memory} reads the whole partition again.
 */
class RocksSeenStoreIT {
    private static final int HOSTS = 2;
    private static final int PAGES = 15;

    private final String crawl = SharedKafka.uniqueCrawlName("rocks-seen-it");
    private final KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());
    private final CrawlTopics topics = new CrawlTopics(crawl);

    @TempDir
    Path dir;

    @Test
    void aRestartReadsOnlyTheTailAndFetchesNothingTwice() throws Exception {
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(4));
        }
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES).start()) {
            List<String> urls = new ArrayList<>();
            for (int h = 0; h < HOSTS; h++) {
                for (int p = 0; p < PAGES; p++) {
                    urls.add(web.pageUrl(h, p));
                }
            }
            FetcherWorker first = FetcherWorker.create(config("rocksdb"), clients, new SimpleMeterRegistry());
            try {
                first.start();
                seed(urls);
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                        first.pagesFetched() == urls.size() && first.pending() == 0);
            } finally {
                first.stop();
            }
            long fetched = web.requestLog().size();

            FetcherWorker second = FetcherWorker.create(config("rocksdb"), clients, new SimpleMeterRegistry());
            try {
                second.start();
                seed(urls);
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                        second.skips() == urls.size() && second.pending() == 0);
                assertThat(second.pagesFetched()).isZero();
                assertThat(second.seenRecordsRestored())
                        .as("every marker was in the store and under its checkpoint when the first one stopped")
                        .isZero();
            } finally {
                second.stop();
            }
            assertThat(web.requestLog().size()).as("no request after the restart").isEqualTo(fetched);

            FetcherWorker inHeap = FetcherWorker.create(config("memory"), clients, new SimpleMeterRegistry());
            try {
                inHeap.start();
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                        inHeap.seenRecordsRestored() >= urls.size());
                assertThat(inHeap.seenRecordsRestored()).as("the heap store reads every marker again")
                        .isEqualTo(urls.size());
            } finally {
                inHeap.stop();
            }
        }
    }

    private FetcherConfig config(String store) {
        Map<String, String> env = new HashMap<>();
        env.put("KCRAWL_FETCHER_CRAWL_NAME", crawl);
        env.put("KCRAWL_FETCHER_BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers());
        env.put("KCRAWL_FETCHER_RATE", "50");
        env.put("KCRAWL_FETCHER_PER_HOST", "4");
        env.put("KCRAWL_FETCHER_ALLOW_PRIVATE", "true");
        env.put("KCRAWL_FETCHER_DRAIN_TIMEOUT", "PT5S");
        env.put("KCRAWL_FETCHER_SEEN_STORE", store);
        env.put("KCRAWL_FETCHER_SEEN_STORE_DIR", dir.toString());
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
