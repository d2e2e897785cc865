package org.kcrawl.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.kcrawl.common.kafka.ConsumerLag.Lag;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * Decides when a local crawl is over: no worker holds, queues or sends anything, every consumer group
 * the crawl depends on has read its topics to the end, and nothing was produced to them since the last
 * check, for a number of consecutive checks.
 *
 * <p>The lags of the groups are probed one after another, not at one instant: a worker could turn
 * idle between two probes while a message is on its way to a topic already probed. Equal topic ends
 * in two checks rule that out: whatever was produced between them moved an end. So two checks in a
 * row suffice, and they can be close together, which keeps a small crawl from idling at its end.
 *
 * <p>Checks come often (a small crawl should not idle at its end), but a probe that found work left holds
 * the next one back for a while: a crawl idle for minutes with URLs parked (a long Retry-After) would
 * otherwise ask the broker for four groups' offsets dozens of times a second. A probe that found nothing
 * left lets the confirming one come at the next check.
 *
 * <p>A full crawl watches the fetchers on the urls topic, the render workers on the render topic (when
 * it renders), the parsers on the pages topic and the parking forwarder on the parking tiers. A fetch-only crawl runs no parser, so nothing ever commits
 * in the parser group: its lag grows with every page and must not be waited for.
 */
final class DrainCheck {
    /** The lag of a consumer group over some topics ({@link org.kcrawl.common.kafka.ConsumerLag} in use). */
    @FunctionalInterface
    interface LagProbe {
        Lag of(String group, List<String> topics);
    }

    /** A consumer group and the topics whose end it must reach. */
    record Watched(String group, List<String> topics) {}

    private final CrawlWorkers workers;
    private final LagProbe lag;
    private final List<Watched> watched;
    private final int needed;
    private final LongSupplier nanoTime;
    private final long probeBackoffNanos;
    private int idleStreak;
    private long lastEnd = -1;
    /** When the lags were last probed ({@link #nanoTime}). */
    private long lastProbeNanos;
    /** The last probe found work left: the next waits out the back-off from {@link #lastProbeNanos}. */
    private boolean probedBusy;

    /**
     * @param parsing false for a fetch-only crawl, which runs no parser
     * @param needed consecutive idle checks, with nothing produced between them, before the crawl counts
     *               as drained
     */
    DrainCheck(CrawlWorkers workers, LagProbe lag, CrawlTopics topics, boolean parsing, int needed) {
        this(workers, lag, topics, parsing, false, needed);
    }

    /**
     * @param parsing false for a fetch-only crawl, which runs no parser
     * @param archiving true when an archiver writes the pages to WARC files ({@code --warc}): its group
     *                  must have read the pages too
     * @param needed consecutive idle checks, with nothing produced between them, before the crawl counts
     *               as drained
     */
    DrainCheck(CrawlWorkers workers, LagProbe lag, CrawlTopics topics, boolean parsing, boolean archiving,
               int needed) {
        this(workers, lag, topics, parsing, archiving, needed, System::nanoTime, Duration.ZERO);
    }

    /**
     * @param parsing false for a fetch-only crawl, which runs no parser
     * @param archiving true when an archiver writes the pages to WARC files ({@code --warc}): its group
     *                  must have read the pages too
     * @param needed consecutive idle checks, with nothing produced between them, before the crawl counts
     *               as drained
     * @param nanoTime the clock of {@code probeBackoff}
     * @param probeBackoff how long after a probe that found work left the next one waits
     */
    DrainCheck(CrawlWorkers workers, LagProbe lag, CrawlTopics topics, boolean parsing, boolean archiving,
               int needed, LongSupplier nanoTime, Duration probeBackoff) {
        if (workers == null || lag == null || topics == null || nanoTime == null || probeBackoff == null) {
            throw new IllegalArgumentException("workers, lag, topics, nanoTime and probeBackoff are required");
        }
        if (needed < 1) {
            throw new IllegalArgumentException("needed must be >= 1 but was " + needed);
        }
        if (probeBackoff.isNegative()) {
            throw new IllegalArgumentException("probeBackoff must be >= 0 but was " + probeBackoff);
        }
        this.workers = workers;
        this.lag = lag;
        this.needed = needed;
        this.nanoTime = nanoTime;
        this.probeBackoffNanos = probeBackoff.toNanos();
        List<Watched> groups = new ArrayList<>();
        groups.add(new Watched(topics.fetcherGroup(), List.of(topics.urls())));
        if (workers.rendering()) {
            groups.add(new Watched(topics.rendererGroup(), List.of(topics.render())));
        }
        if (parsing) {
            groups.add(new Watched(topics.parserGroup(), List.of(topics.pages())));
        }
        if (archiving) {
            groups.add(new Watched(topics.archiverGroup(), List.of(topics.pages())));
        }
        // A parked URL sits in a tier topic until its time comes: not drained while any does.
        groups.add(new Watched(topics.parkingGroup(), topics.parkedTopics()));
        this.watched = List.copyOf(groups);
    }

    /** The groups this check waits for, in the order it probes them. */
    List<Watched> watched() {
        return watched;
    }

    /** Messages of the watched topics that their groups have not committed yet (a progress figure). */
    long backlog() {
        return probe().behind();
    }

    /**
     * One check; true once the crawl has been idle for the needed number of checks in a row with the
     * watched topics' ends unchanged. The lags are probed only when the workers are idle, and not again
     * within the probe back-off of one that found work left.
     */
    boolean idle() {
        if (!workersIdle()) {
            return counted(false, -1);
        }
        long now = nanoTime.getAsLong();
        if (probedBusy && now - lastProbeNanos < probeBackoffNanos) {
            return false; // the last probe found work left, a moment ago; the streak is 0 already
        }
        Lag lags = probe();
        probedBusy = lags.behind() != 0;
        lastProbeNanos = now;
        return counted(lags.behind() == 0, lags.end());
    }

    private Lag probe() {
        long behind = 0;
        long end = 0;
        for (Watched w : watched) {
            Lag l = lag.of(w.group(), w.topics());
            behind += l.behind();
            end += l.end();
        }
        return new Lag(behind, end);
    }

    private boolean workersIdle() {
        return workers.pending() == 0 && workers.inFlight() == 0 && workers.queued() == 0;
    }

    private boolean counted(boolean idle, long end) {
        if (!idle) {
            idleStreak = 0;
            lastEnd = -1;
            return false;
        }
        // An end that moved since the last idle check means work passed between them: start counting again.
        idleStreak = end == lastEnd ? idleStreak + 1 : 1;
        lastEnd = end;
        return idleStreak >= needed;
    }
}
