package org.kcrawl.chaos;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.awaitility.core.ConditionTimeoutException;

/** Waiting on a condition with Awaitility, failing with a description of the state the wait ended in. */
final class Waits {
    private Waits() {}

    /**
     * Polls {@code condition} every {@code every} until it holds; after {@code timeout} fails with
     * {@code what} and {@code state}'s account of where things stood.
     */
    static void until(String what, Duration timeout, Duration every, Callable<Boolean> condition,
                      Supplier<String> state) {
        try {
            await(what).atMost(timeout).pollDelay(Duration.ZERO).pollInterval(every).until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("timed out after " + timeout + " waiting for " + what + "; " + state.get(), e);
        }
    }
}
