package org.kcrawl.chaos;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A scrape of a worker's Prometheus endpoint on loopback: every sample line, keyed by its metric name
 * with labels as written.
 *
 * @param samples value of each sample, keyed like {@code crawl_fetch_outcomes_total{outcome="page",...}}
 */
record MetricsScrape(Map<String, Double> samples) {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    MetricsScrape {
        samples = Map.copyOf(samples);
    }

    /** Scrapes {@code http://127.0.0.1:port/metrics}. */
    static MetricsScrape of(int port) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10)).GET().build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("GET /metrics on port " + port + " answered " + response.statusCode());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("cannot scrape metrics on port " + port + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while scraping metrics", e);
        }
    }

    /** Parses the Prometheus text format: comment lines skipped, {@code name{labels} value [timestamp]}. */
    static MetricsScrape parse(String text) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int labelsEnd = line.lastIndexOf('}');
            int split = line.indexOf(' ', Math.max(0, labelsEnd));
            if (split < 0) {
                continue;
            }
            String value = line.substring(split + 1).trim().split(" ")[0];
            out.put(line.substring(0, split), Double.parseDouble(value));
        }
        return new MetricsScrape(out);
    }

    /** The distinct metric names (without labels) that {@code filter} accepts, sorted. */
    java.util.SortedSet<String> names(Predicate<String> filter) {
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        for (String key : samples.keySet()) {
            if (filter.test(name(key))) {
                out.add(name(key));
            }
        }
        return out;
    }

    /** The sum of the samples whose metric name (without labels) {@code name} accepts. */
    double sum(Predicate<String> name) {
        double total = 0;
        for (Map.Entry<String, Double> e : samples.entrySet()) {
            if (name.test(name(e.getKey()))) {
                total += e.getValue();
            }
        }
        return total;
    }

    private static String name(String sample) {
        int brace = sample.indexOf('{');
        return brace < 0 ? sample : sample.substring(0, brace);
    }
}
