package org.kcrawl.fetcher.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.fetcher.crawl.CrawlHarness;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.common.message.SeenMarkers;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.RequestEvent;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * What one rebalance of the fetcher group costs, eager against cooperative assignment: a fetcher crawls
 * alone, a second joins, then leaves (a graceful stop, dynamic membership), while every host keeps a
 * steady backlog. For each event it reports, from the synthetic web's own request log:
 *
 * <ul>
 *   <li><b>re-fetched pages</b>: requests for a page already requested, made after the event and before
 *       the next one (in-flight fetches of a revoked partition finish unpublished, and its next owner
 *       fetches them again);</li>
 *   <li><b>pause of kept partitions</b>: for the hosts whose urls partition has the same owner before
 *       and after the event, the longest time without a request to the host from the event until
 *       {@link #SETTLE} after it, against the same measure over the same span just before the event
 *       (the host's ordinary spacing under its rate);</li>
 *   <li>the same pause for the partitions that moved, for comparison: they stop until the new owner
 *       has restored their seen-sets and read them from the committed offset;</li>
 *   <li><b>seen records restored</b> by both fetchers because of the event: every partition a fetcher is
 *       assigned has its seen-set read again (the heap store reads the whole partition), and each seen
 *       partition starts with {@code kcrawl.bench.markers} markers (default 50,000) so that this costs
 *       something, as in a crawl that has run a while.</li>
 * </ul>
 *
 * <p>Outside the default test run (its name is neither {@code *Test} nor {@code *IT}): {@code ./mvnw -o -B
 * -pl fetcher-worker -am test -Dtest=RebalanceBench -Dkcrawl.bench=true -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dkcrawl.bench.rounds=N}, default 3, alternates the protocols N times each).
 */
@EnabledIfSystemProperty(named = "kcrawl.bench", matches = "true")
class RebalanceBench {
    private static final int PARTITIONS = 6;
    private static final int HOSTS = 24;
    private static final int PAGES_PER_HOST = 600;
    private static final double RATE = 10;
    /** How long after an event its cost is measured, and how long before it the baseline is. */
    private static final Duration SETTLE = Duration.ofSeconds(8);
    private static final Duration WARM_UP = Duration.ofSeconds(10);
    private static final int MARKERS = Integer.getInteger("kcrawl.bench.markers", 50_000);

    @Test
    void eagerAgainstCooperativeRebalancesOfTheFetcherGroup() throws Exception {
        int rounds = Integer.getInteger("kcrawl.bench.rounds", 3);
        List<String> lines = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (String assignor : List.of(RangeAssignor.class.getName(), CooperativeStickyAssignor.class.getName())) {
                lines.addAll(run(assignor, round));
            }
        }
        lines.forEach(l -> System.out.println("BENCH rebalance " + l));
    }

    private List<String> run(String assignor, int round) throws Exception {
        String protocol = assignor.equals(RangeAssignor.class.getName()) ? "eager" : "cooperative";
        String crawlName = SharedKafka.uniqueCrawlName("rebalance-bench-" + protocol + round);
        CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(), crawlName, PARTITIONS);
        KafkaClients clients = new KafkaClients(SharedKafka.bootstrapServers(),
                Map.of(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, assignor));
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(HOSTS).pagesPerHost(PAGES_PER_HOST).pageBytes(2048)
                .latency(Duration.ofMillis(20)).requestLogCapacity(HOSTS * PAGES_PER_HOST * 2).start();
             Admin admin = clients.admin()) {
            List<String> urls = new ArrayList<>();
            for (int p = 0; p < PAGES_PER_HOST; p++) {
                for (int h = 0; h < HOSTS; h++) {
                    urls.add(web.pageUrl(h, p));
                }
            }
            crawl.seed(urls);
            markers(clients, crawl.topics().seen());
            Map<String, String> settings = Map.of("rate", Double.toString(RATE), "per_host", "1", "partitions",
                    Integer.toString(PARTITIONS), "drain_timeout", "PT5S");
            FetcherWorker a = FetcherWorker.create(crawl.config(settings), clients, new SimpleMeterRegistry());
            FetcherWorker b = FetcherWorker.create(crawl.config(settings), clients, new SimpleMeterRegistry());
            String group = crawl.topics().fetcherGroup();
            List<String> out = new ArrayList<>();
            try {
                a.start();
                await().atMost(Duration.ofSeconds(60)).until(() -> a.assignedPartitions() == PARTITIONS);
                sleep(WARM_UP);

                Map<TopicPartition, String> beforeJoin = owners(admin, group);
                long restoredBeforeJoin = a.seenRecordsRestored();
                long joined = System.nanoTime();
                b.start();
                await().atMost(Duration.ofSeconds(60)).until(() -> b.assignedPartitions() > 0
                        && a.assignedPartitions() + b.assignedPartitions() == PARTITIONS);
                sleep(SETTLE);
                Map<TopicPartition, String> afterJoin = owners(admin, group);
                long restoredByJoin = a.seenRecordsRestored() + b.seenRecordsRestored() - restoredBeforeJoin;

                long restoredBeforeLeave = a.seenRecordsRestored();
                long left = System.nanoTime();
                b.stop();
                await().atMost(Duration.ofSeconds(60)).until(() -> a.assignedPartitions() == PARTITIONS);
                sleep(SETTLE);
                Map<TopicPartition, String> afterLeave = owners(admin, group);
                long restoredByLeave = a.seenRecordsRestored() - restoredBeforeLeave;
                long end = System.nanoTime();

                out.add(measure(protocol, round, "join", web, beforeJoin, afterJoin, joined, left) + "; seen records"
                        + " restored " + restoredByJoin);
                out.add(measure(protocol, round, "leave", web, afterJoin, afterLeave, left, end) + "; seen records"
                        + " restored " + restoredByLeave);
            } finally {
                b.stop();
                a.stop();
            }
            return out;
        }
    }

    private String measure(String protocol, int round, String event, SyntheticWeb web,
                           Map<TopicPartition, String> before, Map<TopicPartition, String> after,
                           long at, long until) {
        Set<Integer> kept = new HashSet<>();
        for (Map.Entry<TopicPartition, String> e : before.entrySet()) {
            if (e.getValue().equals(after.get(e.getKey()))) {
                kept.add(e.getKey().partition());
            }
        }
        List<Long> keptPause = new ArrayList<>();
        List<Long> keptBaseline = new ArrayList<>();
        List<Long> movedPause = new ArrayList<>();
        long settle = SETTLE.toNanos();
        for (int h = 0; h < HOSTS; h++) {
            List<RequestEvent> events = pages(web, h);
            long pause = longestGap(events, at, at + settle);
            if (kept.contains(partitionOf(web.pageUrl(h, 0)))) {
                keptPause.add(pause);
                keptBaseline.add(longestGap(events, at - settle, at));
            } else {
                movedPause.add(pause);
            }
        }
        assertThat(keptPause).as("%s %s: hosts of kept partitions", protocol, event).isNotEmpty();
        long refetched = refetched(web, at, until);
        return String.format(Locale.ROOT, "%s round %d %s: kept partitions %d of %d; re-fetched pages %d;"
                        + " longest pause of a kept partition's host %s ms (median %s ms; before the event %s ms);"
                        + " moved partitions' hosts %s ms (median %s ms)",
                protocol, round, event, kept.size(), PARTITIONS, refetched, ms(max(keptPause)), ms(median(keptPause)),
                ms(max(keptBaseline)), movedPause.isEmpty() ? "-" : ms(max(movedPause)),
                movedPause.isEmpty() ? "-" : ms(median(movedPause)));
    }

    /** {@link #MARKERS} seen markers in every partition of the seen topic (fingerprints no page has). */
    private static void markers(KafkaClients clients, String seenTopic) throws Exception {
        try (KafkaProducer<String, byte[]> producer = clients.producer("bench-markers")) {
            for (int p = 0; p < PARTITIONS; p++) {
                for (int i = 0; i < MARKERS; i++) {
                    producer.send(new ProducerRecord<>(seenTopic, p, SeenMarkers.key(-1L - p * 10_000_000L - i),
                            SeenMarkers.value()));
                }
            }
            producer.flush();
        }
    }

    /** Requests in [from, until) for a page requested before: its earlier request may be at any time. */
    private static long refetched(SyntheticWeb web, long from, long until) {
        long n = 0;
        for (int h = 0; h < HOSTS; h++) {
            Set<String> seen = new HashSet<>();
            for (RequestEvent e : pages(web, h)) {
                boolean again = !seen.add(e.path());
                if (again && e.startNanos() >= from && e.startNanos() < until) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The longest time in [from, to) with no request starting, counting from {@code from} and up to {@code to}. */
    private static long longestGap(List<RequestEvent> events, long from, long to) {
        long last = from;
        long longest = 0;
        for (RequestEvent e : events) {
            long t = e.startNanos();
            if (t < from) {
                continue;
            }
            if (t >= to) {
                break;
            }
            longest = Math.max(longest, t - last);
            last = t;
        }
        return Math.max(longest, to - last);
    }

    private static List<RequestEvent> pages(SyntheticWeb web, int host) {
        return web.requestLog().of(web.hostAddress(host)).stream().filter(e -> !e.path().equals("/robots.txt"))
                .sorted(java.util.Comparator.comparingLong(RequestEvent::startNanos)).toList();
    }

    /** The urls partition of a URL's host, as the producers choose it (the default partitioner on the host key). */
    private static int partitionOf(String url) {
        return BuiltInPartitioner.partitionForKey(HostKey.of(url).getBytes(StandardCharsets.UTF_8), PARTITIONS);
    }

    /** Which member (by client id) owns each partition of the group, as the coordinator says now. */
    private static Map<TopicPartition, String> owners(Admin admin, String group) throws Exception {
        ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(group)).describedGroups().get(group)
                .get(30, TimeUnit.SECONDS);
        Map<TopicPartition, String> out = new HashMap<>();
        for (MemberDescription m : d.members()) {
            for (TopicPartition tp : m.assignment().topicPartitions()) {
                out.put(tp, m.clientId());
            }
        }
        return out;
    }

    private static void sleep(Duration d) throws InterruptedException {
        Thread.sleep(d.toMillis()); // a benchmark's own timeline, not a worker's thread
    }

    private static long max(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).max().orElse(0);
    }

    private static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static String ms(long nanos) {
        return Long.toString(nanos / 1_000_000);
    }
}
