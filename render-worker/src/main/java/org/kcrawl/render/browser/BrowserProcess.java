package org.kcrawl.render.browser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Chromium process with a throw-away profile: started with its DevTools on pipes, killed (with its child
 * processes) and its profile deleted when closed.
 *
 * <p>Chromium reads DevTools commands on descriptor 3 and writes on 4; a Java process can hand a child only
 * its standard streams, so the browser is started by {@code /bin/sh}, which moves the process's stdin to 3 and
 * stdout to 4 and then execs it ({@link #devtoolsIn}, {@link #devtoolsOut}); the browser's own stdout goes to
 * its stderr. A daemon thread reads the browser's stderr line by line, its only job: the pipe must be drained
 * or the browser would stop when it fills.
 */
final class BrowserProcess implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BrowserProcess.class);
    /** Moves stdin to descriptor 3 and stdout to 4, the DevTools pipes, and runs the browser in its place. */
    private static final String PIPES = "exec \"$0\" \"$@\" 3<&0 4>&1 0</dev/null 1>&2";

    private final Process process;
    private final Path profile;
    private final CompletableFuture<Integer> exited = new CompletableFuture<>();

    private BrowserProcess(Process process, Path profile) {
        this.process = process;
        this.profile = profile;
    }

    /** Starts the browser of {@code settings} with every connection sent to the proxy on {@code proxyPort}. */
    static BrowserProcess start(BrowserSettings settings, int proxyPort) throws IOException {
        if (!Files.isExecutable(settings.executable())) {
            throw new IOException("browser_path " + settings.executable() + " is not an executable file; install "
                    + "Chromium (Debian: apt-get install chromium) or set browser_path");
        }
        Path profile = Files.createTempDirectory(settings.profileRoot(), "kcrawl-chromium-");
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", PIPES));
        command.addAll(ChromiumFlags.of(settings, profile, proxyPort, isRoot()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .redirectError(ProcessBuilder.Redirect.PIPE);
        // Its own HOME and temp dir: Chromium writes caches and crash state there, and the root may be read-only.
        builder.environment().put("HOME", profile.toString());
        builder.environment().put("TMPDIR", settings.profileRoot().toString());
        Process process;
        try {
            ProfilePreferences.write(profile);
            process = builder.start();
        } catch (IOException e) {
            deleteTree(profile);
            throw e;
        }
        BrowserProcess browser = new BrowserProcess(process, profile);
        Thread reader = new Thread(browser::readStderr, "kcrawl-chromium-stderr-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        process.onExit().whenComplete((p, error) -> browser.exited.complete(p == null ? -1 : p.exitValue()));
        return browser;
    }

    /** Where the browser reads DevTools commands (its descriptor 3). */
    OutputStream devtoolsIn() {
        return process.getOutputStream();
    }

    /** Where the browser writes DevTools answers and events (its descriptor 4). */
    InputStream devtoolsOut() {
        return process.getInputStream();
    }

    /** Completes with the exit code when the process has ended, whatever ended it. */
    CompletableFuture<Integer> exited() {
        return exited;
    }

    /** The process id. */
    long pid() {
        return process.pid();
    }

    /** Kills the browser and its children at once and deletes its profile; returns without waiting for them. */
    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.onExit().whenComplete((p, error) -> deleteTree(profile));
    }

    private void readStderr() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    // Chromium is chatty on stderr (D-Bus, GPU, fonts); worth a look only when debugging it.
                    log.debug("chromium[{}]: {}", process.pid(), line);
                }
            }
        } catch (IOException e) {
            log.debug("reading chromium's stderr ended: {}", e.toString());
        }
    }

    private static boolean isRoot() {
        // The sandbox cannot run as root; Chromium exits at once if asked to.
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            return uid instanceof Integer i && i == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // A file the exiting browser still writes: the next walk of the temp dir's owner gets it.
                }
            });
        } catch (IOException e) {
            log.debug("cannot delete the browser profile {}: {}", dir, e.toString());
        }
    }
}
