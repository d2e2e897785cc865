package org.kcrawl.fetcher.bench;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.fetcher.crawl.CrawlHarness;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.fetcher.crawl.FetcherWorker;
import org.kcrawl.http.net.HostResolver;
import org.kcrawl.http.politeness.ResolvedAddresses;

/**
 * The fetcher side of {@link HeapBoundBenchIT}, run in a JVM of its own with a small heap: one
 * production fetcher worker against an existing crawl, host names {@code hN.heap.test} resolving to
 * the synthetic web's addresses. Every few seconds it forces a full collection and prints one
 * {@code HEAP} line: seconds, pages fetched, URLs pending and queued, heap used after the
 * collection. Arguments: bootstrap servers, crawl name, first address octet, address count,
 * seconds to run; {@code -Dkcrawl.bench.maxHold} overrides {@code max_hold}.
 */
public final class HeapBoundFetcher {
    private HeapBoundFetcher() {}

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String crawlName = args[1];
        int base = Integer.parseInt(args[2]);
        int addresses = Integer.parseInt(args[3]);
        long seconds = Long.parseLong(args[4]);
        HostResolver resolver = name -> {
            int n = Integer.parseInt(name.substring(1, name.indexOf('.')));
            try {
                return CompletableFuture.completedFuture(List.of(InetAddress.getByName("127.0.0." + (base + n % addresses))));
            } catch (UnknownHostException e) {
                return CompletableFuture.failedFuture(e);
            }
        };
        CrawlHarness crawl = new CrawlHarness(bootstrap, crawlName, 12);
        Map<String, String> settings = new java.util.HashMap<>(Map.of("partitions", "12"));
        String maxHold = System.getProperty("kcrawl.bench.maxHold");
        if (maxHold != null) {
            settings.put("max_hold", maxHold);
        }
        FetcherConfig config = crawl.config(settings);
        KafkaClients clients = crawl.clients();
        FetcherWorker worker = new FetcherWorker(config, clients, new SimpleMeterRegistry(),
                new NettyHttpFetcher(config.httpClient(), resolver), RedirectRules.defaults(config.maxRedirectHops()),
                new ResolvedAddresses(resolver));
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long start = System.nanoTime();
        long maxAfterGc = 0;
        worker.start();
        try {
            while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(seconds)) {
                // A reporting thread of its own, not an event loop or poll loop: waiting here is fine.
                TimeUnit.SECONDS.sleep(5);
                System.gc();
                long used = memory.getHeapMemoryUsage().getUsed();
                maxAfterGc = Math.max(maxAfterGc, used);
                System.out.printf("HEAP t=%d pages=%d pending=%d queued=%d parked=%d usedAfterGcMiB=%.1f%n",
                        (System.nanoTime() - start) / 1_000_000_000L, worker.pagesFetched(), worker.pending(),
                        worker.queued(), worker.parkedCount(), used / 1048576.0);
                if (worker.failure().isPresent()) {
                    throw new IllegalStateException("the fetcher failed", worker.failure().get());
                }
            }
        } finally {
            worker.stop();
        }
        System.out.printf("HEAP done pages=%d maxUsedAfterGcMiB=%.1f maxHeapMiB=%.1f%n", worker.pagesFetched(),
                maxAfterGc / 1048576.0, memory.getHeapMemoryUsage().getMax() / 1048576.0);
        System.exit(0);
    }
}
