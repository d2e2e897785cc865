package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.testing.CapturedLogs;
import org.kcrawl.http.client.HttpResult;

/** The fetcher's downloaded-bytes and politeness-wait meters, and the context of its log lines about a URL. */
class FetchObservabilityTest {

    @Test
    void decodedBodyBytesOfAnsweredPagesAreCounted() {
        HandlerFixture f = new HandlerFixture(withoutRobots());
        byte[] page = "<html><body>hello</body></html>".getBytes(StandardCharsets.UTF_8);
        f.fetcher.answer("http://a.test/1", 200, "text/html", page);
        f.fetcher.answer("http://a.test/2", 404, "text/html", new byte[7]);

        f.handle(f.seed("http://a.test/1"));
        f.handle(f.seed("http://a.test/2"));
        f.time.advance(Duration.ofSeconds(2));

        assertThat(f.registry.get(MeterCatalogue.FETCH_BYTES).counter().count()).isEqualTo(page.length + 7);
    }

    @Test
    void theMetersAreExposedUnderTheirDocumentedPrometheusNames() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        FetchMetrics metrics = new FetchMetrics(registry);

        metrics.politenessWait(1_500_000_000L);
        metrics.politenessWait(0);
        metrics.response(new HttpResult("http://a.test/", 200, Map.of(), "text/html", new byte[1000], false, 20,
                "127.0.0.1"));

        String scrape = registry.scrape();
        assertThat(scrape).contains("crawl_fetch_politeness_wait_seconds_count 2")
                .contains("crawl_fetch_politeness_wait_seconds_sum 1.5")
                .contains("crawl_fetch_politeness_wait_seconds_bucket{le=\"+Inf\"} 2")
                .contains("crawl_fetch_bytes_total 1000");
        for (String documented : MeterCatalogue.find(MeterCatalogue.FETCH_POLITENESS_WAIT).orElseThrow()
                .prometheusNames()) {
            assertThat(scrape).contains(documented);
        }
        assertThat(scrape).contains(MeterCatalogue.find(MeterCatalogue.FETCH_BYTES).orElseThrow()
                .prometheusNames().get(0));
    }

    @Test
    void anErrorAboutAUrlNamesItsHostPartitionAndOffset() {
        HandlerFixture.Options o = withoutRobots();
        o.normalizer = u -> {
            throw new IllegalStateException("normalizer bug");
        };
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.answer("http://b.test/moved", 301, null, "", Map.of("location", "/x"));

        try (CapturedLogs logs = CapturedLogs.of(FetchHandler.class)) {
            f.handle(f.seed("http://a.test/fine"));
            CompletableFuture<?> stage = f.handle(f.seed("http://b.test/moved")); // offset 1
            f.time.advance(Duration.ofSeconds(1));

            assertThat(stage).isCompleted();
            assertThat(f.failures()).extracting(FailureRecord::reason).containsExactly(FailureReason.INTERNAL);
            ILoggingEvent error = logs.at(Level.ERROR).get(0);
            assertThat(error.getFormattedMessage()).contains("http://b.test/moved");
            assertThat(error.getMDCPropertyMap()).containsAllEntriesOf(Map.of(LogContext.HOST, "b.test",
                    LogContext.PARTITION, "0", LogContext.OFFSET, "1"));
        }
    }

    private static HandlerFixture.Options withoutRobots() {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.robots = false;
        return o;
    }
}
