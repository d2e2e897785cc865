package org.kcrawl.cli;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.kcrawl.archiver.ArchiverConfig;
import org.kcrawl.archiver.ArchiverWorker;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeFollower;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.http.politeness.SchedulerCounts;
import org.kcrawl.http.pipeline.UrlOutcomes;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.render.kafka.RenderWorker;

/**
 * Turns the crawl command's options (and its optional {@code --config} file) into the fetcher's and
 * parser's configurations, and builds the in-process workers from them. Options given on the command
 * line win over the file, which wins over the workers' defaults.
 */
final class WorkerWiring {
    /**
     * The robots.txt schedule a local crawl starts from, before {@code --config} and the options: an
     * unreachable robots.txt is fetched again after 2 s, and its host's URLs give up once their next try
     * would come more than 8 s after its first failure. So a crawl of a seed that is down or does not
     * resolve ends within seconds, its failures naming why ({@code connect}, {@code dns}), instead of
     * looking hung for minutes. Workers keep the patient defaults (1 min, no early give-up), which suit a
     * long crawl; a local crawl that wants them sets them in {@code --config}.
     */
    static final Map<String, Object> LOCAL_ROBOTS_SCHEDULE =
            Map.of("robots_retry", "PT2S", "robots_unreachable_give_up", "PT8S");
    /**
     * The page memory a local crawl starts from, before {@code --config}: half the workers' defaults. A
     * crawl in one process runs fetcher, parser and broker in the launcher's 256 MiB heap, and at the
     * workers' defaults (64 MiB of fetched pages, 16 MiB of pages being parsed, each held about twice) the
     * bounded buffers alone kept 110-190 MiB live on the 10,000-page Javadoc crawl: 30 full collections,
     * a quarter of its CPU. 256 requests in flight of ordinary pages hold a few MiB; these budgets still
     * let eight 2 MiB pages arrive at once.
     */
    static final Map<String, Object> LOCAL_FETCHER_MEMORY =
            Map.of("max_unacked_page_bytes", 16L * 1024 * 1024, "max_inflight_body_bytes", 16L * 1024 * 1024);
    /** The parser's share of that: its pages in flight, before {@code --config}. */
    static final Map<String, Object> LOCAL_PARSER_MEMORY = Map.of("max_pending_bytes", 8L * 1024 * 1024);
    /**
     * The partitions of the topics a local crawl creates, before {@code --config}: its workers are one of
     * each, so a few partitions suffice, and each one costs the embedded broker and every consumer.
     */
    static final Map<String, Object> LOCAL_TOPICS = Map.of("partitions", 4);

    private final CrawlOptions options;
    private final FetcherConfig fetcher;
    private final ParserConfig parser;
    private final UrlNormalizer normalizer;
    /** The archiver's settings with {@code --warc}, else null. */
    private final ArchiverConfig archiver;

    WorkerWiring(CrawlOptions options) {
        this.options = options;
        ConfigBinder binder = new ConfigBinder();
        Map<String, Object> localFetcher = new HashMap<>(LOCAL_ROBOTS_SCHEDULE);
        localFetcher.putAll(LOCAL_FETCHER_MEMORY);
        localFetcher.putAll(LOCAL_TOPICS);
        localFetcher.putAll(options.startingSettings);
        FetcherConfig local = binder.bindSection(FetcherConfig.class, FetcherConfig.defaults(), null, "fetcher",
                localFetcher);
        FetcherConfig fromFile = binder.bindSection(FetcherConfig.class, local, options.config, "fetcher",
                fetcherOverrides(options));
        this.fetcher = withHeaders(binder, fromFile, options.headerMap());
        fetcher.checkFitsHeap(Runtime.getRuntime().maxMemory());
        // The parser follows meta refreshes by the rules the fetcher follows redirects by, in the fetcher's
        // crawl: it starts from the fetcher's limits and name, so setting them once, in the fetcher's section,
        // is enough.
        Map<String, Object> localParser = new HashMap<>(LOCAL_PARSER_MEMORY);
        localParser.put("crawl_name", fetcher.crawlName());
        if (options.startingSettings.containsKey("max_depth")) {
            localParser.put("max_depth", options.startingSettings.get("max_depth"));
        }
        ParserConfig parserDefaults = binder.bindSection(ParserConfig.class, ParserConfig.defaults(), null, "parser",
                localParser).withRedirectLimits(fetcher.maxRedirectHops(), fetcher.maxRefreshDelay());
        this.parser = binder.bindSection(ParserConfig.class, parserDefaults, options.config, "parser",
                parserOverrides(options));
        sameCrawl(fetcher, parser);
        sameRedirectLimits(fetcher, parser);
        this.normalizer = parser.urlNormalizer();
        this.archiver = options.warc == null ? null : binder.bindSection(ArchiverConfig.class,
                ArchiverConfig.defaults(), options.config, "archiver", Map.of());
        if (rendering()) {
            browserInstalled(fetcher);
        }
    }

    /** True when the crawl renders pages: by URL (the fetcher's render_patterns) or by their look (render_auto). */
    boolean rendering() {
        return !fetcher.renderPatterns().isEmpty() || parser.renderAuto();
    }

    /** A crawl that renders stops at once, naming the setting, when there is no browser to render with. */
    private static void browserInstalled(FetcherConfig fetcher) {
        java.nio.file.Path browser = java.nio.file.Path.of(fetcher.browserPath());
        if (!java.nio.file.Files.isExecutable(browser)) {
            throw new ConfigException("fetcher.browser_path", browser + " is not an executable file, and rendering"
                    + " needs Chromium: install it (Debian: apt-get install chromium) or set browser_path in the"
                    + " fetcher section of --config");
        }
    }

    /**
     * {@code config} with the {@code --header} options over its {@code headers} (a header of the same
     * name from the command line wins, the file's others stay).
     */
    private static FetcherConfig withHeaders(ConfigBinder binder, FetcherConfig config, Map<String, String> headers) {
        if (headers.isEmpty()) {
            return config;
        }
        Map<String, String> merged = new java.util.LinkedHashMap<>(config.headers());
        merged.putAll(headers);
        return binder.bindSection(FetcherConfig.class, config, null, "fetcher", Map.of("headers", merged));
    }

    /** The fetcher and the parser of a crawl use one crawl name: a parser section naming another is refused. */
    private static void sameCrawl(FetcherConfig fetcher, ParserConfig parser) {
        if (!parser.crawlName().equals(fetcher.crawlName())) {
            throw new ConfigException("parser.crawl_name", "is " + parser.crawlName() + " but fetcher.crawl_name is "
                    + fetcher.crawlName() + "; the workers of a crawl share its topics: set it in the fetcher section"
                    + " only (or give --crawl-name)");
        }
    }

    /**
     * A crawl follows its redirects by one set of rules, whichever worker meets them (a 3xx or a
     * {@code Refresh} header in the fetcher, a meta refresh in the parser): a parser section that sets
     * other limits than the fetcher's is refused rather than half obeyed.
     */
    private static void sameRedirectLimits(FetcherConfig fetcher, ParserConfig parser) {
        if (parser.maxRedirectHops() != fetcher.maxRedirectHops()) {
            throw new ConfigException("parser.max_redirect_hops", "is " + parser.maxRedirectHops()
                    + " but fetcher.max_redirect_hops is " + fetcher.maxRedirectHops() + "; a crawl follows its"
                    + " redirects and refreshes by one limit: set it in the fetcher section only");
        }
        if (!parser.maxRefreshDelay().equals(fetcher.maxRefreshDelay())) {
            throw new ConfigException("parser.max_refresh_delay", "is " + parser.maxRefreshDelay()
                    + " but fetcher.max_refresh_delay is " + fetcher.maxRefreshDelay() + "; a crawl follows its"
                    + " Refresh headers and meta refreshes by one limit: set it in the fetcher section only");
        }
    }

    /** The crawl's name: {@code --crawl-name}, else the {@code --config} file's, else the default. */
    String crawlName() {
        return fetcher.crawlName();
    }

    /** Pages after which the crawl stops, 0 for no limit: {@code --max-pages}, else the file's, else none. */
    long maxPages() {
        return fetcher.maxPages();
    }

    /** Partitions of the topics the crawl creates: {@code --partitions}, else the file's, else {@link #LOCAL_TOPICS}. */
    int partitions() {
        return fetcher.partitions();
    }

    /** The fetcher's configuration: its defaults, then the {@code --config} file, then the options. */
    FetcherConfig fetcherConfig() {
        return fetcher;
    }

    /** The parser's configuration: its defaults (with the fetcher's redirect limits), the file, the options. */
    ParserConfig parserConfig() {
        return parser;
    }

    /**
     * The crawl's URL normalizer (the parser's settings), for the seeds: it normalizes exactly as the
     * parser does, so seeds and discovered links share fingerprints.
     */
    UrlNormalizer urlNormalizer() {
        return normalizer;
    }

    UnaryOperator<String> normalizer() {
        return url -> {
            try {
                return normalizer.normalize(url);
            } catch (InvalidUrlException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        };
    }

    /**
     * The fetcher and parser, talking to {@code clients}' cluster; the fetcher alone for a fetch-only
     * crawl. They judge links and redirects by one scope over the crawl's sites, which one follower of
     * the crawl's scope topic keeps for both: the seeds' sites (published before the workers are built,
     * so the follower has them when this returns), the sites seeds moved to, in this run or earlier ones.
     */
    CrawlWorkers workers(KafkaClients clients) {
        CrawlSites sites = new CrawlSites();
        SeedMoveNotices moves = new SeedMoveNotices(parser.scopeConfig().scope(),
                parser.scopeConfig().noParent());
        ScopeFollower follower = ScopeFollower.start(clients, new CrawlTopics(crawlName()),
                crawlName() + "-cli", sites, moves, ScopeFollower.DEFAULT_TIMEOUT);
        try {
            ParserConfig parserConfig = parser.withKafka(crawlName(), clients.bootstrapServers());
            MeterRegistry registry = new SimpleMeterRegistry();
            // One rule object for both workers: the fetcher's redirects and Refresh headers, the parser's
            // meta refreshes (the parser's normalizer and scope, the fetcher's limits, which are the parser's).
            RedirectRules redirects = new RedirectRules(normalizer(),
                    RedirectScope.of(parser.scopeSettings(), sites), fetcher.maxRedirectHops(),
                    fetcher.maxRefreshDelay());
            FetcherWorker fetcherWorker = FetcherWorker.create(fetcher, clients, registry, fetcher.httpClient(),
                    redirects);
            ParserWorker parserWorker = options.fetchOnly ? null
                    : new ParserWorker(parserConfig, clients, registry, sites, redirects);
            RenderWorker renderWorker = null;
            ArchiverWorker archiverWorker = null;
            try {
                renderWorker = rendering() ? RenderWorker.create(fetcher, clients, registry,
                        RenderWorker.httpSettings(fetcher), redirects) : null;
                archiverWorker = archiver == null ? null : new ArchiverWorker(
                        archiver.forLocalCrawl(crawlName(), clients.bootstrapServers(), options.warc), clients,
                        registry);
            } catch (RuntimeException e) {
                fetcherWorker.close();
                if (renderWorker != null) {
                    renderWorker.close();
                }
                if (parserWorker != null) {
                    parserWorker.close();
                }
                throw e;
            }
            return new InProcessWorkers(fetcherWorker, parserWorker, renderWorker, archiverWorker, follower, moves,
                    new ImplicitLimitNote(fetcher.perAddressInForce()));
        } catch (RuntimeException e) {
            follower.close();
            throw e;
        }
    }

    /**
     * The settings the command line gives the fetcher: only the options given, so what the {@code --config}
     * file (or a default) says holds for the others.
     */
    private static Map<String, Object> fetcherOverrides(CrawlOptions o) {
        Map<String, Object> m = new HashMap<>();
        putGiven(m, "crawl_name", o.crawlName);
        putGiven(m, "rate", o.rate);
        putGiven(m, "per_host", o.perHost);
        putGiven(m, "concurrency", o.concurrency);
        // Unset, per_address follows per_host (or keeps what --config set).
        putGiven(m, "per_address", o.perIp);
        putGiven(m, "max_pages", o.maxPages);
        putGiven(m, "max_depth", o.maxDepth);
        putGiven(m, "partitions", o.partitions);
        // The in-process fetcher is handed its redirect scope; this keeps its configuration saying the same.
        putGiven(m, "scope", o.scope == null ? null : o.scope.name().toLowerCase(java.util.Locale.ROOT));
        putScopeRules(m, o);
        if (o.ignoreRobots) {
            m.put("ignore_robots", true);
        }
        if (o.allowPrivate) {
            m.put("allow_private", true);
        }
        if (o.fetchOnly) {
            // The Sitemap: lines of robots.txt are links too: a fetch-only crawl fetches its seeds alone.
            m.put("follow_sitemaps", false);
        }
        if (!o.render.isEmpty()) {
            m.put("render_patterns", o.render);
        }
        if (!o.proxies.isEmpty()) {
            m.put("proxies", List.copyOf(o.proxies));
        }
        if (o.warc != null) {
            // The archiver writes each exchange as it went over the wire: the fetcher must keep the heads.
            m.put("capture_heads", true);
        }
        return m;
    }

    private static Map<String, Object> parserOverrides(CrawlOptions o) {
        Map<String, Object> m = new HashMap<>();
        putGiven(m, "crawl_name", o.crawlName);
        putGiven(m, "scope", o.scope == null ? null : o.scope.name().toLowerCase(java.util.Locale.ROOT));
        putGiven(m, "max_depth", o.maxDepth);
        putScopeRules(m, o);
        if (o.renderAuto) {
            m.put("render_auto", true);
        }
        putGiven(m, "content", o.content);
        if (o.markdown) {
            m.put("markdown", true);
        }
        return m;
    }

    /**
     * {@code --allow}, {@code --deny} and {@code --no-parent}, for the fetcher (its redirects) and the parser
     * (its links) alike: the crawl's one scope.
     */
    private static void putScopeRules(Map<String, Object> m, CrawlOptions o) {
        putGiven(m, "allow_patterns", o.allow == null ? null : List.copyOf(o.allow));
        putGiven(m, "deny_patterns", o.deny == null ? null : List.copyOf(o.deny));
        putGiven(m, "no_parent", o.noParent);
    }

    private static void putGiven(Map<String, Object> settings, String key, Object option) {
        if (option != null) {
            settings.put(key, option);
        }
    }

    /** The workers of a local crawl, in one JVM, and the follower of the crawl's scope they share. */
    private static final class InProcessWorkers implements CrawlWorkers {
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
            Map<FailureReason, Long> all = new java.util.EnumMap<>(FailureReason.class);
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
}
