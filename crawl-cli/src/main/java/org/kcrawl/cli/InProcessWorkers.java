package org.kcrawl.cli;

import java.util.EnumMap;
import java.util.Map;
import org.kcrawl.archiver.ArchiverWorker;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.scope.ScopeFollower;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.http.pipeline.UrlOutcomes;
import org.kcrawl.http.politeness.SchedulerCounts;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.render.kafka.RenderWorker;

/** The workers of a local crawl, in one JVM, and the follower of the crawl's scope they share. */
final class InProcessWorkers implements CrawlWorkers {
    private final FetcherWorker fetcher;
    /** Null in a fetch-only crawl. */
    private final ParserWorker parser;
    /** Null when the crawl renders nothing. */
    private final RenderWorker renderer;
    /** Null without --warc. */
    private final ArchiverWorker archiver;
    private final ScopeFollower scope;
    private final SeedMoveNotices moves;
    private final ImplicitLimitNote capNote;

    @Override
    public Archived archived() {
        if (archiver == null) {
            return null;
        }
        var m = archiver.metrics();
        return new Archived(m.pagesArchived(), m.revisits(), m.filesFinished());
    }

    InProcessWorkers(FetcherWorker fetcher, ParserWorker parser, RenderWorker renderer, ArchiverWorker archiver,
                     ScopeFollower scope, SeedMoveNotices moves, ImplicitLimitNote capNote) {
        this.fetcher = fetcher;
        this.parser = parser;
        this.renderer = renderer;
        this.archiver = archiver;
        this.scope = scope;
        this.moves = moves;
        this.capNote = capNote;
    }

    @Override
    public void start() {
        if (archiver != null) {
            // First: it finishes the files a killed run left open before anything new is written.
            archiver.start();
        }
        fetcher.start();
        if (renderer != null) {
            renderer.start();
        }
        if (parser != null) {
            parser.start();
        }
    }

    @Override
    public long pagesFetched() {
        return fetcher.pagesFetched()
                + (renderer == null ? 0 : renderer.renderedPages() + renderer.plainPages());
    }

    @Override
    public long failedAttempts() {
        // A retry is published for each failed attempt but the last; the last is a failure record.
        UrlOutcomes fetched = fetcher.outcomes();
        return fetched.retries() + fetched.failures()
                + (renderer == null ? 0 : renderer.outcomes().retries() + renderer.outcomes().failures());
    }

    @Override
    public long refusals() {
        return fetcher.outcomes().refusals() + (renderer == null ? 0 : renderer.outcomes().refusals());
    }

    @Override
    public Map<FailureReason, Long> failuresByReason() {
        if (renderer == null) {
            return fetcher.outcomes().failuresByReason();
        }
        Map<FailureReason, Long> all = new EnumMap<>(FailureReason.class);
        all.putAll(fetcher.outcomes().failuresByReason());
        renderer.outcomes().failuresByReason().forEach((reason, n) -> all.merge(reason, n, Long::sum));
        return all;
    }

    @Override
    public int inFlight() {
        return fetcher.inFlight() + (renderer == null ? 0 : renderer.inFlight());
    }

    @Override
    public int queued() {
        return fetcher.queued() + (renderer == null ? 0 : renderer.queued() + renderer.rendering());
    }

    @Override
    public String note() {
        // The fetcher tells of waits only while nothing is on the wire or queued: the crawl is idle but for them.
        String waiting = IdleWaitNote.of(fetcher.waiting());
        SchedulerCounts counts = fetcher.schedulerCounts();
        return waiting.isEmpty() ? capNote.of(counts::heldHosts, () -> counts.serverLimits(ImplicitLimitNote.NAMED + 1)) : waiting;
    }

    @Override
    public SeedMoveNotices seedMoves() {
        return moves;
    }

    @Override
    public boolean rendering() {
        return renderer != null;
    }

    @Override
    public int pending() {
        return fetcher.pending() + (parser == null ? 0 : parser.pending())
                + (renderer == null ? 0 : renderer.pending()) + (archiver == null ? 0 : archiver.pending());
    }

    @Override
    public void close() {
        // Fetcher first, then the renderer: their last pages still reach the parser, which drains last.
        try {
            fetcher.close();
        } finally {
            try {
                if (renderer != null) {
                    renderer.close();
                }
            } finally {
                try {
                    if (parser != null) {
                        parser.close();
                    }
                } finally {
                    try {
                        if (archiver != null) {
                            // Its pages are synced and committed, then its open file is finished.
                            archiver.close();
                        }
                    } finally {
                        scope.close();
                    }
                }
            }
        }
    }
}
