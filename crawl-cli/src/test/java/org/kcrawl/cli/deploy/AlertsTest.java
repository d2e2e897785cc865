package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.MeterSpec;

/**
 * The PrometheusRule's alerts: the ones an operator needs, reading only documented series with
 * documented tag values, grouped by crawl, and aimed at the pods and topics the manifests make.
 */
class AlertsTest {
    /** Series from outside the catalogue: Prometheus' own scrape health and kube-state-metrics. */
    private static final Set<String> EXTERNAL_SERIES = Set.of("up", "kube_pod_status_ready");
    private static final Pattern MATCHERS = Pattern.compile("\\b([a-z_:][a-z0-9_:]*)\\{([^}]*)}");
    private static final Pattern MATCHER = Pattern.compile("([a-z_]+)\\s*(=~|!~|!=|=)\\s*\"((?:\\\\.|[^\"\\\\])*)\"");
    private static final Pattern DURATION = Pattern.compile("\\d+[smhd]");

    private static Map<String, JsonNode> alerts() {
        List<JsonNode> rules = new ArrayList<>();
        for (JsonNode doc : Repo.yamlDocuments(Repo.file("k8s/prometheus-rule.yaml"))) {
            assertThat(doc.path("kind").asText()).isEqualTo("PrometheusRule");
            assertThat(doc.path("apiVersion").asText()).isEqualTo("monitoring.coreos.com/v1");
            doc.path("spec").path("groups").forEach(g -> g.path("rules").forEach(rules::add));
        }
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        rules.forEach(r -> assertThat(byName.put(r.path("alert").asText(), r)).as("one alert named %s", r).isNull());
        return byName;
    }

    @Test
    void theAlertsOperatorsAskForAreThere() {
        assertThat(alerts().keySet()).contains("KcrawlLagGrowing", "KcrawlDeadLetters", "KcrawlFetchErrorRatioHigh",
                "KcrawlWorkerNotReady", "KcrawlWorkerDown");
        assertThat(alerts().get("KcrawlLagGrowing").path("for").asText()).isEqualTo("10m");
        assertThat(alerts().get("KcrawlLagGrowing").path("expr").asText()).contains("deriv(").contains("[10m:");
        String deadLetters = alerts().get("KcrawlDeadLetters").path("expr").asText();
        List<MeterSpec> counters = MeterCatalogue.meters().stream().filter(m -> m.name().endsWith(".dead.letters"))
                .toList();
        assertThat(counters).hasSize(WorkerKind.values().length);
        counters.forEach(m -> assertThat(deadLetters).as("every worker's dead letters")
                .contains(m.prometheusNames().get(0) + "["));
    }

    @Test
    void everyAlertIsCompleteAndItsExpressionWellFormed() {
        alerts().forEach((name, rule) -> {
            String expr = rule.path("expr").asText();
            assertThat(expr).as(name).isNotBlank();
            assertThat(balanced(expr)).as("brackets of %s", name).isTrue();
            if (rule.has("for")) {
                assertThat(rule.path("for").asText()).as(name).matches(DURATION);
            }
            assertThat(rule.path("labels").path("severity").asText()).as(name).isIn("warning", "critical");
            assertThat(rule.path("annotations").path("summary").asText()).as(name).isNotBlank();
            assertThat(rule.path("annotations").path("description").asText()).as(name).isNotBlank();
        });
    }

    @Test
    void alertsReadDocumentedSeriesWithDocumentedTagValuesAndTellCrawlsApart() {
        Map<String, MeterSpec> bySeries = new HashMap<>();
        MeterCatalogue.meters().forEach(m -> m.prometheusNames().forEach(n -> bySeries.put(n, m)));
        alerts().forEach((name, rule) -> {
            String expr = rule.path("expr").asText();
            Set<String> series = new TreeSet<>(PromQl.seriesNames(expr));
            assertThat(series).as(name).isNotEmpty();
            for (String s : series) {
                assertThat(bySeries.containsKey(s) || EXTERNAL_SERIES.contains(s)).as("%s reads %s", name, s).isTrue();
            }
            if (series.stream().anyMatch(bySeries::containsKey)) {
                assertThat(expr).as("%s groups by crawl", name).containsPattern("by \\([^)]*\\bcrawl\\b");
            }
            Matcher m = MATCHERS.matcher(expr);
            while (m.find()) {
                MeterSpec spec = bySeries.get(m.group(1));
                Matcher each = MATCHER.matcher(m.group(2));
                while (spec != null && each.find()) {
                    List<String> documented = spec.tags().get(each.group(1));
                    if (documented == null || documented.isEmpty()) {
                        continue;
                    }
                    for (String value : each.group(3).split("\\|")) {
                        assertThat(documented).as("%s: %s=%s is a value %s takes", name, each.group(1), value,
                                spec.name()).contains(value);
                    }
                }
            }
        });
    }

    @Test
    void lagAlertsWatchTheWorkQueuesNotTheParkingTiersAndPodAlertsMatchTheWorkersPods() {
        String lag = alerts().get("KcrawlLagGrowing").path("expr").asText();
        Matcher topic = Pattern.compile("topic=~\"([^\"]+)\"").matcher(lag);
        assertThat(topic.find()).isTrue();
        // Prometheus anchors regular expressions at both ends, as String.matches does.
        String regex = topic.group(1).replace("\\\\", "\\");
        assertThat("news.urls".matches(regex)).isTrue();
        assertThat("news.pages".matches(regex)).isTrue();
        assertThat("news.render".matches(regex)).as("the render workers' queue").isTrue();
        assertThat("news.urls.parked-0".matches(regex)).isFalse();
        assertThat("news.records".matches(regex)).isFalse();

        for (String alert : List.of("KcrawlWorkerNotReady", "KcrawlWorkerDown")) {
            Matcher pod = Pattern.compile("pod=~\"([^\"]+)\"").matcher(alerts().get(alert).path("expr").asText());
            assertThat(pod.find()).as(alert).isTrue();
            for (WorkerKind kind : WorkerKind.values()) {
                // A Deployment's pods are named after it, then the ReplicaSet's hash and the pod's own suffix.
                assertThat(("kcrawl-" + kind.name + "-7d9c5b6f4-x2x9k").matches(pod.group(1))).as(alert).isTrue();
            }
        }
    }

    private static boolean balanced(String expr) {
        StringBuilder open = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < expr.length(); i++) {
            char c = expr.charAt(i);
            if (c == '"' && (i == 0 || expr.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            } else if (!quoted && "([{".indexOf(c) >= 0) {
                open.append(c);
            } else if (!quoted && ")]}".indexOf(c) >= 0) {
                if (open.length() == 0 || "([{".indexOf(open.charAt(open.length() - 1)) != ")]}".indexOf(c)) {
                    return false;
                }
                open.setLength(open.length() - 1);
            }
        }
        return open.length() == 0 && !quoted;
    }
}
