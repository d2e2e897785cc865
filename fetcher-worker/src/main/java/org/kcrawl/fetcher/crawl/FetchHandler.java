package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.kafka.RecordId;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.UrlStatus;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.http.client.FetchRejectedException;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.pipeline.PublishPlan;
import org.kcrawl.http.pipeline.ResponsePlanner;
import org.kcrawl.http.pipeline.RetryPolicy;
import org.kcrawl.http.pipeline.TaskSteps;
import org.kcrawl.http.pipeline.UrlPipeline;
import org.kcrawl.http.politeness.Permit;
import org.kcrawl.http.robots.RobotsVerdict;
import org.kcrawl.fetcher.seen.CompletedSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles one URL from the urls topic: admission (depth limit, dedup, page budgets: {@link Admission}),
 * not-before wait, the host's backlog, robots.txt, politeness scheduling, fetch, and outputs. The
 * returned stage completes when every output is acknowledged, so the offset is committed only then.
 *
 * <p>Every URL ends as exactly one of: a page (or redirect page), a failure, a retry re-published
 * (to the urls topic, or a parking tier when its wait is long), a parked copy re-published for
 * later, a counted skip (duplicate, robots, host_budget, max_pages, max_depth), or, for a URL that
 * one of the {@code render_patterns} finds, a request on the render topic, which the render worker
 * owning the host's partition fetches in a browser and takes to its own end. Terminal outcomes
 * (page, redirect, failure) are followed by the URL's seen marker, sent only after the outputs are
 * acknowledged: a marker never exists for a URL whose outputs could still be lost. The marker's value
 * is the URL's {@link UrlStatus} (validators, content hash, next fetch date), what a recrawl reads.
 *
 * <p>A URL its server refused ({@link PublishPlan.Refused}) goes back to its host's line as the same attempt,
 * counting none, and waits there (or parked, when its turn is far off) for the host's new pace.
 *
 * <p>A recrawl's request carries the URL's previous fetch ({@link org.kcrawl.common.message.Revisit}):
 * it is fetched again even though seen, conditionally, unless it was fetched since (see
 * {@link org.kcrawl.fetcher.seen.SeenSet}); a 304 is a not-modified page, which the parser records
 * without parsing.
 *
 * <p>A seed (or a redirect target a seed led to) that redirects to a site not yet in scope from every
 * page moved the crawl: besides its redirect page and its target, it publishes that site to the scope
 * topic, where every fetcher and parser learns it, before its seen marker (see {@link ResponsePlanner}).
 *
 * <p>The first URL of a host to get a verdict from a freshly fetched robots.txt may publish its
 * sitemaps too ({@link SitemapPublisher}).
 *
 * <p>What stays in memory is bounded per host: a URL waits in memory only when its host could
 * start it within the hold time ({@link org.kcrawl.http.politeness.HostScheduler#parkUntil});
 * the rest of a slow or throttled host's backlog is parked with the time its turn should come, so
 * one such host neither fills the worker's pending bound nor pins its partition's offset.
 *
 * <p>Threads: {@link #handle} runs on the poll thread; later steps run on timer, I/O and producer
 * threads, and none of them blocks. Each step first checks that the claim the URL's record came with
 * still holds; if not, the URL is dropped (its stage fails with a cancellation the poll loop ignores)
 * and the next owner handles it again.
 */
public final class FetchHandler implements RecordHandler<CrawlRequest> {
    private static final Logger log = LoggerFactory.getLogger(FetchHandler.class);

    private final HandlerSettings settings;
    private final FetchServices s;
    private final StatusRecorder statuses;
    private final Admission admission;
    private final SitemapPublisher sitemaps;
    private final NotBeforeTimers holds;
    private final PlanPublisher publisher;
    private final UrlPipeline<UrlTask> pipeline;
    private final HostCounts awaitingRobots = new HostCounts();
    private final FetchesUnderway underway;
    /** Partitions being revoked: no request of theirs starts any more (see {@link #partitionsRevoking}). */
    private final Set<Integer> closing = ConcurrentHashMap.newKeySet();

    public FetchHandler(HandlerSettings settings, FetchServices services, RetryPolicy retry, RedirectRules redirects) {
        this(settings, services, retry, redirects,
                services == null ? null : new ParkingMetrics(services.metrics().registry()));
    }

    /** A handler that counts parked URLs in {@code parkingMetrics} (shared with the forwarder). */
    public FetchHandler(HandlerSettings settings, FetchServices services, RetryPolicy retry, RedirectRules redirects,
                        ParkingMetrics parkingMetrics) {
        if (settings == null || services == null || retry == null || redirects == null || parkingMetrics == null) {
            throw new IllegalArgumentException("settings, services, retry, redirects and parkingMetrics are required");
        }
        this.settings = settings;
        this.s = services;
        ResponsePlanner planner = new ResponsePlanner(retry, redirects);
        this.statuses = new StatusRecorder(settings.revisits());
        this.admission = new Admission(settings, services.seen(), services.metrics());
        this.sitemaps = new SitemapPublisher(settings.followSitemaps(), redirects, services.outputs(), services.time(),
                services.metrics().registry());
        this.underway = new FetchesUnderway(services.scheduler());
        this.holds = new NotBeforeTimers(services.time());
        this.publisher = new PlanPublisher(log, services, statuses, sitemaps, admission,
                new Parking(services.outputs(), settings.parkTiers(), settings.maxHold(), services.time(),
                        parkingMetrics));
        this.pipeline = new UrlPipeline<>(log, new Stages(),
                new TaskSteps<>(log, "handling", services.outputs()::failure, services.time(), task -> { },
                        services.metrics()::failure),
                services.robots(), planner, services.time(), settings.maxHold());
    }

    @Override
    public CompletionStage<?> handle(CrawlRequest request, ConsumerRecord<String, byte[]> record, Claim claim) {
        UrlTask task = admission.admit(request, record, claim, this);
        if (task == null) {
            return CompletableFuture.completedFuture(null);
        }
        if (settings.renderRoute().matches(request.url())) {
            // Before robots.txt and any request: the host's render worker owns its politeness for this URL.
            publisher.terminal(task, 0, () -> List.of(s.outputs().render(request, task.key)),
                    () -> statuses.handedToRender(task.request, s.time().now()), () -> s.metrics().rendered());
            return task.done;
        }
        pipeline.start(task);
        return sitemaps.outcome(task);
    }

    /**
     * Restores the seen-sets of the new partitions before any of their records is handled; this
     * blocks the poll thread inside the rebalance callback, which is allowed there (see
     * {@link org.kcrawl.fetcher.seen.SeenRestorer}).
     */
    @Override
    public void partitionsAssigned(Collection<TopicPartition> partitions) {
        List<Integer> ps = numbers(partitions);
        Map<Integer, CompletedSet> restored = s.history().restore(ps);
        for (Integer p : ps) {
            s.seen().restore(p, restored.get(p));
        }
        // Host budgets count per assignment (see HostBudget): a new one starts from 0.
        admission.forget(ps);
    }

    /**
     * No request of the partitions starts any more (a URL whose turn comes is given up, uncommitted, for the
     * next owner); the loop waits a little for those on the wire, so that its last commit takes their pages
     * instead of the next owner fetching them again.
     */
    @Override
    public Collection<RecordId> partitionsRevoking(Collection<TopicPartition> partitions) {
        closing.addAll(numbers(partitions));
        return underway.in(partitions);
    }

    /** Drops queued and waiting URLs of the partitions (in-flight fetches finish unpublished) and their seen-sets. */
    @Override
    public void partitionsRevoked(Collection<TopicPartition> partitions) {
        List<Integer> ps = numbers(partitions);
        closing.removeAll(ps);
        s.scheduler().partitionsRevoked(ps);
        holds.cancel(ps);
        s.seen().drop(ps);
        admission.forget(ps);
    }

    /**
     * The worker stops: URLs whose request has not gone out are given up (left uncommitted, for the
     * partition's next owner or the crawl's next run) rather than waited for, since their hosts' turns may
     * be minutes away; requests on the wire finish and publish. Closing the scheduler cancels its queues
     * and every submission after it (a URL back from robots.txt or from its hold), and the poll loop, which
     * is draining, leaves a record that ends so uncommitted.
     */
    @Override
    public void stopping() {
        s.scheduler().close();
        holds.cancelAll();
    }

    /** URLs consumed and waiting for a not-before time or for robots.txt (not yet in the scheduler). */
    public int waiting() {
        return holds.size() + awaitingRobots.total();
    }

    /** Counts the URLs held until their not-before time into {@code tally}. */
    void tallyHolds(WaitTally tally) {
        holds.tally(tally);
    }

    /** The URLs whose request went out and whose outputs are not all acknowledged yet: what a stop drains. */
    FetchesUnderway underway() {
        return underway;
    }

    /** URLs admitted against the page budget. */
    public long admitted() {
        return admission.admitted();
    }

    /** Keeps the URL in memory when its host can take it soon; parks it until its turn otherwise. */
    private void joinBacklog(UrlTask task) {
        Instant parkUntil = s.scheduler().parkUntil(task.host(), task.claim(), awaitingRobots.of(task.host()),
                task.request.notBefore() != null || task.request.refusedSince() != null);
        if (parkUntil != null) {
            publisher.park(task, parkUntil);
        } else {
            pipeline.checkRobots(task);
        }
    }

    /** {@code task} was cancelled before it ended (its partition went, or the worker stops). */
    void cancelled(UrlTask task) {
        admission.cancelled(task);
    }

    /** The scheduler handed the task back: its host slowed down and its turn is far off. */
    void deferred(UrlTask task, Instant notBefore) {
        pipeline.deferred(task, notBefore);
    }

    /** Called by the scheduler when politeness lets the task's request go out. */
    void fetch(UrlTask task, Permit permit) {
        pipeline.fetch(task, permit);
    }

    /** The fetcher's turns of a URL's way through the {@link UrlPipeline}. */
    private final class Stages implements UrlPipeline.Stages<UrlTask> {
        @Override
        public void hold(UrlTask task, long delayNanos, Runnable then) {
            holds.hold(task, delayNanos, then);
        }

        @Override
        public void ready(UrlTask task) {
            joinBacklog(task);
        }

        @Override
        public void park(UrlTask task, Instant notBefore) {
            publisher.park(task, notBefore);
        }

        @Override
        public void askingRobots(UrlTask task) {
            awaitingRobots.increment(task.host());
        }

        @Override
        public void robotsAnswered(UrlTask task) {
            awaitingRobots.decrement(task.host());
        }

        @Override
        public void verdict(UrlTask task, RobotsVerdict verdict) {
            sitemaps.publish(task, verdict.sitemaps());
        }

        @Override
        public void allowed(UrlTask task, Duration crawlDelay) {
            s.scheduler().submit(task, crawlDelay);
        }

        @Override
        public void disallowed(UrlTask task) {
            admission.skip(task, SkipReason.ROBOTS);
        }

        @Override
        public boolean starting(UrlTask task, Permit permit) {
            if (closing.contains(task.partition())) {
                permit.unanswered();
                admission.abandon(task, "its partition is being revoked");
                return false;
            }
            underway.started(task);
            return true;
        }

        @Override
        public CompletableFuture<HttpResult> request(UrlTask task, Permit permit) {
            return s.fetcher().fetch(task.request.url(), task.request.revisit(), permit);
        }

        @Override
        public void answered(HttpResult result) {
            if (result != null) {
                s.metrics().response(result);
            } else {
                s.metrics().noResponse();
            }
        }

        @Override
        public void refused(UrlTask task, FetchRejectedException rejected, Instant now) {
            onRejected(task, rejected, now);
        }

        @Override
        public void outcome(UrlTask task, PublishPlan plan, HttpResult result) {
            publisher.execute(task, plan);
        }
    }

    /**
     * The client refused the fetch for a reason of its own: the URL is not at fault. At capacity it
     * is parked briefly (the scheduler's caps and the client's disagreed), and so it is when its body
     * found no memory in time (the fetcher's pages filled it: a slow broker, or many large bodies at
     * once). (When the client is closing, the worker is stopping: the pipeline leaves the URL to the next owner.)
     */
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void onRejected(UrlTask task, FetchRejectedException rejected, Instant now) {
        try (LogContext context = task.logContext()) {
            if (rejected.kind() == FetchRejectedException.Kind.MEMORY) {
                log.info("no memory for the body of {} in time ({}); parking it to fetch it again",
                        task.request.url(), rejected.getMessage());
            } else {
                log.warn("HTTP client refused {} ({}); parking it", task.request.url(), rejected.getMessage());
            }
        }
        publisher.park(task, now.plusSeconds(1));
    }

    private static List<Integer> numbers(Collection<TopicPartition> partitions) {
        List<Integer> out = new ArrayList<>(partitions.size());
        for (TopicPartition tp : partitions) {
            out.add(tp.partition());
        }
        return out;
    }
}
