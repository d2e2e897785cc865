package org.kcrawl.render.kafka;

import static org.kcrawl.http.pipeline.TaskSteps.unwrap;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.kcrawl.common.kafka.AbandonedWorkException;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.kafka.RecordHandler;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.HtmlContent;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.http.client.FetchException;
import org.kcrawl.http.client.FetchRejectedException;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.pipeline.PublishPlan;
import org.kcrawl.http.pipeline.TaskSteps;
import org.kcrawl.http.pipeline.UrlPipeline;
import org.kcrawl.http.politeness.Cancellable;
import org.kcrawl.http.politeness.Permit;
import org.kcrawl.render.browser.Tab;
import org.kcrawl.render.page.PageRender;
import org.kcrawl.render.page.RenderLimits;
import org.kcrawl.render.page.RenderResult;
import org.kcrawl.render.page.RequestRules;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles one URL of the render topic: its not-before time, robots.txt, a tab slot, the page's own
 * request under its host's politeness, and then either the browser's DOM (for a 2xx HTML page) or the
 * response as the fetcher would have published it. The returned stage completes when every output is in
 * the output transaction (exactly once: one group, so the offset commits with them) or acknowledged (at
 * least once, the offset commits after them), and a render worker killed mid-page leaves the URL to be
 * rendered again by the next owner.
 *
 * <p>Every URL ends as exactly one of: a rendered page, a page as fetched (not HTML, or an error
 * status), a redirect page with its target on the urls topic (a 3xx, or a script sending the main frame
 * elsewhere), a failure, a retry or a parked copy back on the render topic, or a counted robots skip.
 * Dedup, depth and budgets were the fetcher's, which handed the URL over.
 *
 * <p>Threads: {@link #handle} runs on the poll thread, later steps on timer, I/O, DevTools and producer
 * threads, none of which blocks. Each step checks that the claim the URL's record came with still holds;
 * if not, the URL is dropped and its next owner renders it.
 */
final class RenderHandler implements RecordHandler<CrawlRequest> {
    private static final Logger log = LoggerFactory.getLogger(RenderHandler.class);

    private final RenderServices services;
    private final RequestRules rules;
    private final RenderLimits limits;
    private final Duration maxHold;
    private final TabSlots slots;
    private final RenderedPlanner renderedPlanner;
    private final UrlPipeline<RenderTask> pipeline;
    private final Map<RenderTask, Cancellable> holds = new ConcurrentHashMap<>();
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger rendering = new AtomicInteger();

    RenderHandler(RenderServices services, RequestRules rules, RenderLimits limits, Duration maxHold, int tabs,
                  int perHost) {
        if (services == null || rules == null || limits == null || maxHold == null) {
            throw new IllegalArgumentException("services, rules, limits and maxHold are required");
        }
        this.services = services;
        this.rules = rules;
        this.limits = limits;
        this.maxHold = maxHold;
        this.slots = new TabSlots(tabs, perHost);
        this.renderedPlanner = new RenderedPlanner(services.redirects());
        this.pipeline = new UrlPipeline<>(log, new Stages(),
                new TaskSteps<>(log, "rendering", services.outputs()::failure, services.time(), this::releaseSlot,
                        services.metrics()::failure),
                services.robots(), services.planner(), services.time(), maxHold);
    }

    @Override
    public CompletionStage<?> handle(CrawlRequest request, ConsumerRecord<String, byte[]> record, Claim claim) {
        String host = HostKey.of(request.url());
        String key = record.key() != null ? record.key() : host;
        RenderTask task = new RenderTask(request, key, host, record.offset(), claim, this);
        waiting.incrementAndGet();
        task.done.whenComplete((v, e) -> {
            leaveWaiting(task);
            releaseSlot(task);
            Cancellable hold = holds.remove(task);
            if (hold != null) {
                hold.cancel();
            }
        });
        pipeline.start(task);
        return task.done;
    }

    @Override
    public void partitionsRevoked(Collection<TopicPartition> partitions) {
        List<Integer> ps = numbers(partitions);
        services.scheduler().partitionsRevoked(ps);
        slots.cancel(ps);
        for (RenderTask t : List.copyOf(holds.keySet())) {
            if (ps.contains(t.partition())) {
                t.cancel("partition revoked while waiting for its not-before time");
            }
        }
    }

    @Override
    public void stopping() {
        // Not started yet: left to the next owner rather than waited for.
        for (RenderTask t : List.copyOf(holds.keySet())) {
            t.done.completeExceptionally(new AbandonedWorkException(t.request.url() + ": the worker is stopping"));
        }
        slots.abandonAll();
    }

    /** URLs consumed and not rendering yet (a not-before time, robots.txt, the host's turn, a tab). */
    int waiting() {
        return waiting.get();
    }

    /** Pages being rendered now. */
    int rendering() {
        return rendering.get();
    }

    private void takeSlot(RenderTask task, Duration crawlDelay) {
        slots.acquire(task.host(), task.partition()).whenComplete((slot, error) -> {
            if (error != null) {
                task.done.completeExceptionally(unwrap(error)); // revoked (a cancellation) or abandoned
                return;
            }
            task.slot = slot;
            if (task.done.isDone()) {
                releaseSlot(task);
                return;
            }
            step(task, () -> services.scheduler().submit(task, crawlDelay));
        });
    }

    /** Called by the scheduler when politeness lets the page's own request go out. */
    void fetchDocument(RenderTask task, Permit permit) {
        pipeline.fetch(task, permit);
    }

    /** The scheduler handed the page back: its host slowed down and its turn is far off. */
    void deferred(RenderTask task, Instant notBefore) {
        pipeline.deferred(task, notBefore);
    }

    /** The render worker's turns of a URL's way through the {@link UrlPipeline}. */
    private final class Stages implements UrlPipeline.Stages<RenderTask> {
        @Override
        public void hold(RenderTask task, long delayNanos, Runnable then) {
            holds.put(task, services.time().schedule(delayNanos, () -> {
                if (holds.remove(task) != null) {
                    then.run();
                }
            }));
        }

        @Override
        public void ready(RenderTask task) {
            pipeline.checkRobots(task);
        }

        @Override
        public void park(RenderTask task, Instant notBefore) {
            RenderHandler.this.park(task, notBefore);
        }

        @Override
        public void allowed(RenderTask task, Duration crawlDelay) {
            takeSlot(task, crawlDelay);
        }

        @Override
        public void disallowed(RenderTask task) {
            services.metrics().robotsSkip();
            task.done.complete(null);
        }

        @Override
        public CompletableFuture<HttpResult> request(RenderTask task, Permit permit) {
            // The permit hears of the request's write: the host's next request is spaced from it.
            return services.http().fetch(task.request.url(), permit);
        }

        @Override
        public void refused(RenderTask task, FetchRejectedException rejected, Instant now) {
            RenderHandler.this.park(task, now.plusSeconds(1));
        }

        @Override
        public void outcome(RenderTask task, PublishPlan plan, HttpResult result) {
            if (plan instanceof PublishPlan.Page p && renderable(p.page())) {
                render(task, result);
            } else {
                execute(task, plan);
            }
        }
    }

    private void render(RenderTask task, HttpResult document) {
        leaveWaiting(task);
        rendering.incrementAndGet();
        task.done.whenComplete((v, e) -> rendering.decrementAndGet());
        services.browsers().openTab().whenComplete((tab, error) -> {
            if (error != null) {
                step(task, () -> failedRender(task, new RenderResult.Failed(FailureReason.RENDER_CRASHED,
                        "no tab: " + unwrap(error).getMessage())));
                return;
            }
            if (!task.claim().isCurrent() || task.done.isDone()) {
                tab.close();
                task.cancel("partition revoked before the page was rendered");
                return;
            }
            HttpUrl page;
            try {
                page = HttpUrl.parse(task.request.url());
            } catch (InvalidUrlException e) {
                tab.close();
                step(task, () -> execute(task, services.planner().forError(task.request, e, services.time().now())));
                return;
            }
            new PageRender(tab, page, document, rules, url -> subresource(task, url), services.time(), limits, services.metrics())
                    .run().whenComplete((result, renderError) -> {
                        closeTab(tab);
                        releaseSlot(task);
                        step(task, () -> {
                            if (renderError != null) {
                                throw new CompletionException(renderError);
                            }
                            rendered(task, document, result);
                        });
                    });
        });
    }

    /** A request of the page, fetched under its host's politeness within the page's partition. */
    private CompletableFuture<HttpResult> subresource(RenderTask task, String url) {
        SubresourceTask sub = new SubresourceTask(url, HostKey.of(url), task.claim(), services.http(), services.time());
        services.scheduler().submit(sub, null);
        return sub.result();
    }

    private void rendered(RenderTask task, HttpResult document, RenderResult result) {
        if (result instanceof RenderResult.Failed failed) {
            failedRender(task, failed);
            return;
        }
        RenderResult.Rendered r = (RenderResult.Rendered) result;
        Duration took = Duration.ofMillis(r.elapsedMs());
        execute(task, renderedPlanner.plan(task.request, document, r, services.time().now()), () -> services.metrics().rendered(took));
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void failedRender(RenderTask task, RenderResult.Failed failed) {
        try (LogContext context = task.logContext()) {
            log.info("rendering {} failed ({}): {}", task.request.url(), failed.reason().wireName(), failed.detail());
        }
        execute(task, services.planner().forError(task.request, new FetchException(failed.reason(), failed.detail()),
                services.time().now()));
    }

    private void execute(RenderTask task, PublishPlan plan) {
        execute(task, plan, null);
    }

    /** Publishes what {@code plan} says; {@code rendered} counts a rendered page instead of a plain one. */
    private void execute(RenderTask task, PublishPlan plan, Runnable rendered) {
        if (plan instanceof PublishPlan.Page p) {
            finish(task, p.page().body().length, () -> List.of(services.outputs().page(p.page())),
                    rendered != null ? rendered : () -> services.metrics().page());
        } else if (plan instanceof PublishPlan.Redirect r) {
            Runnable counted = rendered != null ? () -> {
                rendered.run();
                services.metrics().redirect();
            } : () -> services.metrics().redirect();
            if (r.moved() != null) {
                log.info("seed {} moved to {}: {} joins the crawl's scope", task.request.url(), r.page().redirectTo(),
                        r.moved().site());
            }
            finish(task, r.page().body().length, () -> r.send(services.outputs()), counted);
        } else if (plan instanceof PublishPlan.Fail f) {
            finish(task, 0, () -> List.of(services.outputs().failure(f.failure())),
                    () -> services.metrics().failure(f.failure().reason()));
        } else if (plan instanceof PublishPlan.Refused r) {
            finish(task, 0, () -> List.of(services.outputs().render(r.next(), task.key)), () -> services.metrics().refused());
        } else {
            PublishPlan.Retry r = (PublishPlan.Retry) plan;
            finish(task, 0, () -> List.of(services.outputs().render(r.next(), task.key)),
                    () -> services.metrics().retry(r.reason()));
        }
    }

    private void park(RenderTask task, Instant notBefore) {
        releaseSlot(task);
        finish(task, 0, () -> List.of(services.outputs().render(task.request.withNotBefore(notBefore), task.key)),
                () -> services.metrics().parked());
    }

    /**
     * Sends a URL's {@code outputs} as one group of the output transaction, and only while its partition is still
     * owned. Exactly once, its completion then reaches the loop before the transaction can end, so the URL's
     * offset commits with its outputs; sent apart from a group, a page could land in a transaction that commits
     * without its offset, and be rendered and published again by the next owner after a crash.
     */
    private void finish(RenderTask task, long bodyBytes, Supplier<List<CompletableFuture<Void>>> outputs,
                        Runnable counted) {
        task.completeWhen(services.outputs().together(task.claim(), bodyBytes, () -> Sends.all(outputs.get())),
                v -> counted.run());
    }

    private void step(RenderTask task, Runnable body) {
        pipeline.step(task, body);
    }

    private void closeTab(Tab tab) {
        tab.close().whenComplete((v, error) -> {
            // A page that holds its renderer is ended by closing its tab; only the browser's own silence here
            // (the tab cannot be closed) takes the browser down.
            boolean hung = error != null && unwrap(error) instanceof org.kcrawl.render.cdp.CdpException ce
                    && ce.kind() == org.kcrawl.render.cdp.CdpException.Kind.TIMEOUT;
            if (hung) {
                services.browsers().hung(tab.browser(), "closing a tab went unanswered");
            }
        });
    }

    private void leaveWaiting(RenderTask task) {
        if (task.leftWaiting.compareAndSet(false, true)) {
            waiting.decrementAndGet();
        }
    }

    private void releaseSlot(RenderTask task) {
        TabSlots.Slot slot = task.slot;
        if (slot != null) {
            slots.release(slot);
        }
    }

    private static boolean renderable(FetchedPage page) {
        if (page.status() < 200 || page.status() > 299 || page.body().length == 0) {
            return false;
        }
        return HtmlContent.isHtml(page);
    }

    private static List<Integer> numbers(Collection<TopicPartition> partitions) {
        List<Integer> out = new ArrayList<>(partitions.size());
        for (TopicPartition tp : partitions) {
            out.add(tp.partition());
        }
        return out;
    }
}
