package org.kcrawl.cli;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.fetcher.kafka.FetcherConfig;
import org.kcrawl.fetcher.kafka.FetcherWorker;
import org.kcrawl.fetcher.kafka.RedirectRules;
import org.kcrawl.fetcher.kafka.RedirectScope;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.kafka.ParserWorker;
import org.kcrawl.parser.scope.DomainScopeFilter;
import org.kcrawl.parser.scope.HostScopeFilter;

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

    private final CrawlOptions options;
    private final FetcherConfig fetcher;
    private final ParserConfig parser;
    private final UrlNormalizer normalizer;

    WorkerWiring(CrawlOptions options) {
        this.options = options;
        ConfigBinder binder = new ConfigBinder();
        FetcherConfig local = binder.bindSection(FetcherConfig.class, FetcherConfig.defaults(), null, "fetcher",
                LOCAL_ROBOTS_SCHEDULE);
        this.fetcher = binder.bindSection(FetcherConfig.class, local, options.config, "fetcher",
                fetcherOverrides(options));
        this.parser = binder.bindSection(ParserConfig.class, ParserConfig.defaults(), options.config, "parser",
                parserOverrides(options));
        this.normalizer = parser.urlNormalizer();
    }

    /** The fetcher's configuration: its defaults, then the {@code --config} file, then the options. */
    FetcherConfig fetcherConfig() {
        return fetcher;
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
     * The fetcher and parser for a crawl from {@code seeds}, talking to {@code clients}' cluster; the
     * fetcher alone for a fetch-only crawl.
     */
    CrawlWorkers workers(KafkaClients clients, List<String> seeds) {
        Set<String> sites = new LinkedHashSet<>();
        for (String seed : seeds) {
            sites.add(HostScopeFilter.siteKey(parsed(seed)));
        }
        ParserConfig parserConfig = parser.withKafka(options.crawlName, clients.bootstrapServers())
                .withSeedSites(List.copyOf(sites));
        MeterRegistry registry = new SimpleMeterRegistry();
        RedirectRules redirects = new RedirectRules(normalizer(), redirectScope(seeds), fetcher.maxRedirectHops());
        FetcherWorker fetcherWorker = FetcherWorker.create(fetcher, clients, registry, fetcher.httpClient(), redirects);
        ParserWorker parserWorker = options.fetchOnly ? null : new ParserWorker(parserConfig, clients, registry);
        return new InProcessWorkers(fetcherWorker, parserWorker, new CapNote(fetcher.perAddressInForce()));
    }

    /** A seed or redirect URL, which the crawl has already checked, split into its parts. */
    private static HttpUrl parsed(String url) {
        try {
            return HttpUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private RedirectScope redirectScope(List<String> seeds) {
        return switch (options.scope) {
            case ANY -> RedirectScope.any();
            case HOST -> {
                Set<String> hosts = new LinkedHashSet<>();
                seeds.forEach(s -> hosts.add(URI.create(s).getHost()));
                RedirectScope same = RedirectScope.sameHost();
                yield (source, target) -> same.allows(source, target) || hosts.contains(URI.create(target).getHost());
            }
            case DOMAIN -> {
                Set<String> domains = new LinkedHashSet<>();
                seeds.forEach(s -> domains.add(DomainScopeFilter.registeredDomain(URI.create(s).getHost())));
                yield (source, target) -> {
                    String domain = DomainScopeFilter.registeredDomain(URI.create(target).getHost());
                    return domain.equals(DomainScopeFilter.registeredDomain(URI.create(source).getHost()))
                            || domains.contains(domain);
                };
            }
        };
    }

    private static Map<String, Object> fetcherOverrides(CrawlOptions o) {
        Map<String, Object> m = new HashMap<>();
        m.put("crawl_name", o.crawlName);
        m.put("rate", o.rate);
        m.put("per_host", o.perHost);
        m.put("concurrency", o.concurrency);
        if (o.perIp != null) {
            // Only when given: unset, per_address follows per_host (or keeps what --config set).
            m.put("per_address", o.perIp);
        }
        m.put("max_pages", o.maxPages);
        m.put("max_depth", o.maxDepth);
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
        return m;
    }

    private static Map<String, Object> parserOverrides(CrawlOptions o) {
        Map<String, Object> m = new HashMap<>();
        m.put("crawl_name", o.crawlName);
        m.put("scope", o.scope.name().toLowerCase(java.util.Locale.ROOT));
        m.put("max_depth", o.maxDepth);
        return m;
    }

    /** The workers of a local crawl, in one JVM. */
    private static final class InProcessWorkers implements CrawlWorkers {
        private final FetcherWorker fetcher;
        /** Null in a fetch-only crawl. */
        private final ParserWorker parser;
        private final CapNote capNote;

        InProcessWorkers(FetcherWorker fetcher, ParserWorker parser, CapNote capNote) {
            this.fetcher = fetcher;
            this.parser = parser;
            this.capNote = capNote;
        }

        @Override
        public void start() {
            fetcher.start();
            if (parser != null) {
                parser.start();
            }
        }

        @Override
        public long pagesFetched() {
            return fetcher.pagesFetched();
        }

        @Override
        public long failedAttempts() {
            // A retry is published for each failed attempt but the last; the last is a failure record.
            return fetcher.retries() + fetcher.failures();
        }

        @Override
        public Map<FailureReason, Long> failuresByReason() {
            return fetcher.failuresByReason();
        }

        @Override
        public int inFlight() {
            return fetcher.inFlight();
        }

        @Override
        public int queued() {
            return fetcher.queued();
        }

        @Override
        public String note() {
            // The fetcher tells of waits only while nothing is on the wire or queued: the crawl is idle but for them.
            String waiting = WaitNote.of(fetcher.waiting());
            return waiting.isEmpty() ? capNote.of(fetcher::heldHosts) : waiting;
        }

        @Override
        public int pending() {
            return fetcher.pending() + (parser == null ? 0 : parser.pending());
        }

        @Override
        public void close() {
            // Fetcher first: its last pages still reach the parser, which drains after it.
            try {
                fetcher.close();
            } finally {
                if (parser != null) {
                    parser.close();
                }
            }
        }
    }
}
