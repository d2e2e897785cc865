package org.kcrawl.parser.dedup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.url.UrlFingerprint;

/** The published-links set: fixed memory, forgets but never invents, safe from many threads. */
class FingerprintSetTest {
    private static final int CAPACITY = 4096;

    @Test
    void aSetOfCapacityZeroHoldsNothing() {
        FingerprintSet off = FingerprintSet.withCapacity(0);
        off.add(UrlFingerprint.of("http://site.example/"));

        assertThat(off.enabled()).isFalse();
        assertThat(off.capacity()).isZero();
        assertThat(off.contains(UrlFingerprint.of("http://site.example/"))).isFalse();
    }

    @Test
    void refusesACapacityTooSmallToBeUseful() {
        assertThatThrownBy(() -> FingerprintSet.withCapacity(1023)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity").hasMessageContaining("1023");
        assertThatThrownBy(() -> FingerprintSet.withCapacity(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity");
    }

    @Test
    void theTableHoldsTheCapacityRoundedUpToWholeBuckets() {
        assertThat(FingerprintSet.withCapacity(1_000_000).capacity()).isEqualTo(1_000_000);
        assertThat(FingerprintSet.withCapacity(1025).capacity()).isEqualTo(1032);
        assertThat(FingerprintSet.withCapacity(1024).enabled()).isTrue();
    }

    @Test
    void remembersUrlsByTheFetchersFingerprint() {
        FingerprintSet set = FingerprintSet.withCapacity(CAPACITY);
        set.add(UrlFingerprint.of("http://site.example/a"));

        assertThat(set.contains(UrlFingerprint.of("http://site.example/a"))).isTrue();
        assertThat(set.contains(UrlFingerprint.of("http://site.example/b"))).isFalse();
    }

    @Test
    void keepsNearlyEverythingWhileHalfFull() {
        FingerprintSet set = FingerprintSet.withCapacity(CAPACITY);
        SplittableRandom random = new SplittableRandom(11);
        long[] added = new long[CAPACITY / 2];
        for (int i = 0; i < added.length; i++) {
            added[i] = random.nextLong();
            set.add(added[i]);
        }
        int kept = 0;
        for (long fp : added) {
            kept += set.contains(fp) ? 1 : 0;
        }
        assertThat(kept).isGreaterThanOrEqualTo(added.length * 99 / 100);
    }

    @Test
    void memoryStaysFixedUnderTenTimesTheCapacityAndTheNewestIsAlwaysKept() {
        FingerprintSet set = FingerprintSet.withCapacity(CAPACITY);
        SplittableRandom random = new SplittableRandom(5);
        int inserts = 10 * CAPACITY;
        addAll(set, new SplittableRandom(99), inserts); // warm up, so the measured run is compiled code

        long before = allocatedBytes();
        int keptAtOnce = 0;
        for (int i = 0; i < inserts; i++) {
            long fp = random.nextLong();
            set.add(fp);
            keptAtOnce += set.contains(fp) ? 1 : 0;
        }
        long allocated = allocatedBytes() - before;

        assertThat(keptAtOnce).as("an added fingerprint is there right after").isEqualTo(inserts);
        assertThat(set.capacity()).isEqualTo(CAPACITY);
        assertThat(set.occupied()).isLessThanOrEqualTo(CAPACITY).isGreaterThan(CAPACITY * 9 / 10);
        // Storing 40,960 fingerprints anywhere else would take at least 320 KiB.
        assertThat(allocated).as("bytes allocated by %d inserts", inserts).isLessThan(16 * 1024);
    }

    @Test
    void neverReportsAFingerprintThatWasNotAdded() {
        FingerprintSet set = FingerprintSet.withCapacity(CAPACITY);
        SplittableRandom adds = new SplittableRandom(42);
        SplittableRandom probes = new SplittableRandom(4242);
        Set<Long> added = new HashSet<>();
        long falsePositives = 0;
        for (int round = 0; round < 40; round++) {
            for (int i = 0; i < CAPACITY / 4; i++) {
                long fp = adds.nextLong();
                added.add(fp);
                set.add(fp);
                // A neighbour in the same bucket differs only in its low bits.
                long sameBucket = fp ^ (1L + probes.nextInt(7));
                if (!added.contains(sameBucket) && set.contains(sameBucket)) {
                    falsePositives++;
                }
            }
            for (int i = 0; i < 10_000; i++) {
                long fp = probes.nextLong();
                if (!added.contains(fp) && set.contains(fp)) {
                    falsePositives++;
                }
            }
        }
        assertThat(falsePositives).isZero();
        for (int i = 0; i < set.capacity(); i++) {
            long slot = set.slot(i);
            assertThat(slot == 0 || added.contains(slot)).as("slot %d holds %x", i, slot).isTrue();
        }
    }

    @Test
    void theFingerprintZeroIsNeverStored() {
        FingerprintSet set = FingerprintSet.withCapacity(CAPACITY);
        set.add(0L);
        assertThat(set.contains(0L)).isFalse();
        assertThat(set.occupied()).isZero();
    }

    @Test
    void manyThreadsAddingAndLookingUpNeverSeeAFingerprintNobodyAdded() throws Exception {
        FingerprintSet set = FingerprintSet.withCapacity(CAPACITY);
        int threads = 4;
        int perThread = 5 * CAPACITY;
        Set<Long> added = ConcurrentHashMap.newKeySet();
        AtomicLong falsePositives = new AtomicLong();
        AtomicLong keptAtOnce = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                SplittableRandom random = new SplittableRandom(1000 + t);
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        long fp = random.nextLong() | 1L; // every added fingerprint is odd
                        added.add(fp);
                        set.add(fp);
                        keptAtOnce.addAndGet(set.contains(fp) ? 1 : 0);
                        long never = random.nextLong() & ~1L; // every probe is even
                        if (never != 0 && set.contains(never)) {
                            falsePositives.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(falsePositives.get()).isZero();
        // Another thread may overwrite a slot between one thread's add and its look-up, but rarely.
        assertThat(keptAtOnce.get()).isGreaterThan((long) threads * perThread * 9 / 10);
        for (int i = 0; i < set.capacity(); i++) {
            long slot = set.slot(i);
            assertThat(slot == 0 || added.contains(slot)).as("slot %d holds %x", i, slot).isTrue();
        }
        assertThat(set.occupied()).isGreaterThan(CAPACITY * 9 / 10);
    }

    private static void addAll(FingerprintSet set, SplittableRandom random, int n) {
        for (int i = 0; i < n; i++) {
            long fp = random.nextLong();
            set.add(fp);
            set.contains(fp);
        }
    }

    private static long allocatedBytes() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        return threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
