package org.kcrawl.cli;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.common.scope.SiteKey;
import org.kcrawl.common.scope.SiteScope;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.fetcher.kafka.FetcherConfig;
import org.kcrawl.fetcher.kafka.FetcherWorker;
import org.kcrawl.fetcher.kafka.RedirectRules;
import org.kcrawl.fetcher.kafka.RedirectScope;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.kafka.ParserWorker;

/**
 * Turns the crawl command's options (and its optional {@code --config} file) into the fetcher's and
 * parser's configurations, and builds the in-process workers from them. Options given on the command
 * line win over the file, which wins over the workers' defaults.
 */
final class WorkerWiring {
    private final CrawlOptions options;
    private final FetcherConfig fetcher;
    private final ParserConfig parser;
    private final UrlNormalizer normalizer;

    WorkerWiring(CrawlOptions options) {
        this.options = options;
        ConfigBinder binder = new ConfigBinder();
        this.fetcher = binder.bindSection(FetcherConfig.class, FetcherConfig.defaults(), options.config, "fetcher",
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
            sites.add(SiteKey.of(parsed(seed)));
        }
        ParserConfig parserConfig = parser.withKafka(options.crawlName, clients.bootstrapServers())
                .withSeedSites(List.copyOf(sites));
        MeterRegistry registry = new SimpleMeterRegistry();
        RedirectRules redirects = new RedirectRules(normalizer(), redirectScope(sites), fetcher.maxRedirectHops());
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

    /** The crawl's scope (the parser's mode over the seeds' sites), which redirect targets are judged by too. */
    private RedirectScope redirectScope(Set<String> sites) {
        return RedirectScope.of(new SiteScope(parser.scope(), CrawlSites.of(sites)));
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
        public long failures() {
            return fetcher.failures();
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
        public String capNote() {
            return capNote.of(fetcher::heldHosts);
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
