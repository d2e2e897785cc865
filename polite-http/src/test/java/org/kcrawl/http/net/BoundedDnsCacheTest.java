package org.kcrawl.http.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.dns.DnsRecord;
import io.netty.resolver.dns.DnsCache;
import io.netty.resolver.dns.DnsCacheEntry;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The resolver's cache holds at most its byte budget however many hosts are crawled, and keeps Netty's TTL rules. */
class BoundedDnsCacheTest {
    private static final DnsRecord[] NONE = new DnsRecord[0];
    private static final long BUDGET = 256 * 1024;

    private final AtomicLong nanos = new AtomicLong();
    private final BoundedDnsCache cache = new BoundedDnsCache(BUDGET, 0, 300, 10, nanos::get);
    private final EventLoop loop = new EmbeddedChannel().eventLoop();

    @Test
    void aCrawlOverManyHostsKeepsTheCacheWithinItsBytes() throws Exception {
        int hosts = 50_000;
        for (int i = 0; i < hosts; i++) {
            String host = "host-" + i + ".example.org";
            cache.cache(host, NONE, address(i, 1), 300, loop);
            cache.cache(host, NONE, address(i, 2), 300, loop);
        }

        long kept = countKept(cache, hosts);
        long entryBytes = BoundedDnsCache.weigh("host-49999.example.org.",
                new BoundedDnsCache.Entries(List.of(entry(1), entry(2)), 1, true));
        assertThat(kept).as("names still cached out of %d", hosts).isPositive()
                .isLessThanOrEqualTo(BUDGET / entryBytes);
        assertThat(cache.weightedBytes()).isLessThanOrEqualTo(BUDGET);
        assertThat(cache.get("host-" + (hosts - 1) + ".example.org", NONE)).as("the latest name")
                .extracting(DnsCacheEntry::address).containsExactly(address(hosts - 1, 1), address(hosts - 1, 2));
    }

    @Test
    void aNamesAddressesEndWithTheShortestTtlAndAFailureReplacesThem() throws Exception {
        cache.cache("a.example.org", NONE, address(1, 1), 300, loop);
        cache.cache("a.example.org.", NONE, address(1, 2), 60, loop);
        cache.cache("a.example.org", NONE, address(1, 2), 120, loop);
        assertThat(cache.get("a.example.org", NONE)).hasSize(2);
        nanos.addAndGet(Duration.ofSeconds(61).toNanos());
        assertThat(cache.get("a.example.org", NONE)).as("after the shortest TTL").isNull();

        cache.cache("b.example.org", NONE, address(2, 1), 3_600, loop);
        assertThat(cache.get("b.example.org", NONE)).as("a TTL above the cap is capped at 300 s").hasSize(1);
        cache.cache("b.example.org", NONE, new UnknownHostException("b.example.org"), loop);
        assertThat(cache.get("b.example.org", NONE)).singleElement()
                .satisfies(e -> assertThat(e.cause()).isInstanceOf(UnknownHostException.class));
        nanos.addAndGet(Duration.ofSeconds(11).toNanos());
        assertThat(cache.get("b.example.org", NONE)).as("a failure lives the negative TTL").isNull();
    }

    @Test
    void anAnswerToAQueryWithAdditionalRecordsIsNotCached() throws Exception {
        DnsRecord[] additionals = {new io.netty.handler.codec.dns.DefaultDnsRawRecord("x.",
                io.netty.handler.codec.dns.DnsRecordType.OPT, 0, io.netty.buffer.Unpooled.EMPTY_BUFFER)};
        cache.cache("c.example.org", additionals, address(3, 1), 300, loop);
        assertThat(cache.get("c.example.org", NONE)).isNull();
    }

    private static long countKept(DnsCache cache, int hosts) {
        long kept = 0;
        for (int i = 0; i < hosts; i++) {
            List<? extends DnsCacheEntry> entries = cache.get("host-" + i + ".example.org", NONE);
            if (entries != null && !entries.isEmpty()) {
                kept++;
            }
        }
        return kept;
    }

    private static BoundedDnsCache.Entry entry(int n) throws UnknownHostException {
        return new BoundedDnsCache.Entry("x", address(0, n), null);
    }

    private static InetAddress address(int host, int n) throws UnknownHostException {
        return InetAddress.getByAddress(new byte[] {10, (byte) (host >> 16), (byte) (host >> 8), (byte) (host + n)});
    }
}
