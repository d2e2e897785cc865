package org.kcrawl.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A meter built from its catalogue entry carries the catalogue's description and unit; nothing else is built. */
class MetersTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void eachKindTakesItsDescriptionAndUnitFromTheCatalogue() {
        Meters.counter(MeterCatalogue.FETCH_BYTES).register(registry);
        Meters.gauge(MeterCatalogue.FETCH_PAGES_UNACKED_BYTES, new AtomicInteger(), AtomicInteger::get)
                .register(registry);
        Meters.functionCounter(MeterCatalogue.FETCH_SEEN_RESTORED, new AtomicInteger(), AtomicInteger::get)
                .register(registry);
        Meters.timer(MeterCatalogue.FETCH_DURATION).tag("status_class", "2xx").register(registry);

        for (Meter m : registry.getMeters()) {
            MeterSpec spec = MeterCatalogue.find(m.getId().getName()).orElseThrow();
            assertThat(m.getId().getDescription()).as(m.getId().getName()).isEqualTo(spec.description());
        }
        assertThat(registry.get(MeterCatalogue.FETCH_BYTES).counter().getId().getBaseUnit()).isEqualTo("bytes");
        assertThat(registry.get(MeterCatalogue.FETCH_PAGES_UNACKED_BYTES).gauge().getId().getBaseUnit())
                .isEqualTo("bytes");
        // Prometheus would append "records" to the counter's series name, which the catalogue documents without it.
        assertThat(registry.get(MeterCatalogue.FETCH_SEEN_RESTORED).functionCounter().getId().getBaseUnit()).isNull();
    }

    @Test
    void prometheusShowsTheCatalogueDescriptionAsHelpAndATimersHistogramWhenItsKindSaysSo() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Meters.timer(MeterCatalogue.FETCH_DURATION).tag("status_class", "2xx").register(prometheus);
        Meters.gauge(MeterCatalogue.FETCH_INFLIGHT, new AtomicInteger(), AtomicInteger::get).register(prometheus);

        String scrape = prometheus.scrape();
        assertThat(scrape).contains("# HELP crawl_fetch_inflight "
                + MeterCatalogue.find(MeterCatalogue.FETCH_INFLIGHT).orElseThrow().description() + "\n");
        assertThat(scrape).contains("# HELP crawl_fetch_duration_seconds "
                + MeterCatalogue.find(MeterCatalogue.FETCH_DURATION).orElseThrow().description() + "\n");
        assertThat(scrape).contains("crawl_fetch_duration_seconds_bucket{");
    }

    @Test
    void aNameTheCatalogueDoesNotListOrOfAnotherKindIsRefused() {
        assertThatThrownBy(() -> Meters.counter("crawl.fetch.nonsense"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("crawl.fetch.nonsense is not in the MeterCatalogue");
        assertThatThrownBy(() -> Meters.counter(MeterCatalogue.FETCH_INFLIGHT))
                .hasMessage("crawl.fetch.inflight is a gauge in the MeterCatalogue, not a counter");
        assertThatThrownBy(() -> Meters.timer(MeterCatalogue.FETCH_BYTES))
                .hasMessage("crawl.fetch.bytes is a counter in the MeterCatalogue, not a timer");
    }
}
