package org.kcrawl.fetcher.kafka;

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
import org.kcrawl.fetcher.http.NettyHttpFetcher;
import org.kcrawl.fetcher.net.HostResolver;
import org.kcrawl.fetcher.politeness.ResolvedAddresses;
import org.kcrawl.testkit.kafka.SharedKafka;
import org.kcrawl.testkit.web.SyntheticWeb;

/**
 * Shared hosting: twelve host names behind two addresses of the synthetic web. Each name keeps its
 * own rate and per-host cap, and the hosts behind one address together never exceed the per-address
 * cap, as the server itself counts.
 */
class SharedAddressIT {
    private static final int NAMES = 12;
    private static final int PAGES = 10;
    private static final int PER_HOST = 2;
    private static final int PER_ADDRESS = 3;

    @Test
    void hostsBehindOneAddressShareItsCap() throws Exception {
        CrawlHarness crawl = new CrawlHarness(SharedKafka.bootstrapServers(),
                SharedKafka.uniqueCrawlName("shared-address"), 4);
        try (SyntheticWeb web = SyntheticWeb.builder().hosts(2).pagesPerHost(PAGES)
                .latency(Duration.ofMillis(300)).start()) {
            // Names 0-7 live on the first address, 8-11 on the second.
            HostResolver resolver = name -> {
                int i = Integer.parseInt(name.substring(1, name.indexOf('.')));
                try {
                    return CompletableFuture.completedFuture(List.of(InetAddress.getByName(web.hostAddress(i < 8 ? 0 : 1))));
                } catch (UnknownHostException e) {
                    return CompletableFuture.failedFuture(e);
                }
            };
            List<String> urls = new ArrayList<>();
            for (int p = 0; p < PAGES; p++) {
                for (int i = 0; i < NAMES; i++) {
                    urls.add("http://s" + i + ".shared.test:" + web.port() + (p == 0 ? "/" : "/p/" + p));
                }
            }
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
}
