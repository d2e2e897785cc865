package org.kcrawl.http.politeness;

/**
 * Runs rounds of work on the calling thread so that work which asks for another round from inside a
 * round (a request that completed synchronously while it was being started, and released its slot)
 * gets it from the outer loop instead of a nested call: the stack stays flat however many requests
 * complete at once, and no round runs inside another on one thread.
 */
final class Trampoline {
    /** One thread's state: whether a round runs on it now, and whether another was asked for meanwhile. */
    private static final class Rounds {
        boolean running;
        boolean again;
    }

    private final ThreadLocal<Rounds> rounds = ThreadLocal.withInitial(Rounds::new);

    /** Runs {@code round}, then again as long as a nested call asked for it while it ran. */
    void run(Runnable round) {
        Rounds r = rounds.get();
        if (r.running) {
            r.again = true;
            return;
        }
        r.running = true;
        try {
            do {
                r.again = false;
                round.run();
            } while (r.again);
        } finally {
            r.running = false;
        }
    }
}
