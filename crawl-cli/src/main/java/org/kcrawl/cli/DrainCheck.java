package org.kcrawl.cli;

import java.util.ArrayList;
import java.util.List;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * Decides when a local crawl is over: no worker holds, queues or sends anything, and every consumer
 * group the crawl depends on has read its topics to the end, for a number of consecutive checks.
 *
 * <p>A full crawl watches the fetchers on the urls topic, the parsers on the pages topic and the
 * parking forwarder on the parking tiers. A fetch-only crawl runs no parser, so nothing ever commits
 * in the parser group: its lag grows with every page and must not be waited for.
 */
final class DrainCheck {
    /** Total lag of a consumer group over some topics ({@link org.kcrawl.common.kafka.ConsumerLag} in use). */
    @FunctionalInterface
    interface LagProbe {
        long of(String group, List<String> topics);
    }

    /** A consumer group and the topics whose end it must reach. */
    record Watched(String group, List<String> topics) {}

    private final CrawlWorkers workers;
    private final LagProbe lag;
    private final List<Watched> watched;
    private final int needed;
    private int idleStreak;

    /**
     * @param parsing false for a fetch-only crawl, which runs no parser
     * @param needed consecutive idle checks before the crawl counts as drained
     */
    DrainCheck(CrawlWorkers workers, LagProbe lag, CrawlTopics topics, boolean parsing, int needed) {
        if (workers == null || lag == null || topics == null) {
            throw new IllegalArgumentException("workers, lag and topics are required");
        }
        if (needed < 1) {
            throw new IllegalArgumentException("needed must be >= 1 but was " + needed);
        }
        this.workers = workers;
        this.lag = lag;
        this.needed = needed;
        List<Watched> groups = new ArrayList<>();
        groups.add(new Watched(topics.fetcherGroup(), List.of(topics.urls())));
        if (parsing) {
            groups.add(new Watched(topics.parserGroup(), List.of(topics.pages())));
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
        long total = 0;
        for (Watched w : watched) {
            total += lag.of(w.group(), w.topics());
        }
        return total;
    }

    /**
     * One check; true once the crawl has been idle for the needed number of checks in a row. The lags
     * are probed only when the workers are idle.
     */
    boolean idle() {
        return counted(workersIdle() && watched.stream().allMatch(w -> lag.of(w.group(), w.topics()) == 0));
    }

    /**
     * One check with the {@link #backlog()} the caller has just probed (for its progress line), so the
     * lags are not probed twice; a sum of lags is 0 exactly when every group's lag is.
     */
    boolean idle(long backlog) {
        return counted(workersIdle() && backlog == 0);
    }

    private boolean workersIdle() {
        return workers.pending() == 0 && workers.inFlight() == 0 && workers.queued() == 0;
    }

    private boolean counted(boolean idle) {
        idleStreak = idle ? idleStreak + 1 : 0;
        return idleStreak >= needed;
    }
}
