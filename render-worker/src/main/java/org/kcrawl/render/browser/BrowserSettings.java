package org.kcrawl.render.browser;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How the render worker starts and talks to its browser.
 *
 * @param executable the Chromium executable ({@code browser_path})
 * @param sandbox run with Chromium's sandbox (impossible as root: then it is off whatever this says)
 * @param startTimeout longest wait for a started browser to open its DevTools endpoint
 * @param commandTimeout longest wait for the answer to one DevTools command: past it the browser counts as hung
 * @param maxMessageBytes largest DevTools message accepted (a page's DOM comes back in one)
 * @param profileRoot where each browser's throw-away profile directory is created (the temp dir)
 */
public record BrowserSettings(Path executable, boolean sandbox, Duration startTimeout, Duration commandTimeout,
                              int maxMessageBytes, Path profileRoot) {
    public BrowserSettings {
        if (executable == null || profileRoot == null) {
            throw new IllegalArgumentException("executable and profileRoot are required");
        }
        if (startTimeout == null || startTimeout.isNegative() || startTimeout.isZero()
                || commandTimeout == null || commandTimeout.isNegative() || commandTimeout.isZero()) {
            throw new IllegalArgumentException("startTimeout and commandTimeout must be positive");
        }
        if (maxMessageBytes < 1024 * 1024) {
            throw new IllegalArgumentException("maxMessageBytes must be >= 1 MiB but was " + maxMessageBytes);
        }
    }

    /** Settings for {@code executable}: 30 s to start, 10 s per command, 64 MiB messages, profiles in the temp dir. */
    public static BrowserSettings of(Path executable, boolean sandbox) {
        return new BrowserSettings(executable, sandbox, Duration.ofSeconds(30), Duration.ofSeconds(10),
                64 * 1024 * 1024, Path.of(System.getProperty("java.io.tmpdir")));
    }
}
