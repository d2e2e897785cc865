package org.kcrawl.common.metrics;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders the {@link MeterCatalogue} as the metrics table of docs/metrics.md, so the documentation is
 * generated from the code (and a test fails when that copy differs).
 */
public final class CatalogueMarkdown {
    /** The line before the generated table in docs/metrics.md. */
    public static final String BEGIN = "<!-- meters:begin (generated from MeterCatalogue; do not edit by hand) -->";
    /** The line after it. */
    public static final String END = "<!-- meters:end -->";

    private CatalogueMarkdown() {}

    /** The table with its begin and end markers, lines separated by {@code \n}. */
    public static String render() {
        StringBuilder sb = new StringBuilder();
        sb.append(BEGIN).append('\n');
        sb.append("| meter | Prometheus series | type | tags | worker | meaning |\n");
        sb.append("|---|---|---|---|---|---|\n");
        for (MeterSpec m : MeterCatalogue.meters()) {
            sb.append("| `").append(m.name()).append("` | ")
                    .append(m.prometheusNames().stream().map(n -> "`" + n + "`").collect(Collectors.joining(" ")))
                    .append(" | ").append(m.kind().label())
                    .append(" | ").append(tags(m.tags()))
                    .append(" | ").append(m.worker().label())
                    .append(" | ").append(escape(m.description()))
                    .append(m.onFirstUse() ? " (registered when it first happens)" : "")
                    .append(" |\n");
        }
        for (MeterFamily f : MeterCatalogue.families()) {
            sb.append("| `").append(f.prefix()).append("*` | `").append(f.prefix().replace('.', '_'))
                    .append("*` | family | | ").append(f.worker().label())
                    .append(" | ").append(escape(f.source())).append(": ").append(escape(f.description()))
                    .append(" |\n");
        }
        sb.append(END).append('\n');
        return sb.toString();
    }

    private static String tags(Map<String, List<String>> tags) {
        return tags.entrySet().stream()
                .map(e -> "`" + e.getKey() + "`" + (e.getValue().isEmpty() ? "" : ": " + String.join(", ", e.getValue())))
                .collect(Collectors.joining("; "));
    }

    private static String escape(String text) {
        return text.replace("|", "\\|");
    }
}
