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

    private static Path base() {
        return Path.of(System.getProperty("kcrawl.chaos.logs", "target/chaos-logs"));
    }
}
