package org.kcrawl.cli.admin;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for Kafka's answers with a deadline and turns every way of not getting one into a {@link ClusterException}. */
final class KafkaCalls {
    private final String bootstrap;
    private final Duration timeout;

    KafkaCalls(String bootstrap, Duration timeout) {
        this.bootstrap = bootstrap;
        this.timeout = timeout;
    }

    /** The result of {@code future}; {@code what} says what was asked, for the message. */
    <T> T await(Future<T> future, String what) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new ClusterException("Kafka at " + bootstrap + " did not answer within " + timeout.toSeconds()
                    + " s while " + what + " (check --bootstrap, or raise --timeout)", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new ClusterException("cannot " + what + " on " + bootstrap + ": " + describe(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while " + what, e);
        }
    }

    /** How long each answer may take. */
    Duration timeout() {
        return timeout;
    }

    /** Where the cluster is, for messages. */
    String bootstrap() {
        return bootstrap;
    }

    static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
