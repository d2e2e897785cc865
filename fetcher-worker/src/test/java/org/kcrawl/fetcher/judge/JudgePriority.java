package org.kcrawl.fetcher.judge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a judge's server at real-time priority ({@code chrt --fifo}) where the machine allows it (root,
 * or CAP_SYS_NICE), so that it reads each request the moment it arrives, whatever else keeps the cores
 * busy: a server at normal priority that is woken late stamps a request late, and the next one on time,
 * and so reports a gap shorter than the one the crawler left. The judge's work is a few system calls per
 * request, so it takes the CPU from nobody. Where real-time priority is refused the server runs as it
 * is, and its stamps carry the machine's scheduling delays.
 */
final class JudgePriority {
    private static final Path CHRT = Path.of("/usr/bin/chrt");
    private static final Boolean REAL_TIME = probe();

    private JudgePriority() {}

    /** {@code command}, run at real-time priority when the machine allows it. */
    static List<String> command(List<String> command) {
        if (!REAL_TIME) {
            return command;
        }
        List<String> out = new ArrayList<>(List.of(CHRT.toString(), "--fifo", "10"));
        out.addAll(command);
        return out;
    }

    /** How the server is scheduled, for the test's report. */
    static String describe() {
        return REAL_TIME ? "real-time priority" : "normal priority (real-time refused)";
    }

    private static boolean probe() {
        if (!Files.isExecutable(CHRT)) {
            return false;
        }
        try {
            Process p = new ProcessBuilder(CHRT.toString(), "--fifo", "10", "true").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
