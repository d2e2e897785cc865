package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;

/**
 * The progress line names what the output file got, so a fetch-only crawl does not report records,
 * and ends with a note when a limit the user did not ask for holds the crawl back.
 */
class ProgressReporterTest {
    private final StringWriter text = new StringWriter();
    private final AtomicLong clock = new AtomicLong();

    private ProgressReporter reporter(String label) {
        return reporter(label, "");
    }

    private ProgressReporter reporter(String label, String note) {
        ProgressSnapshot snapshot = new ProgressSnapshot(120, 118, 3, 2, 1, 0, note);
        return new ProgressReporter(new PrintWriter(text), false, () -> snapshot, label, clock::get, 5_000_000_000L);
    }

    @Test
    void aFetchOnlyCrawlReportsLinesWrittenNotRecords() {
        ProgressReporter progress = reporter("written");

        clock.set(5_000_000_000L);
        progress.tick();
        clock.set(6_000_000_000L);
        progress.finish("drained");

        assertThat(text.toString()).doesNotContain("records")
                .contains("| written 118 |")
                .contains("drained: 120 pages in 6.0 s (20.0 pages/s), 118 written, 1 error, 0 failures");
    }

    @Test
    void aFullCrawlReportsRecords() {
        ProgressReporter progress = reporter("records");

        clock.set(5_000_000_000L);
        progress.tick();
        progress.finish("drained");

        assertThat(text.toString()).contains("| records 118 |").contains("118 records, 1 error, 0 failures");
    }

    @Test
    void aLineWithoutANoteEndsWithTheLag() {
        ProgressReporter progress = reporter("records");

        clock.set(5_000_000_000L);
        progress.tick();

        assertThat(text.toString().strip()).endsWith("| errors 1 | lag 0");
    }

    @Test
    void theSummaryCountsFailuresByReasonMostFrequentFirst() {
        ProgressSnapshot snapshot = new ProgressSnapshot(0, 0, 0, 0, 7, 0, "",
                Map.of(FailureReason.CONNECT, 1L, FailureReason.HTTP_4XX, 3L, FailureReason.DNS, 1L));
        ProgressReporter progress = new ProgressReporter(new PrintWriter(text), false, () -> snapshot, "records",
                clock::get, 5_000_000_000L);

        clock.set(2_000_000_000L);
        progress.finish("drained");

        assertThat(text.toString().strip())
                .isEqualTo("drained: 0 pages in 2.0 s (0.0 pages/s), 0 records, 7 errors, 5 failures"
                        + " (3 http_4xx, 1 connect, 1 dns)");
    }

    @Test
    void aPlainLineShowsANewNoteAtOnceButNotItsCountdown() {
        AtomicReference<String> note = new AtomicReference<>("");
        ProgressReporter progress = new ProgressReporter(new PrintWriter(text), false,
                () -> new ProgressSnapshot(0, 0, 1, 0, 1, 1, note.get()), "records", clock::get, 5_000_000_000L);

        clock.set(500_000_000L);
        progress.tick();
        note.set("waiting: 1 host, robots.txt unreachable (connect), retry 2/3 in 2 s");
        clock.set(1_000_000_000L);
        progress.tick();
        note.set("waiting: 1 host, robots.txt unreachable (connect), retry 2/3 in 1 s");
        clock.set(1_500_000_000L);
        progress.tick();

        assertThat(text.toString().lines()).containsExactly("[    1s] pages 0 | 0.0 pages/s | records 0 | queued 1"
                + " | in flight 0 | errors 1 | lag 1 | waiting: 1 host, robots.txt unreachable (connect), retry 2/3"
                + " in 2 s");
    }

    @Test
    void aCapNoteEndsTheLine() {
        ProgressReporter progress = reporter("records", "held by per-ip cap (8)");

        clock.set(5_000_000_000L);
        progress.tick();

        assertThat(text.toString().strip()).endsWith("| lag 0 | held by per-ip cap (8)");
    }

    @Test
    void aMovedSeedIsToldOnALineOfItsOwnAndCountedInTheSummary() {
        ProgressSnapshot moved = new ProgressSnapshot(7, 7, 0, 0, 0, 0, "", 1);
        ProgressReporter progress = new ProgressReporter(new PrintWriter(text), true, () -> moved, "records",
                clock::get, 5_000_000_000L);

        clock.set(1_000_000_000L);
        progress.tick();
        progress.notice("seed moved: http://127.0.0.1:8000/ redirects to http://localhost:8000/");
        progress.finish("drained");

        assertThat(text.toString()).contains("\r\u001b[Kseed moved: http://127.0.0.1:8000/ redirects to "
                + "http://localhost:8000/" + System.lineSeparator())
                .contains("7 records, 0 errors, 0 failures; 1 seed moved to another site");
    }
}
