package org.kcrawl.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where the worker processes of a test write their logs ({@code target/chaos-logs/<test>-<time>/}), and
 * the summary file each chaos run appends its measurements to, so repeated runs can be compared.
 */
final class ChaosLogs {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private ChaosLogs() {}

    /** A fresh directory for the logs of {@code test}. */
    static Path dir(String test) {
        Path dir = base().resolve(test + "-" + LocalDateTime.now().format(STAMP));
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
    }

    /** Appends one line to {@code target/chaos-logs/summary.txt}. */
    static void summary(String line) {
        Path file = base().resolve("summary.txt");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, LocalDateTime.now().format(STAMP) + " " + line + System.lineSeparator(),
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
    }

    /**
     * Writes to {@code file} the strikes and every request of a page that was requested more than once, in
     * time order, in milliseconds from {@code originNanos} (the monkey's start, which its strikes count
     * from): which kill, or which rebalance after it, a page was fetched again after.
     */
    static void repeatTimeline(Path file, java.util.Collection<org.kcrawl.embedded.web.RequestEvent> requests,
                               FetchLedger ledger, java.util.List<ChaosMonkey.Strike> strikes, long originNanos) {
        java.util.Set<String> repeated = ledger.repeated(Integer.MAX_VALUE).keySet();
        java.util.List<String> lines = new java.util.ArrayList<>();
        for (ChaosMonkey.Strike s : strikes) {
            lines.add(String.format(java.util.Locale.ROOT, "%08d\tstrike\t%s", s.atMillis(), s.victim()));
        }
        for (org.kcrawl.embedded.web.RequestEvent e : requests) {
            if (repeated.contains(FetchLedger.key(e))) {
                long at = (e.startNanos() - originNanos) / 1_000_000;
                lines.add(String.format(java.util.Locale.ROOT, "%08d\trequest\t%s", at, FetchLedger.key(e)));
            }
        }
        java.util.Collections.sort(lines);
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * Writes to {@code file} what happened to a churned crawl's processes (joins, leaves, broker kill and
     * restart) and the pauses in its fetching, in time order, in milliseconds from the churn's origin: which
     * change of membership or broker each pause followed.
     */
    static void churnTimeline(Path file, java.util.List<MembershipChurn.Event> events, FetchGaps... pauses) {
        java.util.List<String> lines = new java.util.ArrayList<>();
        for (MembershipChurn.Event e : events) {
            lines.add(String.format(java.util.Locale.ROOT, "%08d\t%s\t%s", e.atMillis(), e.what(), e.who()));
        }
        for (FetchGaps gaps : pauses) {
            for (FetchGaps.Gap g : gaps.gaps()) {
                lines.add(String.format(java.util.Locale.ROOT, "%08d\tfetch-pause\t%s %d ms", g.atMillis(), g.who(),
                        g.millis()));
            }
        }
        java.util.Collections.sort(lines);
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static Path base() {
        return Path.of(System.getProperty("kcrawl.chaos.logs", "target/chaos-logs"));
    }
}
