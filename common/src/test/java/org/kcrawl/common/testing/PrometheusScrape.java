package org.kcrawl.common.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A scrape in the Prometheus text format, read into samples for assertions. Shared with the other
 * modules' tests through common's test jar.
 *
 * @param samples every sample line, in order
 */
public record PrometheusScrape(List<Sample> samples) {

    /** One line: a series name, its labels and its value. */
    public record Sample(String name, Map<String, String> labels, double value) {}

    /** Reads {@code text}, skipping comments and blank lines. */
    public static PrometheusScrape parse(String text) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
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
        return new PrometheusScrape(out);
    }

    /** The distinct series names. */
    public Set<String> names() {
        return samples.stream().map(Sample::name).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The samples of series {@code name}. */
    public List<Sample> named(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).toList();
    }

    /** The sum of every sample of {@code name} whose labels include {@code labels}. */
    public double sum(String name, Map<String, String> labels) {
        return named(name).stream().filter(s -> s.labels().entrySet().containsAll(labels.entrySet()))
                .mapToDouble(Sample::value).sum();
    }

    /** The sum of every sample of {@code name}. */
    public double sum(String name) {
        return sum(name, Map.of());
    }
}
