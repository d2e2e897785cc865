package org.kcrawl.fetcher.politeness;

/**
 * One request to a host, queued in the {@link HostScheduler} until politeness allows it.
 *
 * <p>Exactly one of {@link #start} or {@link #cancel} is called, at most once, never while the
 * scheduler holds its lock.
 */
public interface HostTask {

    /** The host key (lower-case host name) whose limits apply. */
    String host();

    /** The urls partition the task came from, for cancellation on revoke. */
    int partition();

    /**
     * The partition epoch seen when the task was created ({@link HostScheduler#epoch(int)}); a task
     * of an earlier ownership is cancelled instead of queued.
     */
    long epoch();

    /**
     * Starts the request. Must not block and must eventually call one of the permit's release
     * methods, on any thread.
     */
    void start(Permit permit);

    /** The task will never start (its partition was revoked or the scheduler closed). */
    void cancel(String why);
}
