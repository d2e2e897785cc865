package org.kcrawl.cli;

import java.util.Map;
import org.kcrawl.common.message.FailureReason;

/**
 * The fetcher, parser (none in a fetch-only crawl) and render worker (only when the crawl renders) of a local
 * crawl, seen from the command that drives them.
 */
interface CrawlWorkers extends AutoCloseable {
    /** Starts the workers. */
    void start();

    /** Pages fetched so far. */
    long pagesFetched();

    /**
     * Fetch attempts that failed so far, as they happen: those retried as well as the last ones, which
     * are {@link #failuresByReason()}.
     */
    long failedAttempts();

    /** Failures recorded so far (the URLs given up on), by reason; reasons that never happened left out. */
    Map<FailureReason, Long> failuresByReason();

    /** Requests on the wire. */
    int inFlight();

    /** URLs consumed and waiting for politeness or a retry time. */
    int queued();

    /**
     * The progress line's note: what the crawl waits for when nothing is on the wire or queued
     * ({@link IdleWaitNote}), else what holds it back when it is a limit the user did not ask for
     * ({@link ImplicitLimitNote}), else "".
     */
    String note();

    /** The seeds that moved to another site by redirect, which the crawl now covers too. */
    SeedMoveNotices seedMoves();

    /**
     * Requests servers refused for now (429, or 503 with a Retry-After), put back in line without counting
     * an attempt: not errors, since the crawl slows down for them and loses nothing.
     */
    default long refusals() {
        return 0;
    }

    /** True when a render worker runs: the crawl is not drained while URLs wait on the render topic. */
    default boolean rendering() {
        return false;
    }

    /** Consumed messages (any worker) whose outputs are not all acknowledged yet. */
    int pending();

    /**
     * With {@code --warc}, after {@link #close()}: what the archiver wrote (pages, revisits among them, files
     * finished); null without it.
     */
    default Archived archived() {
        return null;
    }

    /** What a crawl's archiver wrote: {@code pages} (each a response or a revisit) in {@code files} finished files. */
    record Archived(long pages, long revisits, long files) {}

    /** Stops the workers gracefully: in-flight work finishes, offsets are committed. */
    @Override
    void close();
}
