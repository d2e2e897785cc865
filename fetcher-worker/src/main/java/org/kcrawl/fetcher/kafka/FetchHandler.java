package org.kcrawl.fetcher.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.common.url.UrlFingerprint;
import org.kcrawl.fetcher.http.FetchRejectedException;
import org.kcrawl.fetcher.http.HttpResult;
import org.kcrawl.fetcher.politeness.Permit;
import org.kcrawl.fetcher.politeness.ResponseFeedback;
import org.kcrawl.fetcher.robots.RobotsVerdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles one URL from the urls topic: depth limit, dedup, page budget, not-before wait, robots.txt,
 * politeness scheduling, fetch, and outputs. The returned stage completes when every output is
 * acknowledged, so the offset is committed only then.
 *
 * <p>Every URL ends as exactly one of: a page (or redirect page), a failure, a retry re-published
 * to the urls topic, a parked copy re-published for later, or a counted skip (duplicate, robots,
 * max_pages, max_depth). Terminal outcomes (page, redirect, failure) are followed by the URL's seen
 * marker, sent only after the outputs are acknowledged: a marker never exists for a URL whose
 * outputs could still be lost.
 *
 * <p>Threads: {@link #handle} runs on the poll thread; later steps run on timer, I/O and producer
 * threads, and none of them blocks. Each step first checks that the URL's partition is still owned
 * in the same epoch; if not, the URL is dropped (its stage fails with a cancellation the poll loop
 * ignores) and the next owner handles it again.
 */
public final class FetchHandler implements RecordHandler<CrawlRequest> {
    private static final Logger log = LoggerFactory.getLogger(FetchHandler.class);

    private final HandlerSettings settings;
    private final FetchServices s;
    private final ResponsePlanner planner;
    private final PageBudget budget;
    private final Holds holds;
    private final AtomicInteger awaitingRobots = new AtomicInteger();
    private final AtomicInteger fetching = new AtomicInteger();
    private final Object idle = new Object();

    public FetchHandler(HandlerSettings settings, FetchServices services, RetryPolicy retry, RedirectRules redirects) {
        if (settings == null || services == null || retry == null || redirects == null) {
            throw new IllegalArgumentException("settings, services, retry and redirects are required");
        }
        this.settings = settings;
        this.s = services;
        this.planner = new ResponsePlanner(retry, redirects);
        this.budget = new PageBudget(settings.maxPages());
        this.holds = new Holds(services.time());
    }

    @Override
    public CompletionStage<?> handle(CrawlRequest request, ConsumerRecord<String, byte[]> record) {
        int partition = record.partition();
        long epoch = s.scheduler().epoch(partition);
        if (epoch < 0) {
            throw new IllegalStateException("record of partition " + partition + " arrived before its assignment");
        }
        if (request.depth() > settings.maxDepth()) {
            return skipped(SkipReason.MAX_DEPTH, request);
        }
        long fingerprint = UrlFingerprint.of(request.url());
        if (!s.seen().claim(partition, fingerprint, request.attempt() > 1)) {
            return skipped(SkipReason.DUPLICATE, request);
        }
        if (request.attempt() == 1 && !budget.tryAcquire()) {
            return skipped(SkipReason.MAX_PAGES, request);
        }
        String host = HostKey.of(request.url());
        String key = record.key() != null ? record.key() : host;
        UrlTask task = new UrlTask(request, key, host, partition, epoch, fingerprint, this);
        awaitNotBefore(task);
        return task.done;
    }

    /**
     * Restores the seen-sets of the new partitions before any of their records is handled; this
     * blocks the poll thread inside the rebalance callback, which is allowed there (see
     * {@link org.kcrawl.fetcher.seen.SeenRestorer}).
     */
    @Override
    public void partitionsAssigned(Collection<TopicPartition> partitions) {
        List<Integer> ps = numbers(partitions);
        Map<Integer, ? extends it.unimi.dsi.fastutil.longs.LongSet> restored = s.history().restore(ps);
        for (Integer p : ps) {
            s.seen().restore(p, restored.get(p));
        }
        s.scheduler().partitionsAssigned(ps);
    }

    /** Drops queued and waiting URLs of the partitions (in-flight fetches finish unpublished) and their seen-sets. */
    @Override
    public void partitionsRevoked(Collection<TopicPartition> partitions) {
        List<Integer> ps = numbers(partitions);
        s.scheduler().partitionsRevoked(ps);
        holds.cancel(ps);
        s.seen().drop(ps);
    }

    /** URLs consumed and waiting for a not-before time or for robots.txt (not yet in the scheduler). */
    public int waiting() {
        return holds.size() + awaitingRobots.get();
    }

    /** URLs whose request went out and whose outputs are not all acknowledged yet. */
    public int fetching() {
        return fetching.get();
    }

    /**
     * Waits until no request is on the wire and every fetched URL's outputs are acknowledged, or
     * {@code timeout} passes; true when idle. For a graceful stop, after the scheduler was told to
     * stop starting requests.
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (idle) {
            while (fetching.get() > 0 || s.scheduler().inFlight() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                // Woken by each finished URL; the bound also covers robots.txt requests, which do not notify.
                idle.wait(Math.max(1, Math.min(50, left / 1_000_000)));
            }
            return true;
        }
    }

    /** URLs admitted against the page budget. */
    public long admitted() {
        return budget.used();
    }

    private void awaitNotBefore(UrlTask task) {
        Instant notBefore = task.request.notBefore();
        long wait = notBefore == null ? 0 : Duration.between(s.time().now(), notBefore).toNanos();
        if (wait <= 0) {
            checkRobots(task);
            return;
        }
        long maxHold = settings.maxHold().toNanos();
        if (wait <= maxHold) {
            holds.hold(task, wait, () -> step(task, () -> checkRobots(task)));
        } else {
            // Hold for a while, then park: waiting the whole time would pin the partition's offset,
            // parking at once would spin the URL through the topic.
            holds.hold(task, maxHold, () -> step(task, () -> park(task, notBefore)));
        }
    }

    private void checkRobots(UrlTask task) {
        awaitingRobots.incrementAndGet();
        CompletableFuture<RobotsVerdict> verdict;
        try {
            verdict = s.robots().check(task.request.url(), task.partition(), task.epoch());
        } catch (RuntimeException e) {
            verdict = CompletableFuture.failedFuture(e);
        }
        verdict.whenComplete((v, error) -> {
            awaitingRobots.decrementAndGet();
            step(task, () -> {
                if (error != null) {
                    throw new CompletionException(error);
                }
                onVerdict(task, v);
            });
        });
    }

    private void onVerdict(UrlTask task, RobotsVerdict verdict) {
        switch (verdict.status()) {
            case ALLOWED -> enqueue(task, verdict.crawlDelay());
            case DISALLOWED -> {
                releaseBudget(task);
                log.info("robots.txt disallows {}", task.request.url());
                finishSkipped(task, SkipReason.ROBOTS);
            }
            case UNAVAILABLE -> execute(task, planner.forRobotsUnavailable(task.request, verdict.retryAt(),
                    s.time().now()));
        }
    }

    private void enqueue(UrlTask task, Duration crawlDelay) {
        int queued = s.scheduler().queued(task.host);
        if (queued >= settings.maxHostQueue()) {
            Duration interval = s.scheduler().interval(task.host);
            Duration wait = (interval == null ? Duration.ofSeconds(1) : interval).multipliedBy(queued);
            park(task, s.time().now().plus(wait));
            return;
        }
        s.scheduler().submit(task, crawlDelay);
    }

    /** Called by the scheduler when politeness lets the task's request go out. */
    void fetch(UrlTask task, Permit permit) {
        if (!owned(task)) {
            permit.unanswered();
            task.cancel("partition revoked before the fetch started");
            return;
        }
        fetching.incrementAndGet();
        task.done.whenComplete((v, error) -> {
            fetching.decrementAndGet();
            synchronized (idle) {
                idle.notifyAll();
            }
        });
        CompletableFuture<HttpResult> response;
        try {
            response = s.fetcher().fetch(task.request.url());
        } catch (RuntimeException e) {
            response = CompletableFuture.failedFuture(e);
        }
        response.whenComplete((result, error) -> {
            Instant now = s.time().now();
            ResponseFeedback.release(permit, result, now);
            if (unwrap(error) instanceof FetchRejectedException rejected) {
                step(task, () -> onRejected(task, rejected, now));
                return;
            }
            if (result != null) {
                s.metrics().response(result.status(), result.durationMs());
            } else {
                s.metrics().noResponse();
            }
            step(task, () -> execute(task, result != null
                    ? planner.forResponse(task.request, result, now)
                    : planner.forError(task.request, error, now)));
        });
    }

    /**
     * The client refused the fetch for a reason of its own: the URL is not at fault. At capacity it
     * is parked briefly (the scheduler's caps and the client's disagreed); when the client is
     * closing, the worker is stopping and the next owner redoes the URL.
     */
    private void onRejected(UrlTask task, FetchRejectedException rejected, Instant now) {
        if (rejected.kind() == FetchRejectedException.Kind.CLOSED) {
            task.cancel("HTTP client closed");
            return;
        }
        log.warn("HTTP client refused {} ({}); parking it", task.request.url(), rejected.getMessage());
        park(task, now.plusSeconds(1));
    }

    private void execute(UrlTask task, Plan plan) {
        if (plan instanceof Plan.Page p) {
            terminal(task, List.of(s.outputs().page(p.page())), () -> s.metrics().page());
        } else if (plan instanceof Plan.Redirect r) {
            List<CompletableFuture<Void>> outs = new ArrayList<>();
            outs.add(s.outputs().page(r.page()));
            if (r.next() != null) {
                outs.add(s.outputs().request(r.next(), HostKey.of(r.next().url()), null));
            } else {
                log.debug("redirect target {} of {} is out of scope", r.page().redirectTo(), task.request.url());
                s.metrics().skip(SkipReason.OUT_OF_SCOPE);
            }
            terminal(task, outs, () -> s.metrics().redirect());
        } else if (plan instanceof Plan.Fail f) {
            FailureReason reason = f.failure().reason();
            terminal(task, List.of(s.outputs().failure(f.failure())), () -> s.metrics().failure(reason));
        } else if (plan instanceof Plan.Retry r) {
            s.outputs().request(r.next(), task.key, task.partition()).whenComplete((v, error) -> {
                if (error != null) {
                    task.done.completeExceptionally(error);
                } else {
                    s.metrics().retry(r.reason());
                    task.done.complete(null);
                }
            });
        }
    }

    private void terminal(UrlTask task, List<CompletableFuture<Void>> outputs, Runnable counted) {
        Sends.all(outputs)
                .thenCompose(v -> s.outputs().seen(task.partition(), task.fingerprint))
                .whenComplete((v, error) -> {
                    if (error != null) {
                        task.done.completeExceptionally(error);
                        return;
                    }
                    s.seen().completed(task.partition(), task.fingerprint);
                    counted.run();
                    task.done.complete(null);
                });
    }

    private void park(UrlTask task, Instant notBefore) {
        CrawlRequest r = task.request;
        if (r.attempt() == 1) {
            // The parked copy comes back as a new request: it must not find its own claim or budget.
            releaseBudget(task);
            s.seen().unclaim(task.partition(), task.fingerprint);
        }
        CrawlRequest parked = new CrawlRequest(r.v(), r.url(), r.depth(), r.sourceUrl(), r.discoveredAt(),
                r.attempt(), r.hops(), notBefore);
        s.outputs().request(parked, task.key, task.partition()).whenComplete((v, error) -> {
            if (error != null) {
                task.done.completeExceptionally(error);
            } else {
                s.metrics().parked();
                task.done.complete(null);
            }
        });
    }

    /** Runs a later step of {@code task} unless its partition changed owner; turns bugs into failure records. */
    private void step(UrlTask task, Runnable body) {
        if (task.done.isDone()) {
            return;
        }
        if (!owned(task)) {
            task.cancel("partition revoked");
            return;
        }
        try {
            body.run();
        } catch (CompletionException e) {
            Throwable cause = unwrap(e);
            if (cause instanceof CancellationException) {
                task.cancel(cause.getMessage());
            } else {
                internalError(task, cause);
            }
        } catch (RuntimeException e) {
            internalError(task, e);
        }
    }

    private void internalError(UrlTask task, Throwable e) {
        // A bug on one URL must neither stop the worker nor loop through rewinds: record it and go on.
        log.error("internal error while handling {}", task.request.url(), e);
        FailureRecord failure = FailureRecord.of(task.request, FailureReason.INTERNAL, String.valueOf(e), null,
                s.time().now());
        s.outputs().failure(failure).whenComplete((v, error) -> {
            if (error != null) {
                task.done.completeExceptionally(error);
            } else {
                s.metrics().failure(FailureReason.INTERNAL);
                task.done.complete(null);
            }
        });
    }

    private boolean owned(UrlTask task) {
        return s.scheduler().epoch(task.partition()) == task.epoch();
    }

    private void releaseBudget(UrlTask task) {
        if (task.request.attempt() == 1) {
            budget.release();
        }
    }

    private CompletionStage<?> skipped(SkipReason reason, CrawlRequest request) {
        log.debug("skipping {} ({})", request.url(), reason.tag());
        s.metrics().skip(reason);
        return CompletableFuture.completedFuture(null);
    }

    private void finishSkipped(UrlTask task, SkipReason reason) {
        s.metrics().skip(reason);
        task.done.complete(null);
    }

    private static Throwable unwrap(Throwable t) {
        Throwable cause = t;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static List<Integer> numbers(Collection<TopicPartition> partitions) {
        List<Integer> out = new ArrayList<>(partitions.size());
        for (TopicPartition tp : partitions) {
            out.add(tp.partition());
        }
        return out;
    }
}
