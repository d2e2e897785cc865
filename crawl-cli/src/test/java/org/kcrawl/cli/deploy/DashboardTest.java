package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.MeterSpec;

/** The Grafana dashboard reads only documented meters, through the provisioned data source. */
class DashboardTest {
    static final String DASHBOARD = "deploy/grafana/dashboards/kcrawl.json";
    /** What every series selector carries, so the variables on top of the dashboard choose what is shown. */
    static final String SCOPE = "crawl=~\"$crawl\",namespace=~\"$namespace\",pod=~\"$pod\"";
    /** A series name and the label matchers after it, if any. */
    private static final java.util.regex.Pattern SELECTOR = java.util.regex.Pattern.compile(
            "\\b((?:crawl|kafka|process|system|jvm)_[a-z0-9_]+)\\b(\\{[^}]*})?(?!\\s*\\()");

    /** Every PromQL expression of the dashboard. */
    static List<String> expressions() {
        List<String> out = new ArrayList<>();
        for (JsonNode panel : Repo.json(DASHBOARD).path("panels")) {
            panel.path("targets").forEach(t -> out.add(t.path("expr").asText()));
        }
        return out;
    }

    /** Every series name the dashboard reads. */
    static Set<String> seriesNames() {
        Set<String> out = new TreeSet<>();
        expressions().forEach(e -> out.addAll(PromQl.seriesNames(e)));
        return out;
    }

    /** The data source uids the panels and queries refer to. */
    static Set<String> datasourceUids() {
        Set<String> uids = new TreeSet<>();
        for (JsonNode panel : Repo.json(DASHBOARD).path("panels")) {
            if (panel.path("type").asText().equals("row")) {
                continue;
            }
            uids.add(panel.path("datasource").path("uid").asText());
            panel.path("targets").forEach(t -> uids.add(t.path("datasource").path("uid").asText()));
        }
        return uids;
    }

    /** The data source variable: its type, and the uid it starts on (the provisioned data source's). */
    static JsonNode datasourceVariable() {
        for (JsonNode v : Repo.json(DASHBOARD).path("templating").path("list")) {
            if (v.path("name").asText().equals("datasource")) {
                return v;
            }
        }
        throw new AssertionError("the dashboard has no datasource variable");
    }

    @Test
    void everySeriesTheDashboardReadsIsInTheCatalogue() {
        Set<String> documented = new TreeSet<>();
        for (MeterSpec m : MeterCatalogue.meters()) {
            documented.addAll(m.prometheusNames());
        }
        assertThat(seriesNames()).isNotEmpty().isSubsetOf(documented);
    }

    @Test
    void itShowsWhatOperatorsAskFirst() {
        String all = String.join("\n", expressions());
        assertThat(all).as("pages/s").contains("rate(crawl_fetch_outcomes_total{outcome=~\"page|redirect\"," + SCOPE + "}");
        assertThat(all).as("status classes").contains("sum by (status_class) (rate(crawl_fetch_responses_total");
        assertThat(all).as("latency percentiles").contains("histogram_quantile(0.99, sum by (le) (rate("
                + "crawl_fetch_duration_seconds_bucket");
        assertThat(all).as("in flight").contains("crawl_fetch_inflight");
        assertThat(all).as("politeness wait").contains("histogram_quantile(0.99, sum by (le) (rate("
                + "crawl_fetch_politeness_wait_seconds_bucket");
        assertThat(all).as("hosts with backlog").contains("sum(crawl_fetch_hosts_backlogged{" + SCOPE + "})");
        assertThat(all).as("what holds hosts back").contains("sum by (cap) (crawl_fetch_hosts_held{" + SCOPE + "})");
        assertThat(all).as("bytes downloaded").contains("rate(crawl_fetch_bytes_total");
        assertThat(all).as("consumer lag").contains("kafka_consumer_fetch_manager_records_lag");
        assertThat(all).as("dead letters").contains("dead-letters");
        assertThat(all).as("parser CPU").contains("process_cpu_usage{worker=\"parser\"," + SCOPE + "}");
    }

    /**
     * Panels read through a data source variable that starts on the provisioned data source's fixed
     * uid, so the file works under file provisioning (no import-time inputs) and, in a Grafana whose
     * Prometheus has another uid, falls back to its default Prometheus.
     */
    @Test
    void panelsUseTheProvisionedDataSourceThroughAVariable() {
        JsonNode dashboard = Repo.json(DASHBOARD);
        assertThat(dashboard.path("uid").asText()).isEqualTo("kcrawl");
        assertThat(dashboard.has("__inputs")).as("no import-time variables under file provisioning").isFalse();
        assertThat(datasourceUids()).containsExactly("${datasource}");
        JsonNode variable = datasourceVariable();
        assertThat(variable.path("type").asText()).isEqualTo("datasource");
        assertThat(variable.path("query").asText()).isEqualTo("prometheus");
        assertThat(variable.path("current").path("value").asText()).isEqualTo("kcrawl-prometheus");
        Set<Integer> ids = new TreeSet<>();
        dashboard.path("panels").forEach(p -> assertThat(ids.add(p.path("id").asInt())).isTrue());
    }

    @Test
    void everySeriesIsNarrowedByTheCrawlNamespaceAndPodVariables() {
        for (String expr : expressions()) {
            java.util.regex.Matcher m = SELECTOR.matcher(expr);
            int found = 0;
            while (m.find()) {
                found++;
                assertThat(m.group(2)).as("%s in %s", m.group(1), expr).isNotNull().endsWith(SCOPE + "}");
            }
            assertThat(found).as(expr).isPositive();
        }
    }

    /**
     * Several crawls share one Prometheus: a crawl, namespace and pod picker each, offering "All" as
     * {@code .*}, which also matches series without the label (docker compose has no namespace or pod).
     */
    @Test
    void crawlNamespaceAndPodArePickedOnTopAndAllMatchesSeriesWithoutTheLabel() {
        Set<String> documented = new TreeSet<>();
        MeterCatalogue.meters().forEach(m -> documented.addAll(m.prometheusNames()));
        List<String> names = new ArrayList<>();
        for (JsonNode v : Repo.json(DASHBOARD).path("templating").path("list")) {
            names.add(v.path("name").asText());
            if (v.path("type").asText().equals("query")) {
                assertThat(v.path("datasource").path("uid").asText()).isEqualTo("${datasource}");
                assertThat(v.path("includeAll").asBoolean()).as(v.path("name").asText()).isTrue();
                assertThat(v.path("allValue").asText()).isEqualTo(".*");
                String query = v.path("query").path("query").asText();
                assertThat(query).startsWith("label_values(").endsWith(", " + v.path("name").asText() + ")");
                assertThat(PromQl.seriesNames(query.substring("label_values(".length(), query.lastIndexOf(','))))
                        .isSubsetOf(documented);
            }
        }
        assertThat(names).containsExactly("datasource", "crawl", "namespace", "pod");
        assertThat(MeterCatalogue.CRAWL_TAG).isEqualTo("crawl");
    }

    @Test
    void theExpressionReaderFindsSeriesButNotFunctionsLabelsOrKeywords() {
        assertThat(PromQl.seriesNames("histogram_quantile(0.9, sum by (le) (rate(a_b_bucket{x=\"y|z\"}[5m])))"
                + " / clamp_min(sum(c_total offset 5m), 0.001) * on(instance) d"))
                .containsExactly("a_b_bucket", "c_total", "d");
    }
}
