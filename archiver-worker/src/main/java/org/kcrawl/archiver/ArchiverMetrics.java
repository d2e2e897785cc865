package org.kcrawl.archiver;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.Map;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;

/** The archiver's meters, documented in {@link MeterCatalogue}; every tag value registered up front. */
public final class ArchiverMetrics {
    private final Map<String, Counter> records = new HashMap<>();
    private final Counter bytes;
    private final Counter files;
    private final Counter skipped;

    public ArchiverMetrics(MeterRegistry registry) {
        for (String type : MeterCatalogue.ARCHIVE_RECORD_TYPES) {
            records.put(type, Meters.counter(MeterCatalogue.ARCHIVE_RECORDS).tag("type", type).register(registry));
        }
        bytes = Meters.counter(MeterCatalogue.ARCHIVE_BYTES).register(registry);
        files = Meters.counter(MeterCatalogue.ARCHIVE_FILES).register(registry);
        skipped = Meters.counter(MeterCatalogue.ARCHIVE_SKIPPED).register(registry);
    }

    void records(String type, long n) {
        Counter c = records.get(type);
        if (c != null) {
            c.increment(n);
        }
    }

    void bytes(long n) {
        bytes.increment(n);
    }

    void fileFinished() {
        files.increment();
    }

    void skipped() {
        skipped.increment();
    }

    /** Response and revisit records synced: one per page archived. */
    public long pagesArchived() {
        return (long) (records.get("response").count() + records.get("revisit").count());
    }

    /** Revisit records synced: pages a recrawl found not modified. */
    public long revisits() {
        return (long) records.get("revisit").count();
    }

    /** WARC files finished. */
    public long filesFinished() {
        return (long) files.count();
    }

    /** Pages not archived for want of captured heads. */
    public long skippedPages() {
        return (long) skipped.count();
    }
}
