package org.kcrawl.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The JDK's {@code jcmd}, run against a worker process (it ships with the JDK the tests run on). */
final class Jcmd {
    private Jcmd() {}

    /** A full collection in process {@code pid}, waited for: its heap after it shows in the GC log. */
    static void fullGc(long pid) {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        try {
            Process p = new ProcessBuilder(jcmd, Long.toString(pid), "GC.run").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("jcmd " + pid + " GC.run did not finish in 60 s");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + pid + " GC.run exited with " + p.exitValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + jcmd, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running jcmd", e);
        }
    }
}
