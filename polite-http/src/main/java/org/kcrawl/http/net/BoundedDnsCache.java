package org.kcrawl.http.net;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.dns.DnsRecord;
import io.netty.resolver.dns.DnsCache;
import io.netty.resolver.dns.DnsCacheEntry;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The resolver's answers by host name, within a byte budget as well as their TTLs: Netty's
 * {@code DefaultDnsCache} keeps every name it ever resolved until its TTL ends, so a crawl over millions of
 * hosts holds millions of names for up to {@code maxTtl}. Names not asked for lately go first
 * (Caffeine's eviction policy).
 *
 * <p>Same rules as Netty's cache otherwise: a name's addresses accumulate and all expire with the
 * shortest TTL among them; a failure replaces them (and is kept for {@code negativeTtl}); an answer to a
 * query with additional records is not cached.
 */
final class BoundedDnsCache implements DnsCache {
    /** Retained bytes of a name's entry beyond its characters: the map node, the list, the expiry. */
    static final int NAME_OVERHEAD_BYTES = 160;
    /** Retained bytes of one address: the entry, the {@link InetAddress} and its holder, the host name copy. */
    static final int ADDRESS_BYTES = 120;
    /** Retained bytes of a cached failure: the entry and its exception (whose stack trace may be kept). */
    static final int FAILURE_BYTES = 2048;

    private final Cache<String, Entries> cache;
    private final int minTtlSeconds;
    private final int maxTtlSeconds;
    private final int negativeTtlSeconds;

    /**
     * A cache of at most {@code maxBytes} (as estimated by {@link #weigh}), entries living between
     * {@code minTtl} and {@code maxTtl} seconds, failures {@code negativeTtl} seconds (0: not cached).
     */
    BoundedDnsCache(long maxBytes, int minTtl, int maxTtl, int negativeTtl, Ticker ticker) {
        if (maxBytes < 1 || minTtl < 0 || maxTtl < minTtl || negativeTtl < 0 || ticker == null) {
            throw new IllegalArgumentException("need maxBytes >= 1, 0 <= minTtl <= maxTtl, negativeTtl >= 0 and a"
                    + " ticker but got " + maxBytes + ", " + minTtl + ", " + maxTtl + ", " + negativeTtl);
        }
        this.minTtlSeconds = minTtl;
        this.maxTtlSeconds = maxTtl;
        this.negativeTtlSeconds = negativeTtl;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((String name, Entries e) -> weigh(name, e))
                .expireAfter(new EntriesExpiry())
                .ticker(ticker)
                // Eviction bookkeeping is small; inline keeps it off the common pool and deterministic.
                .executor(Runnable::run)
                .build();
    }

    /** The bytes charged for {@code name}'s entries. */
    static int weigh(String name, Entries e) {
        long bytes = NAME_OVERHEAD_BYTES + 2L * name.length()
                + (long) e.list.size() * (e.failed() ? FAILURE_BYTES : ADDRESS_BYTES);
        return (int) Math.min(Integer.MAX_VALUE, bytes);
    }

    /** Bytes charged for what the cache holds now. */
    long weightedBytes() {
        cache.cleanUp();
        return cache.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    @Override
    public void clear() {
        cache.invalidateAll();
    }

    @Override
    public boolean clear(String hostname) {
        return cache.asMap().remove(key(hostname)) != null;
    }

    @Override
    public List<? extends DnsCacheEntry> get(String hostname, DnsRecord[] additionals) {
        if (!cacheable(additionals)) {
            return null;
        }
        Entries e = cache.getIfPresent(key(hostname));
        return e == null ? null : e.list;
    }

    @Override
    public DnsCacheEntry cache(String hostname, DnsRecord[] additionals, InetAddress address, long originalTtl,
                               EventLoop loop) {
        Entry entry = new Entry(hostname, address, null);
        if (maxTtlSeconds == 0 || !cacheable(additionals)) {
            return entry;
        }
        long ttlNanos = TimeUnit.SECONDS.toNanos(Math.max(minTtlSeconds, Math.min(maxTtlSeconds, originalTtl)));
        cache.asMap().compute(key(hostname), (name, previous) -> previous == null || previous.failed()
                ? new Entries(List.of(entry), ttlNanos, true) : previous.plus(entry, ttlNanos));
        return entry;
    }

    @Override
    public DnsCacheEntry cache(String hostname, DnsRecord[] additionals, Throwable cause, EventLoop loop) {
        Entry entry = new Entry(hostname, null, cause);
        if (negativeTtlSeconds == 0 || !cacheable(additionals)) {
            return entry;
        }
        cache.put(key(hostname), new Entries(List.of(entry), TimeUnit.SECONDS.toNanos(negativeTtlSeconds), true));
        return entry;
    }

    private static boolean cacheable(DnsRecord[] additionals) {
        return additionals == null || additionals.length == 0;
    }

    /** Names as Netty's cache keys them: fully qualified, with the root's dot. */
    private static String key(String hostname) {
        return hostname.endsWith(".") ? hostname : hostname + ".";
    }

    /**
     * One name's entries; {@code ttlNanos} is how long they live from now: the new entry's TTL, which is
     * kept only when it ends sooner than the others' ({@code replaced} false) unless it replaced them.
     */
    record Entries(List<Entry> list, long ttlNanos, boolean replaced) {
        boolean failed() {
            return list.get(0).cause() != null;
        }

        Entries plus(Entry entry, long ttl) {
            List<Entry> next = new ArrayList<>(list.size() + 1);
            for (Entry e : list) {
                if (!e.address().equals(entry.address())) {
                    next.add(e);
                }
            }
            next.add(entry);
            return new Entries(List.copyOf(next), ttl, false);
        }
    }

    /** One address, or one failure, of a name. */
    record Entry(String hostname, InetAddress address, Throwable cause) implements DnsCacheEntry {}

    /** A name's entries all end with the soonest TTL among them, as in Netty's cache. */
    private static final class EntriesExpiry implements Expiry<String, Entries> {
        @Override
        public long expireAfterCreate(String key, Entries value, long currentTime) {
            return value.ttlNanos;
        }

        @Override
        public long expireAfterUpdate(String key, Entries value, long currentTime, long currentDuration) {
            return value.replaced ? value.ttlNanos : Math.min(currentDuration, value.ttlNanos);
        }

        @Override
        public long expireAfterRead(String key, Entries value, long currentTime, long currentDuration) {
            return currentDuration;
        }
    }
}
