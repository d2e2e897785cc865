package org.kcrawl.common.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** A minimal reader of the Prometheus text format for tests: samples with their labels and values. */
record PrometheusText(List<Sample> samples) {

    /** One line of a scrape. */
    record Sample(String name, Map<String, String> labels, double value) {}

    static PrometheusText parse(String scrape) {
        List<Sample> out = new ArrayList<>();
        for (String line : scrape.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int brace = line.indexOf('{');
            int space = line.lastIndexOf(' ');
            String name = brace >= 0 ? line.substring(0, brace) : line.substring(0, space);
            Map<String, String> labels = new LinkedHashMap<>();
            if (brace >= 0) {
                String body = line.substring(brace + 1, line.lastIndexOf('}'));
                for (String pair : body.split(",(?=[a-zA-Z_]+=\")")) {
                    int eq = pair.indexOf('=');
                    labels.put(pair.substring(0, eq), pair.substring(eq + 2, pair.length() - 1));
                }
            }
            out.add(new Sample(name, labels, Double.parseDouble(line.substring(space + 1))));
        }
        return new PrometheusText(out);
    }

    Set<String> names() {
        Set<String> names = new TreeSet<>();
        samples.forEach(s -> names.add(s.name()));
        return names;
    }
}
