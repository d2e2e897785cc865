package org.kcrawl.http.politeness;

import java.time.Instant;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.metrics.LogContext;

/**
 * One request to a host, queued in the {@link HostScheduler} until politeness allows it.
 *
 * <p>Exactly one of {@link #start}, {@link #cancel} or {@link #defer} is called, at most once, never
 * while the scheduler holds its lock.
 */
public interface HostTask {

    /** The host key (lower-case host name) whose limits apply. */
    String host();

    /**
     * The poll loop's claim on the partition the task came from: a task whose claim has ended (its
     * partition revoked, lost or rewound since) is cancelled instead of queued.
     */
    Claim claim();

    /** The number of the partition the task came from, for cancellation on revoke and for log lines. */
    default int partition() {
        return claim().partition().partition();
    }

    /**
     * The offset of the urls message the task stands for, named in log lines about it; -1 (the
     * default) for a request no message stands for, like a robots.txt fetch.
     */
    default long offset() {
        return -1;
    }

    /** The log context of a line about this task: its host, partition and (when it has one) offset. */
    default LogContext logContext() {
        return LogContext.ofUrl(host(), null, partition(), offset());
    }

    /**
     * Starts the request. Must not block and must eventually call one of the permit's release
     * methods, on any thread.
     */
    void start(Permit permit);

    /** The task will never start (its partition was revoked or the scheduler closed). */
    void cancel(String why);

    /**
     * True when the task can wait outside the scheduler ({@link #defer}); a task that cannot stays
     * queued however long its host makes it wait.
     */
    default boolean deferrable() {
        return false;
    }

    /**
     * The task was taken out of its host's queue because it could not start soon (the host's
     * backlog reaches too far ahead, or the host asked for a long pause): it should come back no
     * sooner than {@code notBefore}. Only called on deferrable tasks.
     */
    default void defer(Instant notBefore) {
        throw new UnsupportedOperationException("task of " + host() + " cannot be deferred");
    }
}
