package org.kcrawl.http.robots;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.Meters;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.http.client.HttpFetcher;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.TimeSource;

/**
 * Cached robots.txt rules per origin (scheme, host, port), fetched on first use through the
 * {@link HostScheduler} so the robots.txt request counts against the host's politeness like any
 * other, and is its first request.
 *
 * <p>RFC 9309 semantics: 2xx is parsed (first {@link RobotsSettings#maxBytes()} bytes); redirects
 * are followed up to {@link RobotsSettings#maxRedirects()}, beyond which the file counts as
 * unavailable (allow all); 4xx allows all; 5xx, 429 and network failures disallow everything until
 * the file is fetched again after {@link RobotsSettings#unreachableRetry()}. Concurrent checks for
 * one origin share one fetch.
 *
 * <p>Failed fetches of one origin's file in a row make a streak ({@link RobotsUnreachable}): its
 * network reason, since when, and whether the URLs waiting for it should give up
 * ({@link RobotsSettings#unreachableGiveUp()}). A streak ends when the file is fetched, or when no URL
 * has asked for it for a few retry times (none waits for it any more).
 *
 * <p>The cache is bounded by bytes ({@link RobotsSettings#maxCacheBytes()}, as {@link HostRobots#retainedBytes()}
 * estimates them) and by hosts ({@link RobotsSettings#maxHosts()}); rules not used lately go first and are
 * fetched again when next needed.
 *
 * <p>A parsed file's {@code Sitemap:} URLs on the asking host travel with its verdicts as one
 * {@link SitemapOffer} per cache entry, so they are taken (and published) once per fetch of the file.
 */
public final class RobotsRules implements RobotsPolicy {
    private final HttpFetcher fetcher;
    private final HostScheduler scheduler;
    private final RobotsSettings settings;
    private final RobotsParser parser;
    private final TimeSource time;
    private final AsyncCache<String, Loaded> cache;
    /** The current streak of failed fetches, by origin. */
    private final Cache<String, RobotsUnreachable> streaks;
    private final Map<HostRobots.Kind, Counter> fetched = new EnumMap<>(HostRobots.Kind.class);

    public RobotsRules(HttpFetcher fetcher, HostScheduler scheduler, RobotsSettings settings, TimeSource time,
                       MeterRegistry registry) {
        if (fetcher == null || scheduler == null || settings == null || time == null || registry == null) {
            throw new IllegalArgumentException("fetcher, scheduler, settings, time and registry are required");
        }
        this.fetcher = fetcher;
        this.scheduler = scheduler;
        this.settings = settings;
        this.parser = RobotsParser.of(settings);
        this.time = time;
        // One weight bounds both bytes and hosts: every entry weighs at least the budget's share of one host.
        long floor = Math.max(1, settings.maxCacheBytes() / settings.maxHosts());
        this.cache = Caffeine.newBuilder()
                .maximumWeight(settings.maxCacheBytes())
                .weigher((String origin, Loaded l) -> (int) Math.min(Integer.MAX_VALUE,
                        Math.max(floor, 2L * origin.length() + l.robots.retainedBytes())))
                .ticker(time::nanoTime)
                // Completion bookkeeping is tiny; running it inline keeps it off the common pool.
                .executor(Runnable::run)
                .expireAfter(new LoadedExpiry())
                .buildAsync();
        this.streaks = Caffeine.newBuilder()
                .maximumSize(settings.maxHosts())
                .ticker(time::nanoTime)
                .executor(Runnable::run)
                // A URL that retries asks again about one retry time later; three without one end the streak.
                .expireAfterWrite(settings.unreachableRetry().multipliedBy(3).plus(settings.unreachableGiveUp()))
                .build();
        for (HostRobots.Kind kind : HostRobots.Kind.values()) {
            fetched.put(kind, Meters.counter(MeterCatalogue.FETCH_ROBOTS)
                    .tag("result", kind.name().toLowerCase(Locale.ROOT))
                    .register(registry));
        }
    }

    @Override
    public CompletableFuture<RobotsVerdict> check(String url, Claim claim) {
        String origin = origin(url);
        String host = HostKey.of(url);
        RobotsFetch[] started = new RobotsFetch[1];
        CompletableFuture<Loaded> loaded = cache.get(origin, (key, executor) -> {
            CompletableFuture<HostRobots> raw = new CompletableFuture<>();
            String robotsUrl = origin + "/robots.txt";
            started[0] = new RobotsFetch(robotsUrl, host, claim, 0, raw, this);
            return raw.thenApply(robots -> loaded(key, host, robotsUrl, robots));
        });
        if (started[0] != null) {
            // Submitted outside the cache's compute: a fetch that completes at once must not
            // update the cache entry from inside its own creation.
            scheduler.submit(started[0], null);
        }
        return loaded.thenApply(l -> verdict(l, url));
    }

    @Override
    public Optional<RobotsUnreachable> unreachable(String url) {
        return Optional.ofNullable(streaks.getIfPresent(origin(url)));
    }

    /** Origins whose rules are cached (including ones still loading); tests check the cache's bound. */
    long cachedOrigins() {
        cache.synchronous().cleanUp();
        return cache.synchronous().estimatedSize();
    }

    /** Bytes charged for the rules cached now ({@link HostRobots#retainedBytes()}). */
    long cachedBytes() {
        cache.synchronous().cleanUp();
        return cache.synchronous().policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    private Loaded loaded(String origin, String host, String robotsUrl, HostRobots robots) {
        fetched.get(robots.kind()).increment();
        if (robots.crawlDelay() != null) {
            scheduler.crawlDelay(host, robots.crawlDelay());
        }
        if (robots.kind() != HostRobots.Kind.UNREACHABLE) {
            streaks.invalidate(origin);
            // Same host only, judged against the host that asked: a redirect to another host's robots.txt
            // must not let that file point the crawl at its own sitemaps either.
            long ttl = settings.ttl().toNanos();
            return new Loaded(robots, SitemapOffer.of(host, robotsUrl, robots.sitemaps()), null, ttl);
        }
        RobotsUnreachable streak = streaks.asMap().compute(origin, (key, previous) -> RobotsUnreachable.after(
                previous, robots, time.now(), settings.unreachableRetry(), settings.unreachableGiveUp()));
        return new Loaded(robots, SitemapOffer.none(), streak, settings.unreachableRetry().toNanos());
    }

    private RobotsVerdict verdict(Loaded loaded, String url) {
        HostRobots robots = loaded.robots;
        if (robots.kind() == HostRobots.Kind.UNREACHABLE) {
            return RobotsVerdict.unavailable(loaded.unreachable);
        }
        return new RobotsVerdict(robots.allows(url) ? RobotsVerdict.Status.ALLOWED : RobotsVerdict.Status.DISALLOWED,
                robots.crawlDelay(), null, loaded.sitemaps);
    }

    HttpFetcher fetcher() {
        return fetcher;
    }

    HostScheduler scheduler() {
        return scheduler;
    }

    RobotsSettings settings() {
        return settings;
    }

    RobotsParser parser() {
        return parser;
    }

    TimeSource time() {
        return time;
    }

    /** The robots.txt origin of {@code url}: scheme, host and port, the scope RFC 9309 gives a file. */
    static String origin(String url) {
        try {
            URI u = new URI(url);
            String scheme = u.getScheme().toLowerCase(Locale.ROOT);
            String host = u.getHost().toLowerCase(Locale.ROOT);
            int port = u.getPort();
            boolean defaultPort = port == -1 || (scheme.equals("http") && port == 80)
                    || (scheme.equals("https") && port == 443);
            return scheme + "://" + host + (defaultPort ? "" : ":" + port);
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalArgumentException("url is not an absolute http(s) URL: " + url, e);
        }
    }

    /** A resolved file; {@code unreachable} is the streak it extends when it could not be fetched, else null. */
    private record Loaded(HostRobots robots, SitemapOffer sitemaps, RobotsUnreachable unreachable, long ttlNanos) {}

    private static final class LoadedExpiry implements Expiry<String, Loaded> {
        @Override
        public long expireAfterCreate(String key, Loaded value, long currentTime) {
            return value.ttlNanos;
        }

        @Override
        public long expireAfterUpdate(String key, Loaded value, long currentTime, long currentDuration) {
            return value.ttlNanos;
        }

        @Override
        public long expireAfterRead(String key, Loaded value, long currentTime, long currentDuration) {
            return currentDuration;
        }
    }
}
