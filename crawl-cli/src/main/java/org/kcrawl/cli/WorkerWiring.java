package org.kcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.redirect.RedirectScope;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.ScopeFollower;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.render.kafka.RenderSetup;
import org.kcrawl.render.kafka.RenderWorker;
import org.kcrawl.render.kafka.RendererConfig;

/**
 * Turns the crawl command's options (and its optional {@code --config} file) into the fetcher's, parser's and
 * archiver's configurations, and builds the in-process workers from them. The settings the workers share
 * (its {@code crawl:} section, {@link CrawlSection}) are bound once and handed to each. Options given on the
 * command line win over the file, which wins over what a local crawl starts from, then the declared defaults.
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
     * each, so a few partitions suffice (not the 12 of a deployed crawl's workers), and each one costs the
     * embedded broker and every consumer.
     */
    static final Map<String, Object> LOCAL_TOPICS = Map.of("partitions", 4);

    private final CrawlOptions options;
    private final FetcherConfig fetcher;
    private final ParserConfig parser;
    private final UrlNormalizer normalizer;
    /** The archiver's settings with {@code --warc}, else null. */
    private final ArchiverConfig archiver;
    /** How the render worker renders, when the crawl renders. */
    private final RendererConfig renderer;

    WorkerWiring(CrawlOptions options) {
        this.options = options;
        ConfigBinder binder = new ConfigBinder();
        CrawlFile file = CrawlFile.read(options.config);
        // The settings the workers share, bound once: every worker is handed them over its own section.
        CrawlSection crawl = bind(binder, CrawlSection.class, CrawlSection.defaults(),
                local(CrawlSection.SETTINGS, LOCAL_TOPICS), file, CrawlSection.NAME, crawlOverrides(options));
        Map<String, JsonNode> shared = ConfigBinder.settingsOf(crawl);
        FetcherConfig fromFile = bind(binder, FetcherConfig.class, FetcherConfig.defaults(),
                local(FetcherConfig.SETTINGS, LOCAL_ROBOTS_SCHEDULE, LOCAL_FETCHER_MEMORY), file, "fetcher",
                over(fetcherOverrides(options), shared));
        this.fetcher = withHeaders(binder, fromFile, options.headerMap());
        fetcher.checkFitsHeap(Runtime.getRuntime().maxMemory());
        this.parser = bind(binder, ParserConfig.class, ParserConfig.defaults(),
                local(ParserConfig.SETTINGS, LOCAL_PARSER_MEMORY), file, "parser", over(parserOverrides(options), shared));
        this.normalizer = parser.urlNormalizer();
        this.archiver = options.warc == null ? null : bind(binder, ArchiverConfig.class, ArchiverConfig.defaults(),
                Map.of(), file, "archiver", over(Map.of(), declared(ArchiverConfig.SETTINGS, shared)));
        this.renderer = bind(binder, RendererConfig.class, RendererConfig.defaults(), Map.of(), file, "renderer",
                Map.of());
        if (rendering()) {
            browserInstalled(renderer);
        }
    }

    /**
     * A worker's (or the crawl section's) configuration: {@code defaults}, then {@code local} (what a local crawl
     * starts from), then its section of the file, then {@code overrides}.
     */
    private static <T> T bind(ConfigBinder binder, Class<T> type, T defaults, Map<String, Object> local, CrawlFile file,
                              String section, Map<String, ?> overrides) {
        T start = local.isEmpty() ? defaults : binder.bindSection(type, defaults, (JsonNode) null, null, section, local);
        return binder.bindSection(type, start, file.root(), file.origin(), section, overrides);
    }

    /** What a local crawl starts {@code settings} from: the {@code layers} and the command's starting settings it declares. */
    @SafeVarargs
    private Map<String, Object> local(SettingList settings, Map<String, Object>... layers) {
        Map<String, Object> all = new HashMap<>();
        for (Map<String, Object> layer : layers) {
            all.putAll(layer);
        }
        all.putAll(options.startingSettings);
        return declared(settings, all);
    }

    /** The entries of {@code values} whose keys {@code settings} declares. */
    private static <V> Map<String, V> declared(SettingList settings, Map<String, V> values) {
        Map<String, V> out = new HashMap<>();
        values.forEach((key, value) -> {
            if (settings.get(key) != null) {
                out.put(key, value);
            }
        });
        return out;
    }

    /** {@code given} with {@code shared} over it. */
    private static Map<String, Object> over(Map<String, Object> given, Map<String, JsonNode> shared) {
        Map<String, Object> out = new HashMap<>(given);
        out.putAll(shared);
        return out;
    }

    /** True when the crawl renders pages: by URL (the fetcher's render_patterns) or by their look (render_auto). */
    boolean rendering() {
        return !fetcher.renderPatterns().isEmpty() || parser.renderAuto();
    }

    /** A crawl that renders stops at once, naming the setting, when there is no browser to render with. */
    private static void browserInstalled(RendererConfig renderer) {
        java.nio.file.Path browser = java.nio.file.Path.of(renderer.browserPath());
        if (!java.nio.file.Files.isExecutable(browser)) {
            throw new ConfigException("renderer.browser_path", browser + " is not an executable file, and rendering"
                    + " needs Chromium: install it (Debian: apt-get install chromium) or set browser_path in the"
                    + " renderer section of --config");
        }
    }

    /**
     * {@code config} with the {@code --headers} options over its {@code headers} (a header of the same
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

    /** The archiver's configuration: its defaults, the crawl section, the file's archiver section; null without --warc. */
    ArchiverConfig archiverConfig() {
        return archiver;
    }

    /** How the render worker renders: its defaults, then the file's renderer section. */
    RendererConfig rendererConfig() {
        return renderer;
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
                renderWorker = rendering() ? RenderWorker.create(new RenderSetup(fetcher, renderer), clients, registry,
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
     * The settings the command line gives the crawl section: only the options given, so what the
     * {@code --config} file (or a default) says holds for the others. {@code --allow-patterns}, {@code --deny-patterns} and
     * {@code --no-parent} are the crawl's one scope: the fetcher's redirects and the parser's links alike.
     */
    private static Map<String, Object> crawlOverrides(CrawlOptions o) {
        Map<String, Object> m = new HashMap<>();
        putGiven(m, "crawl_name", o.crawlName);
        putGiven(m, "partitions", o.partitions);
        putGiven(m, "scope", o.scope == null ? null : o.scope.name().toLowerCase(java.util.Locale.ROOT));
        putGiven(m, "max_depth", o.maxDepth);
        putGiven(m, "allow_patterns", o.allow == null ? null : List.copyOf(o.allow));
        putGiven(m, "deny_patterns", o.deny == null ? null : List.copyOf(o.deny));
        putGiven(m, "no_parent", o.noParent);
        return m;
    }

    /** The settings the command line gives the fetcher, besides the crawl section's. */
    private static Map<String, Object> fetcherOverrides(CrawlOptions o) {
        Map<String, Object> m = new HashMap<>();
        putGiven(m, "rate", o.rate);
        putGiven(m, "per_host", o.perHost);
        putGiven(m, "concurrency", o.concurrency);
        // Unset, per_address follows per_host (or keeps what --config set).
        putGiven(m, "per_address", o.perAddress);
        putGiven(m, "max_pages", o.maxPages);
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

    /** The settings the command line gives the parser, besides the crawl section's. */
    private static Map<String, Object> parserOverrides(CrawlOptions o) {
        Map<String, Object> m = new HashMap<>();
        if (o.renderAuto) {
            m.put("render_auto", true);
        }
        putGiven(m, "content", o.content);
        if (o.markdown) {
            m.put("markdown", true);
        }
        return m;
    }

    private static void putGiven(Map<String, Object> settings, String key, Object option) {
        if (option != null) {
            settings.put(key, option);
        }
    }
}
