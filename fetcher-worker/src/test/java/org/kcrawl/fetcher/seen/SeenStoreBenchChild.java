package org.kcrawl.fetcher.seen;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.kcrawl.common.kafka.KafkaClients;

/**
 * One measurement of {@link SeenStoreScaleBench} in a JVM of its own, so that its heap and RSS are the
 * store's: restores partition 0 of a seen topic into a store, then times lookups and live markers, and
 * prints one {@code BENCH key=value ...} line.
 *
 * <p>Arguments: bootstrap servers, topic, {@code memory} or {@code rocksdb}, store directory, fingerprints
 * known to be in the topic (numbered from 0, see {@link #fingerprint}).
 */
public final class SeenStoreBenchChild {
    private static final int LOOKUPS = 2_000_000;
    private static final int LIVE_MARKERS = 200_000;

    private SeenStoreBenchChild() {}

    /** The fingerprint of marker {@code i}: distinct for distinct {@code i}, spread like real ones. */
    static long fingerprint(long i) {
        return i * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
    }

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String topic = args[1];
        boolean rocks = args[2].equals("rocksdb");
        Path dir = Path.of(args[3]);
        long known = Long.parseLong(args[4]);
        SeenStore store = rocks ? new RocksSeenStore(dir, topic) : new HeapSeenStore();
        SeenRestorer restorer = new SeenRestorer(KafkaClients.of(bootstrap).consumer(null, "bench", 10_000), topic,
                store, new RestoreBudget(Duration.ofMinutes(20), 1));
        long t0 = System.nanoTime();
        CompletedSet set = restorer.restore(List.of(0)).get(0);
        long restoreMs = (System.nanoTime() - t0) / 1_000_000;
        long read = restorer.recordsRead();

        SplittableRandom random = new SplittableRandom(7);
        long[] probes = new long[LOOKUPS];
        for (int i = 0; i < LOOKUPS; i++) {
            // Half known (duplicates), half new links: a crawl's discovered links are both.
            probes[i] = i % 2 == 0 ? fingerprint(random.nextLong(known)) : random.nextLong();
        }
        int hits = 0;
        for (int i = 0; i < 200_000; i++) { // warm-up: JIT, block cache
            hits += set.contains(probes[i]) ? 1 : 0;
        }
        long t1 = System.nanoTime();
        for (long p : probes) {
            hits += set.contains(p) ? 1 : 0;
        }
        long lookupNs = (System.nanoTime() - t1) / LOOKUPS;

        // Live markers into another partition's set: their made-up offsets must not move partition 0's checkpoint.
        CompletedSet live = store.open(1);
        live.caughtUp(0);
        long t2 = System.nanoTime();
        for (int i = 0; i < LIVE_MARKERS; i++) {
            live.add(random.nextLong(), FetchTimes.ofMillis(1_700_000_000_000L), i);
        }
        long addNs = (System.nanoTime() - t2) / LIVE_MARKERS;
        live.close();

        System.gc();
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        String status = Files.readString(Path.of("/proc/self/status"));
        System.out.printf("BENCH store=%s records_read=%d restore_ms=%d size=%d hits=%d lookup_ns=%d live_add_ns=%d"
                        + " heap_mib=%d rss_mib=%d peak_rss_mib=%d disk_mib=%d%n",
                args[2], read, restoreMs, set.size(), hits, lookupNs, addNs, heap >> 20,
                kib(status, "VmRSS:") >> 10, kib(status, "VmHWM:") >> 10, rocks ? du(dir.resolve(topic + "-0")) >> 20 : 0);
        set.close();
        restorer.close();
    }

    private static long kib(String status, String field) {
        for (String line : status.split("\n")) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.substring(field.length()).replace("kB", "").trim());
            }
        }
        return -1;
    }

    private static long du(Path dir) throws Exception {
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }
}
