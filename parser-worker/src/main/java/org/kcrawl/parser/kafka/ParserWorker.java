package org.kcrawl.parser.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.kcrawl.common.kafka.DeadLetterPublisher;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.kafka.StaticMembership;
import org.kcrawl.common.kafka.Transactions;
import org.kcrawl.common.kafka.WorkerLoop;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.runtime.LoopThread;
import org.kcrawl.common.runtime.ManagedWorker;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeFollower;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.dedup.FingerprintSet;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.pipeline.PageProcessor;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.kcrawl.parser.record.RuleExtractor;
import org.kcrawl.parser.scope.ScopeChain;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One parser: a consumer of the pages topic in the parser group on its own poll thread, a parse pool
 * sized to the cores, a producer shared by links, records and dead letters, and the set of links it
 * has published ({@code link_dedup_capacity}), kept for the worker's life. {@link #start()} and
 * {@link #stop()} may be called from any thread; stop is graceful (in-flight pages finish and are
 * committed within the drain time).
 *
 * <p>Links are judged over the crawl's sites, which grow while it runs (a seed that redirects to
 * another site brings that site in): a worker follows the crawl's scope topic from before its first
 * page until it stops, unless it was given sites someone else follows.
 */
public final class ParserWorker implements AutoCloseable, ManagedWorker {
    private static final Logger log = LoggerFactory.getLogger(ParserWorker.class);
    /** Beyond the drain time: closing the consumer, the last commit and the producer's flush. */
    private static final Duration STOP_SLACK = Duration.ofSeconds(20);
    /**
     * What the consumer reads ahead: pages the poll loop has not taken yet sit in its buffers outside
     * {@code max_pending_bytes}, so they are kept to a few MiB. A page larger than a partition's share is
     * still fetched, on its own.
     */
    private static final Map<String, Object> PAGE_FETCHES = Map.of(
            ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 1024 * 1024,
            ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 8 * 1024 * 1024);

    private enum State { NEW, RUNNING, STOPPED }

    private final ParserConfig config;
    private final KafkaClients clients;
    private final MeterRegistry registry;
    private final ParserMetrics metrics;
    private final PageProcessor processor;
    private final String clientId;
    private final CrawlSites sites;
    /** True when this worker follows the scope topic itself (it was not given sites someone else follows). */
    private final boolean followsScope;

    private State state = State.NEW;
    private Transactions outputs;
    private ThreadPoolExecutor pool;
    private volatile WorkerLoop<FetchedPage> loop;
    private volatile ParseHandler handler;
    private volatile LoopThread pollThread;
    private ScopeFollower scopeFollower;

    /**
     * A worker for {@code config} talking to the cluster of {@code clients} (its bootstrap servers win
     * over {@code config.bootstrapServers()}), registering its meters in {@code registry}. Nothing
     * connects until {@link #start()}.
     */
    public ParserWorker(ParserConfig config, KafkaClients clients, MeterRegistry registry) {
        this(config, clients, registry, new CrawlSites(), null, true);
    }

    /**
     * A worker like {@link #ParserWorker(ParserConfig, KafkaClients, MeterRegistry)} that judges links
     * over {@code sites}, which the caller keeps following on the scope topic (the crawl command shares
     * one follower between its in-process workers), and follows meta refreshes by {@code redirects}
     * (the crawl command's fetcher follows its redirects by the same).
     */
    public ParserWorker(ParserConfig config, KafkaClients clients, MeterRegistry registry, CrawlSites sites,
                        RedirectRules redirects) {
        this(config, clients, registry, sites, redirects, false);
    }

    private ParserWorker(ParserConfig config, KafkaClients clients, MeterRegistry registry, CrawlSites sites,
                         RedirectRules redirects, boolean followsScope) {
        if (config == null || clients == null || registry == null || sites == null) {
            throw new IllegalArgumentException("config, clients, registry and sites must not be null");
        }
        this.config = config;
        this.clients = clients;
        this.registry = registry;
        this.metrics = new ParserMetrics(registry);
        this.sites = sites;
        this.followsScope = followsScope;
        this.processor = processor(config, metrics, sites,
                redirects == null ? config.redirectRules(sites) : redirects);
        this.clientId = newClientId(config.crawlName());
    }

    /**
     * The page processor a worker configured by {@code config} runs on its parse pool, counting into
     * {@code metrics}, with the configured seed sites as the crawl's only sites; benchmarks and tests
     * measure exactly this.
     */
    public static PageProcessor processor(ParserConfig config, ParserMetrics metrics) {
        return processor(config, metrics, new CrawlSites());
    }

    /**
     * The page processor judging links over the crawl's live {@code sites} (the configured seed sites join
     * them) and following meta refreshes by the configuration's {@link ParserConfig#redirectRules}.
     */
    public static PageProcessor processor(ParserConfig config, ParserMetrics metrics, CrawlSites sites) {
        if (config == null) {
            throw new IllegalArgumentException("config must not be null");
        }
        return processor(config, metrics, sites, config.redirectRules(sites));
    }

    /** The page processor judging links over {@code sites} and following meta refreshes by {@code redirects}. */
    public static PageProcessor processor(ParserConfig config, ParserMetrics metrics, CrawlSites sites,
                                          RedirectRules redirects) {
        if (config == null || metrics == null || sites == null || redirects == null) {
            throw new IllegalArgumentException("config, metrics, sites and redirects must not be null");
        }
        PageParser parser = new PageParser(config.urlNormalizer(), config.charsetDetector(), config.parseLimits(),
                RuleExtractor.of(config.extract()), new ContentExtractor(config.contentOptions()), System::nanoTime);
        return new PageProcessor(parser, config.sitemapParser(), ScopeChain.of(config.scopeSettings(), sites),
                redirects, metrics, Clock.systemUTC(), System::nanoTime, config.renderAuto());
    }

    /** Connects and starts consuming. Throws when called twice or after {@link #stop()}. */
    @Override
    public synchronized void start() {
        if (state != State.NEW) {
            throw new IllegalStateException("a parser worker starts once; this one is " + state);
        }
        CrawlTopics topics = config.topics();
        // While the consumer joins its group: the crawl's first pages then meet compiled code.
        ParserWarmUp.start(config, clientId + "-warm-up");
        if (followsScope) {
            // Before the first page: its links are judged with every site the crawl has so far.
            scopeFollower = ScopeFollower.start(clients, topics, clientId, sites, site -> { },
                    ScopeFollower.DEFAULT_TIMEOUT);
        }
        outputs = clients.outputs(config.delivery(), clientId,
                StaticMembership.transactionalId(config.crawlName(), "parser", config.groupInstanceId(), clientId));
        pool = newPool();
        DeadLetterPublisher deadLetters = new DeadLetterPublisher(outputs.producer(), topics.deadLetters());
        handler = new ParseHandler(processor, pool, outputs, topics, metrics, deadLetters,
                FingerprintSet.withCapacity(config.linkDedupCapacity()));
        KafkaConsumer<String, byte[]> consumer =
                clients.consumer(topics.parserGroup(), clientId, config.maxPollRecords(),
                        StaticMembership.consumerDefaults(PAGE_FETCHES, config.groupInstanceId()));
        loop = new WorkerLoop<>(clientId, consumer, List.of(topics.pages()), FetchedPage.class, handler,
                deadLetters, config.workerLoopSettings(), outputs);
        registerGauges();
        pollThread = new LoopThread(clientId + "-poll", loop, () -> log.error("{}: poll loop died; this worker has"
                + " stopped consuming", clientId, pollThread.failure().orElse(null)));
        pollThread.start();
        state = State.RUNNING;
        log.info("{}: consuming {} with {} parse threads, at most {} pages or {} bytes in flight", clientId,
                topics.pages(), pool.getCorePoolSize(), config.maxPending(), config.maxPendingBytes());
    }

    /** Stops gracefully and waits for it, within the drain time plus some slack. Idempotent. */
    @Override
    public void stop() {
        stop(config.drainTimeout().plus(STOP_SLACK));
    }

    /** Stops gracefully; returns false when the poll loop had not finished within {@code timeout}. */
    public synchronized boolean stop(Duration timeout) {
        if (state != State.RUNNING) {
            state = State.STOPPED;
            return true;
        }
        state = State.STOPPED;
        long deadline = System.nanoTime() + timeout.toNanos();
        loop.requestStop();
        boolean stopped = false;
        try {
            stopped = loop.awaitStopped(remaining(deadline));
            pool.shutdown();
            if (!pool.awaitTermination(remaining(deadline).toMillis(), TimeUnit.MILLISECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pool.shutdownNow();
        } finally {
            outputs.close(remaining(deadline));
            if (scopeFollower != null) {
                scopeFollower.close();
            }
        }
        if (!stopped) {
            log.warn("{}: poll loop did not stop within {}; uncommitted pages will be redelivered", clientId, timeout);
        }
        return stopped;
    }

    /** Same as {@link #stop()}. */
    @Override
    public void close() {
        stop();
    }

    /** Waits until the poll loop has ended (after {@link #stop()} or a fatal error). */
    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        WorkerLoop<FetchedPage> l = loop;
        if (l == null) {
            throw new IllegalStateException("the worker was never started");
        }
        return l.awaitStopped(timeout);
    }

    /** Pages consumed whose outputs are not yet all acknowledged. */
    public int pending() {
        WorkerLoop<FetchedPage> l = loop;
        return l == null ? 0 : l.pending();
    }

    /** Partitions of the pages topic the poll loop owns now (0 before it has joined the group). */
    @Override
    public int assignedPartitions() {
        WorkerLoop<FetchedPage> l = loop;
        return l == null ? 0 : l.assignedPartitions();
    }

    /** Bytes of the pages consumed whose outputs are not all acknowledged yet ({@code max_pending_bytes}). */
    public long pendingBytes() {
        WorkerLoop<FetchedPage> l = loop;
        return l == null ? 0 : l.pendingBytes();
    }

    /** True while the poll loop runs and has polled within {@code maxSilence}. */
    @Override
    public boolean isAlive(Duration maxSilence) {
        WorkerLoop<FetchedPage> l = loop;
        return l != null && l.isAlive(maxSilence);
    }

    /**
     * Pages dead-lettered by this worker: undecodable ones (by the poll loop) and those whose
     * processing threw (by the handler).
     */
    public long deadLettered() {
        WorkerLoop<FetchedPage> l = loop;
        ParseHandler h = handler;
        return (l == null ? 0 : l.deadLettered()) + (h == null ? 0 : h.deadLettered());
    }

    /** The Kafka client id of this worker's consumer and producer. */
    public String clientId() {
        return clientId;
    }

    /**
     * A client id for a parser of {@code crawlName}, unique across processes (a random suffix, not a
     * per-JVM counter, which gives every process the same first id) so the broker's quotas, logs and
     * metrics can tell the parsers apart.
     */
    static String newClientId(String crawlName) {
        return "kcrawl-parser-" + crawlName + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** What killed the poll loop, if anything did. */
    @Override
    public Optional<Throwable> failure() {
        LoopThread t = pollThread;
        return t == null ? Optional.empty() : t.failure();
    }

    /** The counters: pages, records, links published and rejected by reason. */
    public ParserMetrics metrics() {
        return metrics;
    }

    /** The configuration this worker runs with. */
    public ParserConfig config() {
        return config;
    }

    private ThreadPoolExecutor newPool() {
        int threads = config.effectiveThreads();
        AtomicInteger n = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, clientId + "-parse-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(config.queueCapacity()), factory, new ThreadPoolExecutor.AbortPolicy());
    }

    private void registerGauges() {
        Meters.gauge(MeterCatalogue.PARSE_PENDING, this, ParserWorker::pending).register(registry);
        Meters.gauge(MeterCatalogue.PARSE_PENDING_BYTES, this, ParserWorker::pendingBytes).register(registry);
        ThreadPoolExecutor p = pool;
        Meters.gauge(MeterCatalogue.PARSE_QUEUE_SIZE, p, e -> e.getQueue().size()).register(registry);
        Meters.functionCounter(MeterCatalogue.PARSE_DEAD_LETTERS, this, ParserWorker::deadLettered).register(registry);
    }

    private static Duration remaining(long deadlineNanos) {
        return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }
}
