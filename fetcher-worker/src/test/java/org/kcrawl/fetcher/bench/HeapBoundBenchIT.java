package org.kcrawl.fetcher.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.fetcher.crawl.CrawlHarness;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * Memory stays bounded whatever the backlog: 1,000,000 URLs over 10,000 hosts wait in the urls
 * topic, and a fetcher with a 256 MiB heap ({@code -Xmx256m}, in a JVM of its own, see
 * {@link HeapBoundFetcher}) crawls them for a while. The 10,000 host names resolve onto the
 * synthetic web's 200 addresses, 50 hosts an address (so the per-address cap works too). Reports
 * the heap used after full collections and the pages fetched; an out-of-memory error ends the
 * child with a failure.
 *
 * <p>Run: {@code ./mvnw -pl fetcher-worker verify -Dkcrawl.bench=true -Dit.test=HeapBoundBenchIT
 * -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false}.
 * {@code -Dkcrawl.bench.order=grouped} seeds each host's 100 URLs together instead of interleaving
 * the hosts, which parks most of every host's backlog; {@code -Dkcrawl.bench.seconds} sets how long
 * the fetcher runs (default 90), {@code -Dkcrawl.bench.maxHold} its {@code max_hold}.
 */
@EnabledIfSystemProperty(named = "kcrawl.bench", matches = "true")
class HeapBoundBenchIT {
    private static final int HOSTS = 10_000;
    private static final int URLS_PER_HOST = 100;
    private static final int ADDRESSES = 200;
    private static final int BASE = 10;

    @Test
    void aMillionWaitingUrlsFitIn256MiB() throws Exception {
        String crawlName = SharedKafka.uniqueCrawlName("heap-bench");
        CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(), crawlName, 12);
        boolean grouped = "grouped".equals(System.getProperty("kcrawl.bench.order"));
        long seconds = Long.getLong("kcrawl.bench.seconds", 90);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(ADDRESSES).bindBase(BASE).pagesPerHost(URLS_PER_HOST)
                .pageBytes(1024).ioThreads(2).requestLogCapacity(100_000).start()) {
            long seeding = System.nanoTime();
            long seeded = seed(crawl, web.port(), grouped);
            System.out.printf("BENCH heap: seeded %d URLs (%s) in %.1f s; max_hold %s%n", seeded,
                    grouped ? "grouped" : "interleaved", (System.nanoTime() - seeding) / 1e9,
                    System.getProperty("kcrawl.bench.maxHold", "default"));

            Path out = Files.createTempFile("heap-bench-", ".log");
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-XX:+ExitOnOutOfMemoryError", "-XX:+UseG1GC", "-DKCRAWL_LOG_LEVEL=WARN"));
            if (System.getProperty("kcrawl.bench.maxHold") != null) {
                command.add("-Dkcrawl.bench.maxHold=" + System.getProperty("kcrawl.bench.maxHold"));
            }
            command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                    HeapBoundFetcher.class.getName(),
                    SharedKafka.bootstrapServers(), crawlName, Integer.toString(BASE), Integer.toString(ADDRESSES),
                    Long.toString(seconds)));
            Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean ended = child.waitFor(seconds + 120, TimeUnit.SECONDS);
            if (!ended) {
                child.destroyForcibly();
            }
            List<String> lines = Files.readAllLines(out);
            lines.stream().filter(l -> l.startsWith("HEAP")).forEach(l -> System.out.println("BENCH " + l));
            assertThat(ended).as("the fetcher ended in time; its log is " + out).isTrue();
            assertThat(child.exitValue()).as("exit code (an out-of-memory error exits non-zero); log " + out)
                    .isZero();
            String done = lines.stream().filter(l -> l.startsWith("HEAP done")).findFirst().orElseThrow();
            long pages = Long.parseLong(done.replaceAll(".*pages=(\\d+).*", "$1"));
            double maxUsed = Double.parseDouble(done.replaceAll(".*maxUsedAfterGcMiB=([0-9.]+).*", "$1"));
            assertThat(pages).as("the fetcher made progress").isPositive();
            assertThat(maxUsed).isLessThan(256);
            new File(out.toString()).deleteOnExit();
        }
    }

    /** Publishes 1,000,000 seeds, host-interleaved or host by host; streams, nothing held per URL. */
    private static long seed(CrawlHarness crawl, int port, boolean grouped) {
        Instant now = Instant.now();
        AtomicReference<Exception> failure = new AtomicReference<>();
        AtomicLong acked = new AtomicLong();
        try (KafkaProducer<String, byte[]> producer = CrawlHarness.orderedProducer(crawl.clients(), "heap-bench-seeder")) {
            for (int i = 0; i < HOSTS * URLS_PER_HOST; i++) {
                int host = grouped ? i / URLS_PER_HOST : i % HOSTS;
                int page = grouped ? i % URLS_PER_HOST : i / HOSTS;
                String name = "h" + host + ".heap.test";
                String url = "http://" + name + ":" + port + (page == 0 ? "/" : "/p/" + page);
                byte[] value = MessageCodec.get().encode(CrawlRequest.seed(url, now));
                producer.send(new ProducerRecord<>(crawl.topics().urls(), name, value), (m, e) -> {
                    if (e != null) {
                        failure.compareAndSet(null, e);
                    } else {
                        acked.incrementAndGet();
                    }
                });
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("seeding failed after " + acked.get() + " URLs", failure.get());
        }
        return acked.get();
    }
}
