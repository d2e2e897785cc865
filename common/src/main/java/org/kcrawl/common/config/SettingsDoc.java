package org.kcrawl.common.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.util.ArrayList;
import java.util.List;

/**
 * What people read of the declared settings, written from the declarations alone: the Markdown table of
 * docs/configuration.md and the commented defaults file of each worker.
 */
public final class SettingsDoc {
    private static final int WIDTH = 110;
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .disable(YAMLGenerator.Feature.SPLIT_LINES));

    private SettingsDoc() {}

    /** The Markdown table of {@code list}: a row per setting, in the declared order. */
    public static String table(SettingList list) {
        StringBuilder sb = new StringBuilder();
        sb.append("| key | type | default | allowed | option | what it does |\n");
        sb.append("|---|---|---|---|---|---|\n");
        for (Setting s : list.settings()) {
            sb.append("| `").append(s.key()).append("` | ").append(s.type().label())
                    .append(" | `").append(cell(s.defaultText())).append("` | ")
                    .append(s.bound().isNone() ? "" : cell(s.rule())).append(" | ")
                    .append(s.option() == null ? "" : "`" + s.option() + "`").append(" | ")
                    .append(cell(s.doc())).append(" |\n");
        }
        return sb.toString();
    }

    /**
     * The defaults file of {@code list}: every setting with its doc as a comment above it and its default, a
     * valid configuration file of the worker as it stands.
     */
    public static String defaultsFile(SettingList list) {
        StringBuilder sb = new StringBuilder();
        sb.append(comment("The " + list.worker() + "'s settings and their defaults, generated from their declarations"
                + " (docs/configuration.md says how to regenerate it). A worker's YAML file and its "
                + list.envPrefix() + "* variables override any key. Durations take units (30s, 5m, 1h, 7d) or"
                + " ISO-8601 (PT30S); sizes take units (512KiB, 2MiB, 1GiB) or a number of bytes."));
        for (Setting s : list.settings()) {
            sb.append('\n').append(comment(s.doc()));
            ObjectNode entry = YAML.createObjectNode();
            entry.set(s.key(), written(s));
            try {
                sb.append(YAML.writeValueAsString(entry));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write the default of " + s.key(), e);
            }
        }
        return sb.toString();
    }

    /** The default as a user writes it in a file: durations and sizes in units. */
    private static JsonNode written(Setting s) {
        return switch (s.type()) {
            case DURATION, SIZE -> YAML.getNodeFactory().textNode(s.defaultText());
            case DURATION_LIST -> {
                var array = YAML.getNodeFactory().arrayNode();
                ((List<?>) s.defaultValue()).forEach(d -> array.add(Units.format((java.time.Duration) d)));
                yield array;
            }
            default -> s.type().node(s.defaultValue());
        };
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    /** {@code text} as YAML comment lines of at most {@link #WIDTH} characters. */
    private static String comment(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder("#");
        for (String word : text.split("\\s+")) {
            if (line.length() + 1 + word.length() > WIDTH && line.length() > 1) {
                lines.add(line.toString());
                line = new StringBuilder("#");
            }
            line.append(' ').append(word);
        }
        lines.add(line.toString());
        return String.join("\n", lines) + "\n";
    }
}
