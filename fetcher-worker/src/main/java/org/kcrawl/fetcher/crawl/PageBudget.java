package org.kcrawl.fetcher.crawl;

import java.util.concurrent.atomic.AtomicLong;

/** The worker's {@code max_pages} budget: URLs admitted for fetching in this run. */
final class PageBudget {
    private final long max;
    private final AtomicLong used = new AtomicLong();

    /** A budget of {@code max} URLs; 0 means unlimited. */
    PageBudget(long max) {
        if (max < 0) {
            throw new IllegalArgumentException("max must be >= 0 but was " + max);
        }
        this.max = max;
    }

    /** True when a limit applies. */
    boolean limited() {
        return max > 0;
    }

    /** Takes one unit; false when the budget is used up. */
    boolean tryAcquire() {
        if (max == 0) {
            used.incrementAndGet();
            return true;
        }
        while (true) {
            long u = used.get();
            if (u >= max) {
                return false;
            }
            if (used.compareAndSet(u, u + 1)) {
                return true;
            }
        }
    }

    /** Gives a unit back (the URL was not fetched after all: robots, parked). */
    void release() {
        used.decrementAndGet();
    }

    long used() {
        return used.get();
    }
}
