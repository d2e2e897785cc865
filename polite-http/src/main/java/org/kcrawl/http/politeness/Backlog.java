package org.kcrawl.http.politeness;

/**
 * How many tasks wait in host queues and how many hosts have at least one, kept up to date by the
 * {@link HostQueue}s as tasks come and go. Written only under the {@link HostScheduler}'s lock;
 * read from any thread (metrics are scraped on their own) without taking it.
 */
final class Backlog {
    // Volatile, not atomic: every write happens under the scheduler's lock, so none is lost, and a
    // reader on another thread sees the latest one without contending for that lock.
    private volatile int tasks;
    private volatile int hosts;

    void queued(boolean hostWasIdle) {
        tasks = tasks + 1;
        if (hostWasIdle) {
            hosts = hosts + 1;
        }
    }

    void left(int count, boolean hostNowIdle) {
        if (count == 0) {
            return;
        }
        tasks = tasks - count;
        if (hostNowIdle) {
            hosts = hosts - 1;
        }
    }

    /** Tasks waiting in host queues. */
    int tasks() {
        return tasks;
    }

    /** Hosts with at least one task waiting. */
    int hosts() {
        return hosts;
    }
}
