package org.kcrawl.fetcher.crawl;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.http.client.BodyMemory;
import org.kcrawl.http.client.PageMemory;

/**
 * Whether the memory a fetcher's settings bound by bytes fits its heap: its pages ({@link PageMemory}:
 * bodies on the wire and pages waiting for the broker), what each connection told to stop reading may
 * still receive, and its caches. Together they must fit half the heap; the other half is for what is
 * bounded by count (queued and pending URLs, the seen-set), the Kafka clients' buffers and the garbage
 * collector's room. Checked once at start-up, so a configuration that could only end in an
 * {@link OutOfMemoryError} under a slow broker is refused with the keys to change instead.
 *
 * @param parts what is counted, each under the key that sets it
 */
record HeapFit(List<Part> parts) {
    private static final long MIB = 1024 * 1024;

    /** One bounded amount of memory and the setting that bounds it. */
    record Part(String key, String what, long bytes) {}

    HeapFit {
        parts = List.copyOf(parts);
    }

    /** What {@code config} bounds. */
    static HeapFit of(FetcherConfig config) {
        return new HeapFit(List.of(
                new Part("max_unacked_page_bytes", "max_unacked_page_bytes " + mib(config.maxUnackedPageBytes()),
                        config.maxUnackedPageBytes()),
                new Part("max_inflight_body_bytes", "max_inflight_body_bytes " + mib(config.maxInflightBodyBytes()),
                        config.maxInflightBodyBytes()),
                new Part("concurrency", "concurrency " + config.concurrency() + " x "
                        + BodyMemory.MAX_OVERDRAFT / 1024 + " KiB",
                        (long) config.concurrency() * BodyMemory.MAX_OVERDRAFT)));
    }

    /** The bytes counted. */
    long total() {
        return parts.stream().mapToLong(Part::bytes).sum();
    }

    /** Throws {@link ConfigException} naming the keys when {@link #total()} is more than half of {@code maxHeapBytes}. */
    void check(long maxHeapBytes) {
        long total = total();
        if (total <= maxHeapBytes / 2) {
            return;
        }
        String keys = parts.stream().map(Part::key).collect(Collectors.joining(" + "));
        String what = parts.stream().map(Part::what).collect(Collectors.joining(" + "));
        throw new ConfigException(keys, "the fetcher's pages may take " + mib(total) + " (" + what
                + "), more than half of its " + mib(maxHeapBytes) + " heap, which would end in an OutOfMemoryError"
                + " under a slow broker: lower " + parts.get(0).key() + " or " + parts.get(1).key()
                + " (or concurrency), or give the JVM a larger heap (-Xmx: KCRAWL_JAVA_OPTS for ./crawl, the"
                + " container's memory for the images)");
    }

    private static String mib(long bytes) {
        return bytes % MIB == 0 ? bytes / MIB + " MiB" : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) MIB);
    }
}
