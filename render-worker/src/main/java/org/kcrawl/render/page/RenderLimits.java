package org.kcrawl.render.page;

import java.time.Duration;

/**
 * The time and size bounds of one render.
 *
 * @param budget from the navigation's start: a page that has not loaded by then fails as {@code render_timeout};
 *               one that has is taken as it is
 * @param quiet how long the page's network must be idle after its load event before its DOM is taken
 * @param settle longest wait after the load event for the network to go quiet (polling pages never do)
 * @param maxBodyBytes the DOM's size cap; a longer one is cut and flagged truncated
 */
public record RenderLimits(Duration budget, Duration quiet, Duration settle, int maxBodyBytes) {
    public RenderLimits {
        for (Duration d : new Duration[] {budget, quiet, settle}) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("budget, quiet and settle must be positive");
            }
        }
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive but was " + maxBodyBytes);
        }
    }

    /** A budget of {@code budget}, 500 ms of quiet at most 5 s after the load event, and {@code maxBodyBytes}. */
    public static RenderLimits of(Duration budget, int maxBodyBytes) {
        return new RenderLimits(budget, Duration.ofMillis(500), Duration.ofSeconds(5), maxBodyBytes);
    }
}
