package org.kcrawl.embedded.web;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The pages whose first request fails with 503 or 429: chosen from the seed, so a test knows them in
 * advance, and remembered in a lock-free bit set, so exactly one request per flaky page fails however
 * many event loops race for it.
 */
final class TransientFaults {
    private final long seed;
    private final double errorRate;
    private final UrlLayout layout;
    private final AtomicLongArray consumed;

    TransientFaults(long seed, double errorRate, UrlLayout layout) {
        this.seed = seed;
        this.errorRate = errorRate;
        this.layout = layout;
        this.consumed = new AtomicLongArray((layout.totalPages() + 63) / 64);
    }

    /** The status the page's first request gets (503 or 429), or 0 when the page is reliable. */
    int plannedStatus(int host, int page) {
        if (errorRate == 0 || Mix.unit(Mix.hash(seed, Mix.FAULT, host, page, 0)) >= errorRate) {
            return 0;
        }
        return Mix.below(Mix.hash(seed, Mix.FAULT_STATUS, host, page, 0), 2) == 0 ? 503 : 429;
    }

    /** The fault to answer this request with, or 0; a flaky page fails only the first time it is asked for. */
    int take(int host, int page) {
        int status = plannedStatus(host, page);
        if (status == 0) {
            return 0;
        }
        int id = layout.pageId(host, page);
        long bit = 1L << (id & 63);
        long previous = consumed.getAndAccumulate(id >>> 6, bit, (old, b) -> old | b);
        return (previous & bit) == 0 ? status : 0;
    }
}
