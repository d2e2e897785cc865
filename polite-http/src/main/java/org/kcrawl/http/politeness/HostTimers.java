package org.kcrawl.http.politeness;

import java.util.function.BiConsumer;

/**
 * The one wake-up timer of each host that waits for its pace, on the {@link TimeSource}: waiting is a
 * timer, never a sleeping thread. Arming, disarming and checking a timer happen under the
 * {@link HostScheduler}'s lock; a timer that fires calls the scheduler back ({@code fired}, outside any
 * lock), which takes its lock and asks {@link #spend} whether that timer is still the host's.
 */
final class HostTimers {
    private final TimeSource time;
    private final BiConsumer<HostState, Object> fired;

    /** @param fired told the host and the timer's token when a timer fires, on the timer's thread */
    HostTimers(TimeSource time, BiConsumer<HostState, Object> fired) {
        this.time = time;
        this.fired = fired;
    }

    /** Wakes {@code h} at {@code at}, unless a timer already wakes it no later. */
    void arm(HostState h, long at, long now) {
        if (h.timer != null && h.timerAt - at <= 0) {
            return; // an earlier wake-up re-evaluates anyway
        }
        disarm(h);
        Object token = new Object();
        h.timerToken = token;
        h.timerAt = at;
        h.timer = time.schedule(at - now, () -> fired.accept(h, token));
    }

    /** Cancels {@code h}'s timer, if it has one. */
    void disarm(HostState h) {
        if (h.timer != null) {
            h.timer.cancel();
            h.timer = null;
            h.timerToken = null;
        }
    }

    /**
     * Whether the timer that fired with {@code token} is still {@code h}'s (not disarmed or replaced
     * meanwhile); if so, {@code h} has no timer any more.
     */
    boolean spend(HostState h, Object token) {
        if (h.timerToken != token) {
            return false;
        }
        h.timer = null;
        h.timerToken = null;
        return true;
    }
}
