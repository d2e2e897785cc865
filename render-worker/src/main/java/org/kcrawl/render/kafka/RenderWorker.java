package org.kcrawl.render.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.StaticMembership;
import org.kcrawl.common.kafka.Transactions;
import org.kcrawl.common.kafka.UnackedPages;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.kafka.WorkerLoopSettings;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;
import org.kcrawl.common.redirect.FollowedScope;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.runtime.LoopThread;
import org.kcrawl.common.runtime.ManagedWorker;
import org.kcrawl.common.runtime.Resources;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.common.runtime.GracefulStop;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.http.pipeline.ResponsePlanner;
import org.kcrawl.http.net.SharedDns;
import org.kcrawl.http.pipeline.UrlOutcomes;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.PermitListener;
import org.kcrawl.http.politeness.ResolvedAddresses;
import org.kcrawl.http.politeness.SystemTimeSource;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.http.robots.RobotsRules;
import org.kcrawl.render.browser.Blackhole;
import org.kcrawl.render.browser.BrowserSettings;
import org.kcrawl.render.browser.BrowserSupervisor;
import org.kcrawl.render.page.RenderLimits;
import org.kcrawl.render.page.RequestRules;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One render worker: consumes the render topic in the renderer group and renders each URL in headless
 * Chromium ({@link RenderHandler}), on a {@link WorkerLoop} thread of its own. Usable in-process (the crawl
 * command, tests) and from {@link RenderMain}. It owns everything it builds, the browser included, and
 * closes it on {@link #stop()}.
 */
public final class RenderWorker implements AutoCloseable, ManagedWorker {
    private static final Logger log = LoggerFactory.getLogger(RenderWorker.class);
    /** URLs are small: what the consumer reads ahead stays small too. */
    private static final Map<String, Object> SMALL_RECORDS = Map.of(
            ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 64 * 1024,
            ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 1024 * 1024);

    private final FetcherConfig config;
    private final RendererConfig render;
    private final Resources owned;
    private final SystemTimeSource time;
    private final HostScheduler scheduler;
    private final NettyHttpFetcher http;
    private final BrowserSupervisor browsers;
    private final RenderMetrics metrics;
    private final RenderHandler handler;
    private final ExecutorService sendExecutor;
    private final KafkaConsumer<String, byte[]> consumer;
    private final WorkerLoop<CrawlRequest> loop;
    private final LoopThread thread;
    private boolean started;
    private boolean stopped;

    /**
     * A worker of {@code config} judging redirect targets (3xx, and scripts that send a page elsewhere) by
     * the crawl's scope, which it follows on the scope topic until it stops. Starts the browser: throws
     * {@link IllegalStateException} naming {@code browser_path} when it cannot.
     */
    public static RenderWorker create(RenderSetup setup, KafkaClients clients, MeterRegistry registry) {
        return create(setup, clients, registry, RenderHttp.of(setup.fetch()));
    }

    /** The same, with the HTTP client built from {@code http} (tests open a loopback range with it). */
    public static RenderWorker create(RenderSetup setup, KafkaClients clients, MeterRegistry registry,
                                      HttpClientSettings http) {
        FetcherConfig config = setup.fetch();
        return FollowedScope.build(clients, config.topics(),
                "renderer-" + config.crawlName() + "-" + UUID.randomUUID().toString().substring(0, 8),
                config.redirectScope(), config.maxRedirectHops(), config.maxRefreshDelay(),
                (redirects, follower) -> new RenderWorker(setup, clients, registry, http, redirects, follower));
    }

    /** The HTTP client settings a render worker of {@code config} runs with. */
    public static HttpClientSettings httpSettings(FetcherConfig config) {
        return RenderHttp.of(config);
    }

    /** A worker following redirects by {@code redirects} (the crawl command shares its rules), owning nothing else. */
    public static RenderWorker create(RenderSetup setup, KafkaClients clients, MeterRegistry registry,
                                      HttpClientSettings http, RedirectRules redirects) {
        return new RenderWorker(setup, clients, registry, http, redirects, null);
    }

    private RenderWorker(RenderSetup setup, KafkaClients clients, MeterRegistry registry, HttpClientSettings http,
                         RedirectRules redirects, AutoCloseable follower) {
        if (setup == null || clients == null || registry == null || http == null || redirects == null) {
            throw new IllegalArgumentException("setup, clients, registry, http and redirects are required");
        }
        this.config = setup.fetch();
        this.render = setup.render();
        CrawlTopics topics = config.topics();
        String clientId = "renderer-" + config.crawlName() + "-" + UUID.randomUUID().toString().substring(0, 8);
        Resources built = new Resources("render worker");
        if (follower != null) {
            built.keep(follower);
        }
        try {
            time = built.keep(new SystemTimeSource("kcrawl-render-timer"));
            SharedDns dns = built.keep(SharedDns.start(http));
            this.http = built.keep(new NettyHttpFetcher(http, dns.resolver()));
            scheduler = built.keep(new HostScheduler(config.politeness(), time, new ResolvedAddresses(dns.resolver()),
                    PermitListener.NONE));
            NioEventLoopGroup cdpLoop = new NioEventLoopGroup(1, new DefaultThreadFactory("kcrawl-cdp", true));
            built.keep(() -> cdpLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS));
            Blackhole blackhole = built.keep(Blackhole.open(cdpLoop));
            browsers = built.keep(new BrowserSupervisor(BrowserSettings.of(Path.of(render.browserPath()),
                    render.browserSandbox()), cdpLoop, blackhole));
            browsers.start();
            metrics = new RenderMetrics(registry);
            // robots.txt meters are the fetchers'; a render worker reads robots.txt for its own pages only.
            RobotsPolicy robots = config.ignoreRobots() ? RobotsPolicy.ignore()
                    : new RobotsRules(this.http, scheduler, config.robots(), time, new SimpleMeterRegistry());
            // Exactly once (the fetchers' delivery setting), a page's outputs and its offset commit in one
            // transaction: a worker killed between them renders nothing twice into the outputs.
            Transactions outputs = built.keep(clients.outputs(config.delivery(), clientId, StaticMembership.transactionalId(
                    config.crawlName(), "renderer", config.groupInstanceId(), clientId)));
            sendExecutor = Executors.newSingleThreadExecutor(r -> LoopThread.daemon(r, "kcrawl-render-send"));
            built.keep(sendExecutor::shutdownNow);
            OutputPublisher renderOutputs = new OutputPublisher(outputs, topics, sendExecutor, UnackedPages.UNCOUNTED);
            RenderServices services = new RenderServices(scheduler, robots, this.http, browsers, renderOutputs,
                    new ResponsePlanner(config.retryPolicy(), redirects), redirects, metrics, time);
            handler = new RenderHandler(services, new RequestRules(render.renderScope(), render.renderResourceTypes(),
                    render.renderMaxRequests(), render.renderMaxBytes()),
                    RenderLimits.of(render.renderTimeout(), config.maxBodyBytes()), config.maxHold(),
                    render.renderTabs(), config.perHost());
            consumer = built.keep(clients.consumer(topics.rendererGroup(), clientId, render.renderMaxPending(),
                    StaticMembership.consumerDefaults(SMALL_RECORDS, config.groupInstanceId())));
            loop = new WorkerLoop<>("renderer", consumer, List.of(topics.render()), CrawlRequest.class, handler,
                    new DeadLetterPublisher(outputs.producer(), topics.deadLetters()),
                    new WorkerLoopSettings(render.renderMaxPending(), render.renderMaxPending(),
                            Duration.ofMillis(100), Duration.ZERO), outputs);
        } catch (RuntimeException e) {
            built.closeAll();
            throw e;
        }
        this.owned = built;
        thread = new LoopThread("kcrawl-renderer-" + config.crawlName(), loop::run, () -> { });
        registerMeters(registry);
    }

    /** Starts consuming. */
    @Override
    public synchronized void start() {
        if (started || stopped) {
            throw new IllegalStateException("the render worker can be started once");
        }
        started = true;
        thread.start();
    }

    /**
     * Stops gracefully: no new request starts, pages being rendered get the drain time to finish and
     * publish, completed offsets are committed, the rest is left to the next owner; then the browser,
     * the HTTP client and the producer are closed. Idempotent.
     */
    @Override
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        GracefulStop graceful = new GracefulStop(log, "render");
        graceful.stopLoops(started, scheduler::stopStarting, () -> {
            long deadline = System.nanoTime() + config.drainTimeout().toNanos();
            // The stopping thread is neither an event loop nor a poll loop: short waits are fine here.
            while ((handler.rendering() > 0 || scheduler.counts().inFlight() > 0) && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            if (handler.rendering() > 0) {
                log.warn("{} pages still rendering after the drain time of {}; the next owner renders them again",
                        handler.rendering(), config.drainTimeout());
            }
            loop.requestStop();
            graceful.awaitLoop(loop);
        }, consumer);
        graceful.drainSends(sendExecutor);
        owned.remove(consumer); // closed by its loop
        owned.closeAll();
    }

    @Override
    public void close() {
        stop();
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return loop.awaitStopped(timeout);
    }

    @Override
    public boolean isAlive(Duration maxSilence) {
        return loop.isAlive(maxSilence);
    }

    @Override
    public int assignedPartitions() {
        return loop.assignedPartitions();
    }

    @Override
    public Optional<Throwable> failure() {
        return thread.failure();
    }

    /** Consumed URLs whose outputs are not all acknowledged yet. */
    public int pending() {
        return loop.pending();
    }

    /** Requests on the wire (pages, their scripts' requests, robots.txt). */
    public int inFlight() {
        return scheduler.counts().inFlight();
    }

    /** URLs consumed and not rendering yet. */
    public int queued() {
        return handler.waiting();
    }

    /** Pages being rendered now. */
    public int rendering() {
        return handler.rendering();
    }

    /** Pages published with the browser's DOM. */
    public long renderedPages() {
        return metrics.renderedCount();
    }

    /** Pages published as fetched (not HTML, an error status, redirects). */
    public long plainPages() {
        return metrics.pagesCount();
    }

    /** How the consumed URLs ended: failure records (by reason) and retries published and acknowledged. */
    public UrlOutcomes outcomes() {
        return metrics.outcomes();
    }

    private void registerMeters(MeterRegistry registry) {
        Meters.gauge(MeterCatalogue.RENDER_TABS, handler, RenderHandler::rendering).register(registry);
        Meters.gauge(MeterCatalogue.RENDER_WAITING, handler, RenderHandler::waiting).register(registry);
        Meters.functionCounter(MeterCatalogue.RENDER_BROWSER_RESTARTS, browsers, BrowserSupervisor::restarts)
                .register(registry);
        Meters.functionCounter(MeterCatalogue.RENDER_PROXY_REFUSED, browsers, BrowserSupervisor::refusedByProxy)
                .register(registry);
        Meters.functionCounter(MeterCatalogue.RENDER_DEAD_LETTERS, loop, WorkerLoop::deadLettered).register(registry);
    }
}
