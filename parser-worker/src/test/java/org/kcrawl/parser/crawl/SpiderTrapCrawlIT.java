package org.kcrawl.parser.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.common.scope.RejectReason;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * A real crawl of an endless site: a real fetcher and a real parser against the shared broker and an
 * HTTP server on 127.0.0.1 serving a calendar trap and endlessly deepening paths. The crawl must end
 * by itself (both consumer groups caught up, nothing in flight, the server left alone) having
 * fetched exactly the pages the depth and repeated-segment budgets allow, each once.
 */
class SpiderTrapCrawlIT {
    private static final int MAX_DEPTH = 4;
    private static final int MAX_REPEATED_SEGMENTS = 3;
    private static final Duration CRAWL_LIMIT = Duration.ofSeconds(120);
    /** How long a drained crawl must stay drained, with no request reaching the site, to count as ended. */
    private static final Duration QUIET = Duration.ofSeconds(3);

    private final String crawl = SharedKafka.uniqueCrawlName("trap-it");
    private final CrawlTopics topics = new CrawlTopics(crawl);
    private final KafkaClients clients = KafkaClients.of(SharedKafka.bootstrapServers());

    @Test
    void aCalendarTrapAndEndlesslyDeepeningPathsEndWithinTheBudgets() throws Exception {
        try (Admin admin = clients.admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(2));
        }
        try (TrapSite site = TrapSite.start()) {
            FetcherWorker fetcher = FetcherWorker.create(fetcherConfig(), clients, new SimpleMeterRegistry());
            ParserWorker parser = new ParserWorker(parserConfig(), clients, new SimpleMeterRegistry());
            try {
                fetcher.start();
                parser.start();
                seed(site.origin() + "/");

                awaitEnded(site, fetcher, parser);

                List<String> pages = site.requests().stream().filter(r -> !r.equals("/robots.txt")).toList();
                assertThat(pages).as("each page fetched once").doesNotHaveDuplicates();
                assertThat(new HashSet<>(pages)).as("exactly the pages within the budgets")
                        .isEqualTo(expectedPages());
                assertThat(site.requests()).filteredOn(r -> r.equals("/robots.txt")).hasSize(1);
                assertThat(fetcher.pagesFetched()).isEqualTo(pages.size());
                assertThat(fetcher.outcomes().failures()).isZero();
                assertThat(parser.metrics().recordsPublished()).isEqualTo(pages.size());
                assertThat(parser.metrics().linksRejected(RejectReason.MAX_DEPTH)).as("calendar and paths hit the depth")
                        .isPositive();
                assertThat(parser.metrics().linksRejected(RejectReason.REPEATED_SEGMENTS)).as("/a/a/a/a/ refused")
                        .isPositive();
                assertThat(parser.deadLettered()).isZero();
                List<PageRecord> records = records(pages.size());
                assertThat(records).extracting(PageRecord::url).doesNotHaveDuplicates().hasSize(pages.size());
                assertThat(records).allSatisfy(r -> assertThat(r.depth()).isBetween(0, MAX_DEPTH));
            } finally {
                parser.stop();
                fetcher.stop();
            }
        }
    }

    /** The home page, the months within MAX_DEPTH - 1 steps of the first, and the /a/... paths within both budgets. */
    private static Set<String> expectedPages() {
        Set<String> expected = new HashSet<>();
        expected.add("/");
        for (int step = -(MAX_DEPTH - 1); step <= MAX_DEPTH - 1; step++) {
            YearMonth month = TrapSite.FIRST_MONTH.plusMonths(step);
            expected.add("/cal?month=" + month);
        }
        List<String> level = List.of("a");
        for (int length = 1; length <= MAX_DEPTH; length++) {
            List<String> next = new ArrayList<>();
            for (String path : level) {
                if (path.chars().filter(c -> c == 'a').count() <= MAX_REPEATED_SEGMENTS
                        && path.chars().filter(c -> c == 'b').count() <= MAX_REPEATED_SEGMENTS) {
                    expected.add("/" + String.join("/", path.split("")) + "/");
                    next.add(path + "a");
                    next.add(path + "b");
                }
            }
            level = next;
        }
        return expected;
    }

    /**
     * Waits until the crawl has ended by itself: both groups have committed everything, nothing is
     * in flight, and that stays so for {@link #QUIET} with no request reaching the site.
     */
    private void awaitEnded(TrapSite site, FetcherWorker fetcher, ParserWorker parser) {
        AtomicReference<Integer> requestsWhenDrained = new AtomicReference<>();
        AtomicReference<Long> drainedSince = new AtomicReference<>();
        try (Admin admin = clients.admin()) {
            ConsumerLag lag = new ConsumerLag(admin);
            await().atMost(CRAWL_LIMIT).pollInterval(Duration.ofMillis(250)).until(() -> {
                assertThat(parser.failure()).isEmpty();
                assertThat(fetcher.failure()).isEmpty();
                boolean drained = fetcher.pending() == 0 && parser.pending() == 0
                        && lag.of(topics.fetcherGroup(), topics.urls()) == 0
                        && lag.of(topics.parserGroup(), topics.pages()) == 0;
                int requests = site.requests().size();
                if (!drained || !Integer.valueOf(requests).equals(requestsWhenDrained.get())) {
                    requestsWhenDrained.set(drained ? requests : null);
                    drainedSince.set(drained ? System.nanoTime() : null);
                    return false;
                }
                return System.nanoTime() - drainedSince.get() >= QUIET.toNanos();
            });
        }
    }

    private FetcherConfig fetcherConfig() {
        Map<String, String> env = new HashMap<>();
        env.put("KCRAWL_FETCHER_CRAWL_NAME", crawl);
        env.put("KCRAWL_FETCHER_BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers());
        env.put("KCRAWL_FETCHER_ALLOW_PRIVATE", "true");
        env.put("KCRAWL_FETCHER_RATE", "50");
        env.put("KCRAWL_FETCHER_PER_HOST", "4");
        env.put("KCRAWL_FETCHER_MAX_DEPTH", Integer.toString(MAX_DEPTH));
        env.put("KCRAWL_FETCHER_DRAIN_TIMEOUT", "PT5S");
        return new ConfigBinder().bind(FetcherConfig.class, FetcherConfig.defaults(), null, env,
                FetcherConfig.ENV_PREFIX);
    }

    private ParserConfig parserConfig() {
        return ParserConfig.load(null, Map.of(
                "KCRAWL_PARSER_CRAWL_NAME", crawl,
                "KCRAWL_PARSER_BOOTSTRAP_SERVERS", SharedKafka.bootstrapServers(),
                "KCRAWL_PARSER_MAX_DEPTH", Integer.toString(MAX_DEPTH),
                "KCRAWL_PARSER_MAX_REPEATED_SEGMENTS", Integer.toString(MAX_REPEATED_SEGMENTS),
                "KCRAWL_PARSER_THREADS", "2",
                "KCRAWL_PARSER_DRAIN_TIMEOUT", "PT5S"));
    }

    private void seed(String url) throws Exception {
        try (KafkaProducer<String, byte[]> producer = clients.producer("trap-seeder-" + crawl)) {
            producer.send(new ProducerRecord<>(topics.urls(), HostKey.of(url),
                    MessageCodec.get().encode(CrawlRequest.seed(url, Instant.now())))).get(30, TimeUnit.SECONDS);
        }
    }

    /** The records topic from the beginning: {@code expected} records, plus any extra that arrive soon after. */
    private List<PageRecord> records(int expected) throws Exception {
        List<PageRecord> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = clients.consumer(null, "trap-reader-" + crawl, 500)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topics.records(), Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topics.records(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (out.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    out.add(MessageCodec.get().decode(r.value(), PageRecord.class));
                }
            }
            for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                out.add(MessageCodec.get().decode(r.value(), PageRecord.class));
            }
        }
        return out;
    }
}
