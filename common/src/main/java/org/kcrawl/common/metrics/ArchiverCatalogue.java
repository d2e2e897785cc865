package org.kcrawl.common.metrics;

import static org.kcrawl.common.metrics.CatalogueRows.meter;
import static org.kcrawl.common.metrics.MeterCatalogue.ARCHIVE_BYTES;
import static org.kcrawl.common.metrics.MeterCatalogue.ARCHIVE_DEAD_LETTERS;
import static org.kcrawl.common.metrics.MeterCatalogue.ARCHIVE_FILES;
import static org.kcrawl.common.metrics.MeterCatalogue.ARCHIVE_RECORDS;
import static org.kcrawl.common.metrics.MeterCatalogue.ARCHIVE_RECORD_TYPES;
import static org.kcrawl.common.metrics.MeterCatalogue.ARCHIVE_SKIPPED;
import static org.kcrawl.common.metrics.MeterSpec.Kind.COUNTER;
import static org.kcrawl.common.metrics.MeterSpec.Worker.ARCHIVER;

import java.util.List;

/**
 * The archiver's rows of the {@link MeterCatalogue}: WARC records, bytes and files.
 * Package-private: the catalogue is the one table; a part only keeps a worker's rows in a file of their own
 * (issue 34), in the order the table lists them.
 */
final class ArchiverCatalogue {
    private ArchiverCatalogue() {}

    /** The archiver's meters, in table order. */
    static List<MeterSpec> meters() {
        return List.of(
                meter(ARCHIVE_RECORDS, COUNTER, null, ARCHIVER, "WARC records written and synced to disk (their pages'"
                                + " offsets may be committed), by type; a page is a request and a response, or a request and"
                                + " a revisit for a 304; a rendered page adds a conversion (its DOM)",
                        "type", ARCHIVE_RECORD_TYPES),
                meter(ARCHIVE_BYTES, COUNTER, "bytes", ARCHIVER, "bytes written to WARC files, gzip-compressed, synced"),
                meter(ARCHIVE_FILES, COUNTER, null, ARCHIVER, "WARC files finished: synced, closed and renamed from"
                        + " .open (at the size cap, on a clean stop, or recovered at start after a crash)"),
                meter(ARCHIVE_SKIPPED, COUNTER, null, ARCHIVER, "pages not archived because they carry no captured"
                        + " heads (their fetcher ran without capture_heads) or, rendered, not the bytes their server sent"),
                meter(ARCHIVE_DEAD_LETTERS, COUNTER, null, ARCHIVER, "page messages an archiver sent to the dead-letter"
                        + " topic: undecodable, or whose records could not be written"));
    }
}
