package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.http.net.HostResolver;
import org.kcrawl.http.politeness.ResolvedAddresses;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.embedded.web.SyntheticWeb;

/**
 * Shared hosting: twelve host names behind two addresses of the synthetic web. Each name keeps its
 * own rate and per-host cap, and the hosts behind one address together never exceed the per-address
 * cap, as the server itself counts. With two fetchers the cap holds per fetcher: an address gets at
 * most the cap from each fetcher that owns one of its hosts (what the README states, measured).
 */
class SharedAddressIT {
    private static final int NAMES = 12;
    private static final int PAGES = 10;
    private static final int PER_HOST = 2;
    private static final int PER_ADDRESS = 3;

    /** Names 0-7 live on the first address, 8-11 on the second. */
    private static HostResolver resolver(SyntheticWeb web) {
        return name -> {
            int i = Integer.parseInt(name.substring(1, name.indexOf('.')));
            try {
                return CompletableFuture.completedFuture(List.of(InetAddress.getByName(web.hostAddress(i < 8 ? 0 : 1))));
            } catch (UnknownHostException e) {
                return CompletableFuture.failedFuture(e);
            }
        };
    }

    private static List<String> urls(SyntheticWeb web) {
        List<String> urls = new ArrayList<>();
        for (int p = 0; p < PAGES; p++) {
            for (int i = 0; i < NAMES; i++) {
                urls.add("http://s" + i + ".shared.test:" + web.port() + (p == 0 ? "/" : "/p/" + p));
            }
        }
        return urls;
    }

    @Test
    void hostsBehindOneAddressShareItsCap() throws Exception {
        CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(),
                SharedKafka.uniqueCrawlName("shared-address"), 4);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(2).pagesPerHost(PAGES)
                .latency(Duration.ofMillis(300)).start()) {
            HostResolver resolver = resolver(web);
            List<String> urls = urls(web);
            FetcherConfig config = crawl.config(Map.of("rate", "10", "per_host", Integer.toString(PER_HOST),
                    "per_address", Integer.toString(PER_ADDRESS)));
            FetcherWorker worker = new FetcherWorker(config, crawl.clients(), new SimpleMeterRegistry(),
                    new NettyHttpFetcher(config.httpClient(), resolver), RedirectRules.defaults(5),
                    new ResolvedAddresses(resolver));
            try {
                worker.start();
                crawl.seed(urls);
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100))
                        .until(() -> worker.pagesFetched() == urls.size() && worker.pending() == 0);
            } finally {
                worker.stop();
            }

            assertThat(crawl.readAs(crawl.topics().pages(), FetchedPage.class)).extracting(FetchedPage::requestedUrl)
                    .doesNotHaveDuplicates().hasSize(urls.size());
            PolitenessAudit.Result shared = PolitenessAudit.concurrencyOf(web.requestLog(), web.hostAddress(0),
                    PER_ADDRESS);
            PolitenessAudit.Result other = PolitenessAudit.concurrencyOf(web.requestLog(), web.hostAddress(1),
                    PER_ADDRESS);
            assertThat(shared.violations()).isEmpty();
            assertThat(other.violations()).isEmpty();
            assertThat(shared.maxConcurrency()).as("eight hosts of two slots each, capped at the address")
                    .isEqualTo(PER_ADDRESS);
            assertThat(shared.requests()).isEqualTo(8 * (PAGES + 1));
        }
    }

    @Test
    void withTwoFetchersTheCapHoldsPerFetcherThatOwnsAHostBehindTheAddress() throws Exception {
        CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(),
                SharedKafka.uniqueCrawlName("shared-address-two"), 4);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(2).pagesPerHost(PAGES)
                .latency(Duration.ofMillis(300)).start()) {
            HostResolver resolver = resolver(web);
            List<String> urls = urls(web);
            FetcherConfig config = crawl.config(Map.of("rate", "10", "per_host", Integer.toString(PER_HOST),
                    "per_address", Integer.toString(PER_ADDRESS)));
            List<RecordingFetcher> clients = new ArrayList<>();
            List<FetcherWorker> workers = new ArrayList<>();
            try {
                for (int w = 0; w < 2; w++) {
                    RecordingFetcher client = new RecordingFetcher(new NettyHttpFetcher(config.httpClient(), resolver));
                    clients.add(client);
                    FetcherWorker worker = new FetcherWorker(config, crawl.clients(), new SimpleMeterRegistry(), client,
                            RedirectRules.defaults(5), new ResolvedAddresses(resolver));
                    workers.add(worker);
                    worker.start();
                }
                // Both in the group before any URL arrives, so no rebalance moves a host mid-crawl.
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() ->
                        workers.get(0).assignedPartitions() > 0 && workers.get(1).assignedPartitions() > 0
                                && workers.get(0).assignedPartitions() + workers.get(1).assignedPartitions() == 4);
                crawl.seed(urls);
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100)).until(() ->
                        workers.get(0).pagesFetched() + workers.get(1).pagesFetched() == urls.size()
                                && workers.get(0).pending() == 0 && workers.get(1).pending() == 0);
            } finally {
                workers.forEach(FetcherWorker::stop);
            }

            assertThat(crawl.readAs(crawl.topics().pages(), FetchedPage.class)).extracting(FetchedPage::requestedUrl)
                    .doesNotHaveDuplicates().hasSize(urls.size());
            for (int a = 0; a < 2; a++) {
                int first = a == 0 ? 0 : 8;
                int last = a == 0 ? 8 : NAMES;
                int owners = 0;
                for (RecordingFetcher client : clients) {
                    boolean owns = false;
                    for (int i = first; i < last; i++) {
                        owns |= !client.startsOf("s" + i + ".shared.test").isEmpty();
                    }
                    owners += owns ? 1 : 0;
                }
                PolitenessAudit.Result seen = PolitenessAudit.concurrencyOf(web.requestLog(), web.hostAddress(a),
                        PER_ADDRESS * owners);
                System.out.printf("address %d: %d hosts behind it, owned by %d of 2 fetchers, at most %d requests in"
                        + " flight (per_address %d)%n", a, last - first, owners, seen.maxConcurrency(), PER_ADDRESS);
                assertThat(seen.violations()).as("the cap, once per fetcher owning a host behind the address")
                        .isEmpty();
            }
        }
    }
}
