package org.kcrawl.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.RegisteredDomain;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.scope.SiteKey;

/**
 * The seeds that moved to another site (with --no-parent, another directory) by redirect, as the crawl's
 * scope topic tells them (to the follower this listens to): counted for the summary, and each handed out
 * once for a line of its own on stderr, so a user whose seed redirects elsewhere sees why the crawl went
 * there. Thread-safe: the follower adds, the progress thread takes.
 */
final class SeedMoveNotices implements Consumer<ScopeSite> {
    private final ScopeMode mode;
    private final boolean noParent;
    private final Queue<ScopeSite> untold = new ConcurrentLinkedQueue<>();
    private final AtomicInteger count = new AtomicInteger();

    /** Moves described for a crawl of {@code mode} scope. */
    SeedMoveNotices(ScopeMode mode) {
        this(mode, false);
    }

    /** Moves described for a crawl of {@code mode} scope that stays under its seeds' directories or not. */
    SeedMoveNotices(ScopeMode mode, boolean noParent) {
        this.mode = mode;
        this.noParent = noParent;
    }

    /** Takes a site the crawl's scope gained; only seed moves count. */
    @Override
    public void accept(ScopeSite site) {
        if (site.cause() == ScopeSite.Cause.SEED_REDIRECT) {
            count.incrementAndGet();
            untold.add(site);
        }
    }

    /** Seeds that moved so far (this run, or earlier runs of the same crawl). */
    int count() {
        return count.get();
    }

    /** A line for each move not told yet, oldest first. */
    List<String> untold() {
        List<String> lines = new ArrayList<>();
        for (ScopeSite move = untold.poll(); move != null; move = untold.poll()) {
            lines.add(describe(move));
        }
        return lines;
    }

    /** What a move means for the crawl, in one line. */
    String describe(ScopeSite move) {
        String covered = noParent ? CrawlSites.directoryKey(move.url())
                : mode == ScopeMode.DOMAIN
                ? "the domain " + RegisteredDomain.of(SiteKey.host(move.site()))
                : move.site();
        return "seed moved: " + move.sourceUrl() + " redirects to " + move.url() + "; the crawl covers " + covered
                + " too";
    }
}
