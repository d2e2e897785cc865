package org.kcrawl.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.kafka.ConsumerLag;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two parsers stopped at once (SIGTERM, as a scale-down or a rolling update does) while a third runs: the
 * quick one, with little in flight, leaves first, and its partitions are handed over while the slow one still
 * drains thousands of pages. Every page on the pages topic still ends with a record. Before, the draining
 * parser took up the partitions handed to it, its drain polls returned their pages and dropped them, and its
 * last commit passed them: those pages ended as nothing.
 *
 * <p>No fetcher: the pages are written to the pages topic once the three parsers share it, most of them to the
 * slow parser's partitions (so it holds thousands when stopped) and a backlog to the quick one's (so what is
 * handed over has pages to lose). The parsers deliver at least once: exactly once, the rebalance the first
 * leave starts often aborts the draining parser's open transaction, which ends its drain before the handover
 * reaches it; {@code WorkerLoopTest} covers the handover during a drain under both deliveries.
 *
 * <p>It runs for over a minute (three worker processes, a drain of seconds), so with the other long churn tests,
 * only when asked: {@code -Dkcrawl.churn=true}.
 */
@EnabledIfSystemProperty(named = "kcrawl.churn", matches = "true")
class ParsersStoppedTogetherIT {
    private static final Logger log = LoggerFactory.getLogger(ParsersStoppedTogetherIT.class);
    private static final int PARTITIONS = 6;
    private static final int HOSTS = 30;
    /** Pages written to each of the slow parser's partitions, the quick one's and the third one's. */
    private static final int SLOW_PAGES = 600;
    private static final int QUICK_PAGES = 600;
    private static final int THIRD_PAGES = 200;
    /** Text per page. */
    private static final int PAGE_BYTES = 12_000;
    /** Pages the slow parser holds when stopped: seconds of parsing for it. */
    private static final int SLOW_PENDING = 600;
    private static final Duration DRAIN = Duration.ofSeconds(60);
    /**
     * The slow parser's HTML reading is never compiled: it parses ten times slower or more, so whatever the
     * machine's load, it holds pages for seconds after they arrive, and drains them for seconds when stopped.
     */
    private static final List<String> SLOW_PARSE = java.util.stream.Stream.concat(
            WorkerLaunch.JVM_OPTIONS.stream(), java.util.stream.Stream.of("-XX:CompileCommand=quiet",
                    "-XX:CompileCommand=exclude,org/kcrawl/parser/html/*.*")).toList();
    private static final Pattern CLIENT_ID = Pattern.compile("(kcrawl-parser-\\S+): consuming ");

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aPartitionHandedToAParserWhileItDrainsLosesNoPage() {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dir.resolve("kafka"));
             CrawlHarness crawl = new CrawlHarness(broker.bootstrapServers(), "stop-two", dir.resolve("config"));
             Workers workers = new Workers(ChaosLogs.dir("stop-two"))) {
            crawl.provision(PARTITIONS);
            List<String> sites = new ArrayList<>();
            for (int host = 0; host < HOSTS; host++) {
                sites.add(host(host) + ":8080");
            }
            WorkerSlot quick = workers.add(crawl.parser(Map.of("seed_sites", sites, "max_pending", 10,
                    "drain_timeout", DRAIN.toString(), "delivery", "at_least_once")));
            WorkerSlot slow = workers.add(crawl.parser(Map.of("seed_sites", sites, "max_pending", 4_000,
                    "max_pending_bytes", 256L * 1024 * 1024, "drain_timeout", DRAIN.toString(),
                    "delivery", "at_least_once")).withJvmOptions(SLOW_PARSE));
            workers.add(crawl.parser(Map.of("seed_sites", sites, "delivery", "at_least_once")));
            workers.startAll();

            // A stop amid the joins' rebalances would drain little: the pages come once the group has settled.
            ParserGroup group = new ParserGroup(crawl);
            Waits.until("three parsers to share the partitions", Duration.ofSeconds(120), Duration.ofMillis(200),
                    () -> group.settledWith(3), () -> "group " + group);
            Set<Integer> slowPartitions = group.partitionsOf(clientId(slow));
            Set<Integer> quickPartitions = group.partitionsOf(clientId(quick));
            long publishStart = System.nanoTime();
            List<String> urls = publishPages(crawl, slowPartitions, quickPartitions);
            log.info("published {} pages in {} ms", urls.size(), (System.nanoTime() - publishStart) / 1_000_000);
            List<String> seen = new ArrayList<>();
            Waits.until("the slow parser to hold " + SLOW_PENDING + " pages", Duration.ofSeconds(60),
                    Duration.ofMillis(100), () -> {
                        double p = pending(slow);
                        seen.add((System.nanoTime() - publishStart) / 1_000_000 + ":" + (long) p);
                        return p >= SLOW_PENDING;
                    }, () -> "the slow parser's pages in flight (ms after the publishing began: pages) " + seen);

            double slowPending = pending(slow);
            int slowLogAtStop = slow.current().logText().length();
            WorkerProcess quickStop = quick.terminate();
            WorkerProcess slowStop = slow.terminate();
            assertThat(quickStop.awaitExit(DRAIN.plusSeconds(20))).as("quick parser exited:%n%s",
                    quickStop.logTail(30)).isTrue();
            assertThat(slowStop.awaitExit(DRAIN.plusSeconds(20))).as("slow parser exited:%n%s",
                    slowStop.logTail(30)).isTrue();
            String slowDrain = slowStop.logText().substring(slowLogAtStop);
            // The handover reached the slow parser in its drain: it declined it, or (before) took it up.
            boolean handedOverInDrain = slowDrain.contains("handed over while stopping")
                    || slowDrain.contains(": taking up ");

            ConsumerLag lag = new ConsumerLag(crawl.admin());
            Waits.until("the third parser to take every page", Duration.ofSeconds(120), Duration.ofMillis(250),
                    () -> lag.of(crawl.topics().parserGroup(), crawl.topics().pages()) == 0,
                    () -> "lag " + lag.of(crawl.topics().parserGroup(), crawl.topics().pages()));
            // Committed offsets follow the records' acknowledgements, so the records are there: read them.
            CrawlOutcome outcome = CrawlOutcome.read(crawl);
            String summary = String.format(Locale.ROOT, "stop-two pages=%d slow_partitions=%s quick_partitions=%s"
                            + " slow_pending=%.0f records=%d missing=%d duplicate_records=%d"
                            + " slow_exit_after_quick_ms=%d handed_over_in_drain=%s",
                    urls.size(), slowPartitions, quickPartitions, slowPending, outcome.recordsByUrl().size(),
                    outcome.missing(urls).size(), outcome.duplicateRecords(),
                    TimeUnit.NANOSECONDS.toMillis(slowStop.exitedNanos() - quickStop.exitedNanos()),
                    handedOverInDrain);
            log.info(summary);
            ChaosLogs.summary(summary);

            assertThat(workers.unexpectedExits()).as("workers that died by themselves").isEmpty();
            assertThat(quickStop.exitCode().getAsInt()).as("quick parser's exit code").isIn(0, 143);
            assertThat(slowStop.exitCode().getAsInt()).as("slow parser's exit code").isIn(0, 143);
            assertThat(outcome.missing(urls)).as("pages without a record").isEmpty();
            assertThat(outcome.failures()).as("failures").isEmpty();
            assertThat(outcome.deadLetters()).as("dead letters").isEmpty();
            assertThat(handedOverInDrain).as("a partition was handed to the slow parser while it drained (else"
                    + " this run tested nothing); the end of its log after the stop:%n%s",
                    slowDrain.substring(Math.max(0, slowDrain.length() - 4000))).isTrue();
        }
    }

    private static String host(int n) {
        return "site-" + n + ".test";
    }

    /**
     * Writes fetched pages to the pages topic, {@link #SLOW_PAGES} to each partition in {@code slow},
     * {@link #QUICK_PAGES} to each in {@code quick} and {@link #THIRD_PAGES} to each of the others; returns
     * their URLs. The partitions are named, not taken from the hosts' keys: which parser owns which is known
     * only once the group has settled.
     */
    private static List<String> publishPages(CrawlHarness crawl, Set<Integer> slow, Set<Integer> quick) {
        String text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(PAGE_BYTES / 56);
        Instant now = Instant.now();
        List<String> urls = new ArrayList<>();
        List<CompletableFuture<?>> sent = new ArrayList<>();
        try (KafkaProducer<String, byte[]> producer = crawl.clients().producer("stop-two-pages")) {
            for (int partition = 0; partition < PARTITIONS; partition++) {
                int pages = slow.contains(partition) ? SLOW_PAGES : quick.contains(partition) ? QUICK_PAGES
                        : THIRD_PAGES;
                for (int i = 0; i < pages; i++) {
                    int n = urls.size();
                    String url = "http://" + host(n % HOSTS) + ":8080/page/" + n;
                    StringBuilder html = new StringBuilder("<!doctype html><html><head><title>page ").append(n)
                            .append("</title></head><body><h1>page ").append(n).append("</h1><p>").append(text)
                            .append("</p>");
                    for (int link = 1; link <= 5; link++) {
                        html.append("<a href=\"/page/").append(n + link * HOSTS).append("\">next</a> ");
                    }
                    html.append("</body></html>");
                    FetchedPage page = new FetchedPage(1, url, url, 200, Map.of("content-type", "text/html"),
                            "text/html", html.toString().getBytes(StandardCharsets.UTF_8), now, 5, 1, false, null);
                    urls.add(url);
                    sent.add(Sends.send(producer, new ProducerRecord<>(crawl.topics().pages(), partition,
                            host(n % HOSTS), MessageCodec.get().encode(page))));
                }
            }
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot publish the pages: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing the pages", e);
        }
        return urls;
    }

    /** The Kafka client id of the parser in {@code slot}, from the line its start logs. */
    private static String clientId(WorkerSlot slot) {
        Matcher m = CLIENT_ID.matcher(slot.current().logText());
        if (!m.find()) {
            throw new AssertionError(slot + " logged no client id:\n" + slot.current().logTail(30));
        }
        return m.group(1);
    }

    /** A parser's pages in flight, from its metrics; 0 while it serves none. */
    private static double pending(WorkerSlot slot) {
        try {
            return MetricsScrape.of(slot.current().metricsPort().getAsInt()).sum("crawl_parse_pending"::equals);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** The parser group's membership, settled once two looks in a row find it stable and unchanged. */
    private static final class ParserGroup {
        private final CrawlHarness crawl;
        private final String group;
        private ConsumerGroupDescription description;
        private String last = "";

        ParserGroup(CrawlHarness crawl) {
            this.crawl = crawl;
            this.group = crawl.topics().parserGroup();
        }

        /** Looks again; true when {@code members} members own partitions, as at the last look, the group stable. */
        boolean settledWith(int members) {
            String previous = last;
            try {
                description = crawl.admin().describeConsumerGroups(List.of(group)).describedGroups().get(group)
                        .get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                last = e.toString();
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while describing " + group, e);
            }
            Map<String, String> assignments = new TreeMap<>();
            for (MemberDescription m : description.members()) {
                assignments.put(m.clientId(), partitionsOf(m.clientId()).toString());
            }
            long owning = description.members().stream().filter(m -> !m.assignment().topicPartitions().isEmpty())
                    .count();
            last = description.groupState() + " " + assignments;
            return last.equals(previous) && owning == members && description.groupState() == GroupState.STABLE;
        }

        /** The partitions the member {@code clientId} owned at the last look. */
        Set<Integer> partitionsOf(String clientId) {
            return description.members().stream().filter(m -> m.clientId().equals(clientId))
                    .flatMap(m -> m.assignment().topicPartitions().stream()).map(tp -> tp.partition())
                    .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
        }

        @Override
        public String toString() {
            return last;
        }
    }
}
