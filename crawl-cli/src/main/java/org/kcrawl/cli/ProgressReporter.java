package org.kcrawl.cli;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.kcrawl.common.message.FailureReason;

/**
 * Shows live progress on stderr: a line redrawn in place on a terminal, periodic plain lines
 * otherwise (so logs and CI output stay readable), and at once when a new note appears, so a log shows
 * what a crawl waits for as soon as it does. What the output file got is named by the mode: "records" in
 * a full crawl, "written" in a fetch-only one (its lines are not records). The summary at the end counts
 * the errors and the failures, by reason.
 */
final class ProgressReporter {
    private final PrintWriter err;
    private final boolean terminal;
    private final Supplier<ProgressSnapshot> source;
    private final String outputLabel;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final long plainEveryNanos;
    private long lastPlainNanos;
    /** The note of the last plain line with its numbers left out: a countdown alone is not news. */
    private String lastNoteShape = "";
    private long lastPages;
    private long lastNanos;
    private double rate;

    /**
     * @param outputLabel what the snapshot's {@code records} count is called, for example "records"
     */
    ProgressReporter(PrintWriter err, boolean terminal, Supplier<ProgressSnapshot> source, String outputLabel,
                     LongSupplier nanoClock, long plainEveryNanos) {
        if (outputLabel == null || outputLabel.isBlank()) {
            throw new IllegalArgumentException("outputLabel must not be blank");
        }
        this.err = err;
        this.terminal = terminal;
        this.source = source;
        this.outputLabel = outputLabel;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        this.lastNanos = startNanos;
        this.lastPlainNanos = startNanos;
        this.plainEveryNanos = plainEveryNanos;
    }

    /** Called about once a second; prints when the mode says so. */
    void tick() {
        ProgressSnapshot s = source.get();
        long now = nanoClock.getAsLong();
        double seconds = (now - lastNanos) / 1e9;
        if (seconds > 0) {
            double instant = (s.pages() - lastPages) / seconds;
            // Smooth the rate so the line does not flicker with every burst of completions.
            rate = lastPages == 0 && rate == 0 ? instant : 0.7 * rate + 0.3 * instant;
        }
        lastPages = s.pages();
        lastNanos = now;
        if (terminal) {
            err.print("\r" + line(s, now) + "\u001b[K");
            err.flush();
        } else {
            String shape = s.note().replaceAll("[0-9]+", "#");
            boolean newNote = !s.note().isEmpty() && !shape.equals(lastNoteShape);
            if (newNote || now - lastPlainNanos >= plainEveryNanos) {
                lastPlainNanos = now;
                lastNoteShape = shape;
                err.println(line(s, now));
            }
        }
    }

    /** Prints {@code line} once, on a line of its own: above the redrawn line on a terminal. */
    void notice(String line) {
        if (terminal) {
            err.print("\r\u001b[K");
        }
        err.println(line);
        err.flush();
    }

    /** Prints the final summary line. */
    void finish(String outcome) {
        ProgressSnapshot s = source.get();
        long now = nanoClock.getAsLong();
        double seconds = Math.max(1e-9, (now - startNanos) / 1e9);
        if (terminal) {
            err.print("\r\u001b[K");
        }
        String moved = s.seedMoves() == 0 ? ""
                : String.format(Locale.ROOT, "; %d seed%s moved to another site", s.seedMoves(),
                        s.seedMoves() == 1 ? "" : "s");
        String refused = s.refused() == 0 ? ""
                : String.format(Locale.ROOT, "; %d request%s refused by server limits and asked again", s.refused(),
                        s.refused() == 1 ? "" : "s");
        err.println(String.format(Locale.ROOT, "%s: %d pages in %.1f s (%.1f pages/s), %d %s, %s, %s%s%s",
                outcome, s.pages(), seconds, s.pages() / seconds, s.records(), outputLabel,
                count(s.errors(), "error"), failures(s.failures()), refused, moved));
        err.flush();
    }

    /** "0 failures", or "4 failures (3 http_4xx, 1 connect)": most frequent reason first, ties by name. */
    static String failures(Map<FailureReason, Long> byReason) {
        long total = byReason.values().stream().mapToLong(Long::longValue).sum();
        if (total == 0) {
            return count(0, "failure");
        }
        String reasons = byReason.entrySet().stream()
                .sorted(Map.Entry.<FailureReason, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(e -> e.getKey().wireName()))
                .map(e -> e.getValue() + " " + e.getKey().wireName())
                .collect(Collectors.joining(", "));
        return count(total, "failure") + " (" + reasons + ")";
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    String line(ProgressSnapshot s, long now) {
        return String.format(Locale.ROOT,
                "[%5.0fs] pages %d | %.1f pages/s | %s %d | queued %d | in flight %d | errors %d | lag %d%s",
                (now - startNanos) / 1e9, s.pages(), rate, outputLabel, s.records(), s.queued(), s.inFlight(),
                s.errors(), s.lag(), s.note().isEmpty() ? "" : " | " + s.note());
    }
}
