package org.kcrawl.http.net;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import io.netty.channel.EventLoop;
import io.netty.resolver.dns.DnsCnameCache;
import java.util.concurrent.TimeUnit;

/**
 * The resolver's CNAME answers within a byte budget as well as their TTLs (Netty's default keeps every one
 * until its TTL ends); names not asked for lately go first.
 */
final class BoundedCnameCache implements DnsCnameCache {
    /** Retained bytes of an entry beyond the characters of its two names. */
    static final int OVERHEAD_BYTES = 160;

    private final Cache<String, Cname> cache;
    private final int minTtlSeconds;
    private final int maxTtlSeconds;

    /** A cache of at most {@code maxBytes}, entries living between {@code minTtl} and {@code maxTtl} seconds. */
    BoundedCnameCache(long maxBytes, int minTtl, int maxTtl, Ticker ticker) {
        if (maxBytes < 1 || minTtl < 0 || maxTtl < minTtl || ticker == null) {
            throw new IllegalArgumentException("need maxBytes >= 1, 0 <= minTtl <= maxTtl and a ticker but got "
                    + maxBytes + ", " + minTtl + ", " + maxTtl);
        }
        this.minTtlSeconds = minTtl;
        this.maxTtlSeconds = maxTtl;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((String name, Cname c) -> (int) Math.min(Integer.MAX_VALUE,
                        OVERHEAD_BYTES + 2L * (name.length() + c.target.length())))
                .expireAfter(new Expiry<String, Cname>() {
                    @Override
                    public long expireAfterCreate(String key, Cname value, long currentTime) {
                        return value.ttlNanos;
                    }

                    @Override
                    public long expireAfterUpdate(String key, Cname value, long currentTime, long currentDuration) {
                        return value.ttlNanos;
                    }

                    @Override
                    public long expireAfterRead(String key, Cname value, long currentTime, long currentDuration) {
                        return currentDuration;
                    }
                })
                .ticker(ticker)
                .executor(Runnable::run)
                .build();
    }

    @Override
    public String get(String hostname) {
        Cname c = cache.getIfPresent(hostname);
        return c == null ? null : c.target;
    }

    @Override
    public void cache(String hostname, String cname, long originalTtl, EventLoop loop) {
        if (maxTtlSeconds == 0) {
            return;
        }
        long ttl = TimeUnit.SECONDS.toNanos(Math.max(minTtlSeconds, Math.min(maxTtlSeconds, originalTtl)));
        cache.put(hostname, new Cname(cname, ttl));
    }

    @Override
    public void clear() {
        cache.invalidateAll();
    }

    @Override
    public boolean clear(String hostname) {
        return cache.asMap().remove(hostname) != null;
    }

    private record Cname(String target, long ttlNanos) {}
}
