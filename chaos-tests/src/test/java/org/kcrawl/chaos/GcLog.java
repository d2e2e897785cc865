package org.kcrawl.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The collections of a worker's {@code -Xlog:gc} file: for each pause, the heap in use before and after it
 * (in MiB, as the JVM writes it), and whether it was a full collection.
 *
 * @param pauses every pause, in order
 */
record GcLog(List<Pause> pauses) {
    private static final Pattern PAUSE = Pattern.compile("Pause (Young|Full)\\b.*? (\\d+)M->(\\d+)M\\((\\d+)M\\)");

    /** One collection: its kind, and the heap in use before and after it, in MiB. */
    record Pause(boolean full, long beforeMib, long afterMib) {}

    GcLog {
        pauses = List.copyOf(pauses);
    }

    /** Reads {@code file}; a file not written yet has no pauses. */
    static GcLog read(Path file) {
        if (!Files.exists(file)) {
            return new GcLog(List.of());
        }
        List<Pause> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                Matcher m = PAUSE.matcher(line);
                if (m.find()) {
                    out.add(new Pause(m.group(1).equals("Full"), Long.parseLong(m.group(2)),
                            Long.parseLong(m.group(3))));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return new GcLog(out);
    }

    /** The most heap in use before any collection: the peak. */
    long peakBeforeMib() {
        return pauses.stream().mapToLong(Pause::beforeMib).max().orElse(0);
    }

    /** The heap in use after the last full collection, if there was one. */
    OptionalLong lastFullAfterMib() {
        for (int i = pauses.size() - 1; i >= 0; i--) {
            if (pauses.get(i).full()) {
                return OptionalLong.of(pauses.get(i).afterMib());
            }
        }
        return OptionalLong.empty();
    }

    /** The most heap in use after any full collection. */
    long maxAfterFullMib() {
        return pauses.stream().filter(Pause::full).mapToLong(Pause::afterMib).max().orElse(0);
    }
}
