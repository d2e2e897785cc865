package org.kcrawl.cli.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the process's stderr is a terminal: the one answer behind the redrawn progress line and the
 * note printed when a reader goes away.
 *
 * <p>Java 17 has no isatty for stderr: {@code System.console()} asks whether stdin and stdout are
 * terminals, so it says "no" for {@code crawl --out - | head} typed at a terminal, and "yes" for
 * {@code crawl 2>log} (which would fill the log with carriage returns). On Linux the link
 * {@code /proc/self/fd/2} names stderr's device; elsewhere {@code System.console()} is the best guess.
 */
public final class Terminal {
    private static final Path STDERR_LINK = Path.of("/proc/self/fd/2");

    private Terminal() {}

    /** True when stderr is a terminal, so a line can be redrawn and a note will be seen by a person. */
    public static boolean stderrIsTerminal() {
        if (!Files.isSymbolicLink(STDERR_LINK)) {
            return System.console() != null;
        }
        try {
            return isTerminalDevice(Files.readSymbolicLink(STDERR_LINK).toString());
        } catch (IOException e) {
            // The link is there but unreadable (a sandbox): not knowing, talk as to a file or pipe.
            return false;
        }
    }

    /**
     * Whether {@code target}, what a {@code /proc/self/fd} link points to, is a terminal device: a
     * pseudo-terminal, a virtual or serial console. A pipe reads {@code pipe:[inode]}, a file its path,
     * and {@code /dev/null} is a device but no terminal.
     */
    static boolean isTerminalDevice(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    }
}
