package org.kcrawl.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.testing.PrometheusScrape;

class MeterCatalogueTest {

    @Test
    void namesAreUniqueDottedAndTagValuesAreBoundedWords() {
        Set<String> names = new HashSet<>();
        for (MeterSpec m : MeterCatalogue.meters()) {
            assertThat(names.add(m.name())).as("duplicate %s", m.name()).isTrue();
            m.tags().forEach((key, values) -> {
                assertThat(key).as("tag key of %s", m.name()).matches("[a-z][a-z._]*");
                assertThat(key).as("no meter is tagged by host or URL").isNotIn("host", "url", "uri", "domain");
                assertThat(values).allMatch(v -> v.matches("[a-z0-9_]+"), "values are bounded words");
            });
            assertThat(MeterCatalogue.familyOf(m.name()).isPresent() || m.name().startsWith("crawl."))
                    .as("%s is a crawl meter or belongs to a documented family", m.name()).isTrue();
        }
    }

    /** Registers one meter per catalogue entry and checks the scrape shows exactly the documented series. */
    @Test
    void documentedPrometheusNamesAreWhatTheRegistryExposes() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        for (MeterSpec m : MeterCatalogue.meters()) {
            Tags tags = Tags.empty();
            for (Map.Entry<String, List<String>> t : m.tags().entrySet()) {
                tags = tags.and(t.getKey(), t.getValue().isEmpty() ? "x" : t.getValue().get(0));
            }
            switch (m.kind()) {
                case COUNTER -> Counter.builder(m.name()).tags(tags).register(registry).increment();
                case GAUGE -> Gauge.builder(m.name(), () -> 1).baseUnit(m.baseUnit()).tags(tags).register(registry);
                case TIMER -> Timer.builder(m.name()).publishPercentileHistogram().tags(tags).register(registry)
                        .record(Duration.ofMillis(3));
                case TIMER_NO_HISTOGRAM -> Timer.builder(m.name()).tags(tags).register(registry)
                        .record(Duration.ofMillis(3));
                case SUMMARY -> DistributionSummary.builder(m.name()).baseUnit(m.baseUnit()).tags(tags)
                        .register(registry).record(10);
            }
        }
        Set<String> exposed = PrometheusScrape.parse(registry.scrape()).names();
        List<String> documented = new ArrayList<>();
        MeterCatalogue.meters().forEach(m -> documented.addAll(m.prometheusNames()));
        assertThat(exposed).containsExactlyInAnyOrderElementsOf(documented);
    }

    @Test
    void rolesSplitTheCatalogue() {
        assertThat(MeterCatalogue.metersOf(MeterSpec.Worker.FETCHER)).extracting(MeterSpec::name)
                .contains(MeterCatalogue.FETCH_OUTCOMES, "jvm.memory.used").doesNotContain(MeterCatalogue.PARSE_PAGES);
        assertThat(MeterCatalogue.metersOf(MeterSpec.Worker.PARSER)).extracting(MeterSpec::name)
                .contains(MeterCatalogue.PARSE_PAGES, MeterCatalogue.KAFKA_RECORDS_LAG)
                .doesNotContain(MeterCatalogue.FETCH_DURATION);
        assertThatThrownBy(() -> MeterCatalogue.metersOf(MeterSpec.Worker.ALL))
                .hasMessageContaining("role");
    }

    @Test
    void theMarkdownTableHasARowPerMeterAndFamily() {
        String table = CatalogueMarkdown.render();
        assertThat(table).startsWith(CatalogueMarkdown.BEGIN).endsWith(CatalogueMarkdown.END + "\n");
        long rows = table.lines().filter(l -> l.startsWith("| `")).count();
        assertThat(rows).isEqualTo(MeterCatalogue.meters().size() + MeterCatalogue.families().size());
        assertThat(table).contains("| `crawl.fetch.duration` | `crawl_fetch_duration_seconds_count`");
    }

    @Test
    void specsRefuseBadNames() {
        assertThatThrownBy(() -> new MeterSpec("Crawl.Fetch", MeterSpec.Kind.COUNTER, null, Map.of(),
                MeterSpec.Worker.FETCHER, "x")).hasMessageContaining("name");
        assertThatThrownBy(() -> new MeterSpec("crawl.x", MeterSpec.Kind.COUNTER, null, Map.of(),
                MeterSpec.Worker.FETCHER, " ")).hasMessageContaining("description");
    }
}
