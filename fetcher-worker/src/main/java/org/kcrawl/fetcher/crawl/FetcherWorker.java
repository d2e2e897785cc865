package org.kcrawl.fetcher.crawl;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.kafka.StaticMembership;
import org.kcrawl.common.kafka.Transactions;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.kafka.WorkerLoopSettings;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.redirect.FollowedScope;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.runtime.GracefulStop;
import org.kcrawl.common.runtime.LoopThread;
import org.kcrawl.common.runtime.ManagedWorker;
import org.kcrawl.common.runtime.Resources;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.http.client.HttpFetcher;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.http.client.PageMemory;
import org.kcrawl.http.pipeline.UrlOutcomes;
import org.kcrawl.http.politeness.HostAddresses;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.ResolvedAddresses;
import org.kcrawl.http.politeness.SchedulerCounts;
import org.kcrawl.http.politeness.SystemTimeSource;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.http.robots.RobotsRules;
import org.kcrawl.fetcher.seen.CommittingTransactions;
import org.kcrawl.fetcher.seen.SeenRestorer;
import org.kcrawl.fetcher.seen.SeenSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One fetcher: consumes the urls topic in the fetcher group and runs every URL through the
 * {@link FetchHandler} on a {@link WorkerLoop} thread of its own, and forwards parked URLs from the
 * parking tiers back to the urls topic ({@link ParkedForwarder}) on a second loop. Usable
 * in-process (the crawl command, tests) and from {@link FetcherMain}.
 *
 * <p>The worker owns everything it is given or builds, the HTTP fetcher included, and closes it on
 * {@link #stop()}.
 */
public final class FetcherWorker implements AutoCloseable, ManagedWorker {
    private static final Logger log = LoggerFactory.getLogger(FetcherWorker.class);
    /** How long the urls loop's drain waits for the queued URLs it gives up (on other threads) to be counted out. */
    private static final Duration GIVE_UP_GRACE = Duration.ofSeconds(2);
    /**
     * URLs are a few hundred bytes: small fetches keep what the consumers buffer ahead (for every
     * partition, paused ones included) to a few MiB instead of the 4 MiB per partition pages need.
     */
    static final Map<String, Object> SMALL_RECORDS = Map.of(
            ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 256 * 1024,
            ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 4 * 1024 * 1024);

    private final FetcherConfig config;
    private final HttpFetcher fetcher;
    private final SystemTimeSource time;
    private final HostScheduler scheduler;
    private final PageMemory pages;
    /** The outputs of the urls loop: exactly once, in transactions with its offsets. */
    private final Transactions outputs;
    private final ExecutorService sendExecutor;
    private final SeenRestorer restorer;
    private final SeenSet seen;
    private final FetchMetrics metrics;
    private final FetchHandler handler;
    private final RobotsPolicy robots;
    private final ParkingLane parking;
    private final ParkingMetrics parkingMetrics;
    private final KafkaConsumer<String, byte[]> consumer;
    private final WorkerLoop<CrawlRequest> loop;
    private final LoopThread thread;
    private final AutoCloseable dns;
    /** Kept for its meters, which hold it weakly. */
    private final FetcherMeters meters;
    private boolean started;
    private boolean stopped;

    /**
     * A worker with the production HTTP client built from {@code config}, judging redirect targets by the
     * crawl's scope as the scope topic says it grows ({@link FollowedScope}; the worker owns the follower).
     */
    public static FetcherWorker create(FetcherConfig config, KafkaClients clients, MeterRegistry registry) {
        return FollowedScope.build(clients, config.topics(),
                "fetcher-" + config.crawlName() + "-" + UUID.randomUUID().toString().substring(0, 8),
                config.redirectScope(), config.maxRedirectHops(), config.maxRefreshDelay(),
                (redirects, follower) -> create(config, clients, registry, config.httpClient(), redirects, follower));
    }

    /** A worker with the production HTTP client built from {@code http}, following redirects by {@code redirects}. */
    public static FetcherWorker create(FetcherConfig config, KafkaClients clients, MeterRegistry registry,
                                       HttpClientSettings http, RedirectRules redirects) {
        return create(config, clients, registry, http, redirects, null);
    }

    /** The same, closing {@code owned} (when not null) as it stops; bodies and pages share one {@link PageMemory}. */
    private static FetcherWorker create(FetcherConfig config, KafkaClients clients, MeterRegistry registry,
                                        HttpClientSettings http, RedirectRules redirects, AutoCloseable owned) {
        FetcherClient client = FetcherClient.start(http, config.pageMemory(), owned);
        try {
            return new FetcherWorker(config, clients, registry, client.fetcher(), redirects,
                    new ResolvedAddresses(client.dns().resolver()), client.pages(), client.resources());
        } catch (RuntimeException e) {
            client.fetcher().close();
            client.dns().close();
            throw e;
        }
    }

    /** A worker over any {@link HttpFetcher} (tests inject one), with same-host redirects. */
    public FetcherWorker(FetcherConfig config, KafkaClients clients, MeterRegistry registry, HttpFetcher fetcher) {
        this(config, clients, registry, fetcher, new RedirectRules(RedirectRules.defaults(0).normalizer(),
                RedirectScope.sameHost(), config.maxRedirectHops(), config.maxRefreshDelay()));
    }

    /**
     * A worker over any {@link HttpFetcher}, following redirects by {@code redirects}. Hosts count as
     * separate addresses until their answers say where they are (see {@link HostScheduler}).
     */
    public FetcherWorker(FetcherConfig config, KafkaClients clients, MeterRegistry registry, HttpFetcher fetcher,
                         RedirectRules redirects) {
        this(config, clients, registry, fetcher, redirects, HostAddresses.byName());
    }

    /**
     * A worker over any {@link HttpFetcher} whose per-address cap learns hosts' addresses from
     * {@code addresses} (for example {@link ResolvedAddresses} over the fetcher's own resolver).
     */
    public FetcherWorker(FetcherConfig config, KafkaClients clients, MeterRegistry registry, HttpFetcher fetcher,
                         RedirectRules redirects, HostAddresses addresses) {
        this(config, clients, registry, fetcher, redirects, addresses, config.pageMemory(), null);
    }

    /**
     * A worker over any {@link HttpFetcher} whose pages count in {@code pages}: give the same to a
     * {@link NettyHttpFetcher} (its bodies then count there too) to bound them as {@link #create} does.
     */
    public FetcherWorker(FetcherConfig config, KafkaClients clients, MeterRegistry registry, HttpFetcher fetcher,
                         RedirectRules redirects, HostAddresses addresses, PageMemory pages) {
        this(config, clients, registry, fetcher, redirects, addresses, pages, null);
    }

    private FetcherWorker(FetcherConfig config, KafkaClients clients, MeterRegistry registry, HttpFetcher fetcher,
                          RedirectRules redirects, HostAddresses addresses, PageMemory pages, AutoCloseable dns) {
        if (config == null || clients == null || registry == null || fetcher == null || redirects == null
                || addresses == null || pages == null) {
            throw new IllegalArgumentException(
                    "config, clients, registry, fetcher, redirects, addresses and pages are required");
        }
        this.pages = pages;
        this.config = config;
        this.fetcher = fetcher;
        this.dns = dns;
        CrawlTopics topics = config.topics();
        String clientId = "fetcher-" + config.crawlName() + "-" + UUID.randomUUID().toString().substring(0, 8);
        Resources built = new Resources("half-built fetcher");
        try {
            time = built.keep(new SystemTimeSource("kcrawl-fetch-timer"));
            metrics = new FetchMetrics(registry);
            String transactionalId = StaticMembership.transactionalId(config.crawlName(), "fetcher",
                    config.groupInstanceId(), clientId);
            outputs = built.keep(clients.outputs(config.delivery(), clientId, transactionalId));
            FetcherWarmup.warm(outputs.producer(), clients.compression(), topics); // before joining the group
            sendExecutor = Executors.newSingleThreadExecutor(r -> LoopThread.daemon(r, "kcrawl-fetch-send"));
            built.keep(sendExecutor::shutdownNow);
            OutputPublisher fetchOutputs = new OutputPublisher(outputs, topics, sendExecutor, pages);
            FetcherWorker self = this; // the hold wakes the scheduler, which does not exist yet
            scheduler = built.keep(new HostScheduler(config.politeness(), time, addresses, metrics::politenessWait,
                    CommitHold.gate(outputs, fetchOutputs, pages, () -> self.scheduler.wake())));
            pages.onRoom(scheduler::wake);
            // Exactly once, a restore also waits for a commit under way on its partitions (see there).
            restorer = built.keep(new SeenRestorer(clients.consumer(null, clientId + "-seen", 10_000),
                    outputs.exactlyOnce() ? CommittingTransactions.on(clients.admin(), transactionalId,
                            id -> clients.fencer(clientId + "-fence", id)) : null,
                    topics.seen(), config.seenStore().open(Path.of(config.seenStoreDir()), topics.seen()),
                    config.seenRestoreBudget()));
            HostRatePublisher.keepLearnedRates(config, scheduler, restorer, fetchOutputs, time);
            seen = new SeenSet();
            built.keep(seen::close);
            outputs.onCommit(seen::transactionCommitted);
            robots = config.ignoreRobots()
                    ? RobotsPolicy.ignore()
                    : new RobotsRules(fetcher, scheduler, config.robots(), time, registry);
            parkingMetrics = new ParkingMetrics(registry);
            handler = new FetchHandler(config.handler(),
                    new FetchServices(scheduler, robots, seen, restorer, fetcher, fetchOutputs, metrics, time),
                    config.retryPolicy(), redirects, parkingMetrics);
            DeadLetterPublisher deadLetters = new DeadLetterPublisher(outputs.producer(), topics.deadLetters());
            consumer = built.keep(clients.consumer(topics.fetcherGroup(), clientId, 500,
                    StaticMembership.consumerDefaults(SMALL_RECORDS, config.groupInstanceId())));
            // stop() waits for the fetches in flight; the loop's drain only sees the queued rest given up, not crawled.
            loop = new WorkerLoop<>("fetcher", consumer, List.of(topics.urls()), CrawlRequest.class, handler,
                    deadLetters, new WorkerLoopSettings(config.maxPending(), config.maxPendingPerPartition(),
                    WorkerLoopSettings.DEFAULT_MAX_PENDING_BYTES, Duration.ofMillis(100), GIVE_UP_GRACE,
                    commitInterval(outputs)), outputs, true);
            // A restore blocks the loop's thread for a second or more; its other partitions commit meanwhile.
            restorer.betweenReads(loop::commitFromCallback);
            // Its failure stops the urls loop, and so the worker.
            parking = new ParkingLane(config, clients, outputs, clientId, sendExecutor, time, parkingMetrics, built,
                    () -> loop.requestStop());
        } catch (RuntimeException e) {
            built.closeAll();
            throw e;
        }
        thread = new LoopThread("kcrawl-fetcher-" + config.crawlName(), loop::run, () -> { });
        meters = new FetcherMeters(scheduler.counts(), pages, handler, seen, parking.forwarder, restorer, loop,
                parking.loop);
        meters.bindTo(registry);
    }

    /** How often the urls loop commits ({@link WorkerLoopSettings#TRANSACTIONAL_FETCH_COMMIT_INTERVAL} exactly once). */
    private static Duration commitInterval(Transactions outputs) {
        return outputs.exactlyOnce() ? WorkerLoopSettings.TRANSACTIONAL_FETCH_COMMIT_INTERVAL
                : WorkerLoopSettings.DEFAULT_COMMIT_INTERVAL;
    }

    /** Starts consuming. */
    public synchronized void start() {
        if (started) {
            throw new IllegalStateException("the fetcher was already started");
        }
        if (stopped) {
            throw new IllegalStateException("the fetcher was stopped; create a new one");
        }
        started = true;
        thread.start();
        parking.start();
    }

    /**
     * Stops gracefully: no new request starts, requests on the wire get the drain time to finish
     * and publish, completed offsets are committed, queued URLs are left to the next owner, then the
     * HTTP client, timers and producer are closed. Idempotent.
     */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        GracefulStop graceful = new GracefulStop(log, "fetcher");
        // Graceful means: what is on the wire finishes and is committed; what is queued is left
        // uncommitted for the next owner rather than crawled through the whole drain time.
        graceful.stopLoops(started, scheduler::stopStarting, () -> {
            if (!handler.underway().awaitIdle(config.drainTimeout())) {
                log.warn("{} fetches still unfinished after the drain time of {}; they will be redone by the"
                        + " next owner", handler.underway().count() + scheduler.counts().inFlight(),
                        config.drainTimeout());
            }
            loop.requestStop();
            parking.loop.requestStop();
            graceful.awaitLoop(loop);
            parking.awaitStopped(config.drainTimeout().plusSeconds(30), log);
        }, consumer, parking.consumer);
        scheduler.close();
        fetcher.close();
        closeQuietly(dns);
        time.close();
        graceful.drainSends(sendExecutor);
        parking.closeProducer(outputs);
        outputs.close(Duration.ofSeconds(30));
        seen.close(); // before the restorer, which closes the store the sets live in
        restorer.close();
    }

    /** Same as {@link #stop()}. */
    @Override
    public void close() {
        stop();
    }

    /**
     * Waits until the poll loop has ended (stopped or failed); a failed parking loop stops the worker's
     * loop too, so this also returns then.
     */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return loop.awaitStopped(timeout);
    }

    /** Consumed URLs (from the urls topic or a parking tier) whose outputs are not all acknowledged yet. */
    public int pending() {
        return loop.pending() + parking.loop.pending();
    }

    /** Requests on the wire (robots.txt included). */
    public int inFlight() {
        return scheduler.counts().inFlight();
    }

    /** URLs waiting for politeness, a not-before time, robots.txt, or the end of their parking delay. */
    public int queued() {
        return scheduler.counts().queued() + handler.waiting() + parking.forwarder.held();
    }

    /**
     * What the URLs held on timers wait for (retries, Retry-After waits, parked URLs read back), told by
     * the one due first and its host's robots.txt: what the crawl does while nothing is on the wire. None
     * while a request is on the wire or queued for its host's turn: the crawl is working then, and its
     * timers are not the story.
     */
    public WaitSummary waiting() {
        if (scheduler.counts().inFlight() > 0 || scheduler.counts().queued() > 0) {
            return WaitSummary.none();
        }
        WaitTally tally = new WaitTally();
        handler.tallyHolds(tally);
        parking.forwarder.tally(tally);
        return tally.waiting(robots, config.maxAttempts());
    }

    /** What the politeness scheduler holds: hosts held back by each limit, the hosts servers limit, ... */
    public SchedulerCounts schedulerCounts() {
        return scheduler.counts();
    }

    /** Pages (and redirect pages) published and acknowledged. */
    public long pagesFetched() {
        return metrics.pages();
    }

    /** How the consumed URLs ended: failure records (by reason) and retries published and acknowledged. */
    public UrlOutcomes outcomes() {
        return metrics.outcomes();
    }

    /** URLs skipped on purpose (duplicate, robots, max_pages, max_depth, out_of_scope). */
    public long skips() {
        return metrics.skips();
    }

    /**
     * URLs published to wait outside memory (parked for a host's backlog or a distant not-before
     * time, and retries), acknowledged.
     */
    public long parkedCount() {
        return parkingMetrics.parkedCount();
    }

    /** Parked URLs forwarded back to the urls topic after their tier delay, acknowledged. */
    public long forwardedCount() {
        return parkingMetrics.forwardedCount();
    }

    /** Parked URLs read from a tier and waiting in memory for the end of its delay. */
    public int parkedHeld() {
        return parking.forwarder.held();
    }

    /** URLs admitted against {@code max_pages}. */
    public long admitted() {
        return handler.admitted();
    }

    /** Partitions of the urls topic owned now. */
    public int assignedPartitions() {
        return loop.assignedPartitions();
    }

    /** True while both poll loops run and polled within {@code maxSilence}. */
    public boolean isAlive(Duration maxSilence) {
        // A restore blocks the poll inside the rebalance callback for as long as its data needs (its budget
        // is sized to the records): alive while it makes progress.
        return (loop.isAlive(maxSilence) || restorer.restoringWithin(maxSilence)) && parking.loop.isAlive(maxSilence);
    }

    /** Seen-topic records read by this worker's seen-set restores. */
    public long seenRecordsRestored() {
        return restorer.recordsRead();
    }

    /** Why the poll loop died, if it did. */
    public Optional<Throwable> failure() {
        return thread.failure().or(parking::failure);
    }

    private static void closeQuietly(AutoCloseable resource) {
        if (resource == null) {
            return;
        }
        try {
            resource.close();
        } catch (Exception e) {
            log.warn("closing {} failed: {}", resource.getClass().getSimpleName(), e.toString());
        }
    }
}
