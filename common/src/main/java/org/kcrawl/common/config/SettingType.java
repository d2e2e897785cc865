package org.kcrawl.common.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The kinds of value a setting takes, each with how it is read from a configuration layer, what it must
 * look like (for the message when it does not) and how its default is written in the docs and the
 * defaults files.
 */
public enum SettingType {
    /** A whole number. */
    INTEGER("integer", "a whole number"),
    /** A number, fractions allowed. */
    NUMBER("number", "a number"),
    /** true or false. */
    BOOLEAN("boolean", "true or false"),
    /** Text; null where the default is null. */
    TEXT("text", "text"),
    /** One of a few words. */
    CHOICE("choice", "one of its choices"),
    /** A duration: {@code 30s}, {@code 5m}, {@code PT30S}. */
    DURATION("duration", "a duration (30s, 5m, 1h, 7d or ISO-8601 such as PT30S)"),
    /** A size in bytes: {@code 2MiB}, {@code 512KiB}, a plain number being bytes. */
    SIZE("size", "a size (2MiB, 512KiB, 1GiB, or a number of bytes)"),
    /** A list of text. */
    LIST("list", "a list"),
    /** A list of durations. */
    DURATION_LIST("list of durations", "a list of durations (30s, 5m, PT30S)"),
    /** A mapping, or a list of mappings: its shape is checked by the worker's configuration record. */
    STRUCTURED("structured", "a mapping or a list of mappings");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String label;
    private final String shape;

    SettingType(String label, String shape) {
        this.label = label;
        this.shape = shape;
    }

    /** The type's name in the settings table. */
    public String label() {
        return label;
    }

    /** What a value of this type looks like, for the message that refuses one. */
    String shape() {
        return shape;
    }

    /**
     * The value of {@code node} as this type: a {@link Long}, {@link Double}, {@link Boolean}, {@link String},
     * {@link Duration} or list of durations; for {@link #LIST} and {@link #STRUCTURED} the node itself.
     *
     * @throws IllegalArgumentException when it is not of this type
     */
    Object read(JsonNode node) {
        return switch (this) {
            case INTEGER -> {
                if (!node.isIntegralNumber() || !node.canConvertToLong()) {
                    throw new IllegalArgumentException();
                }
                yield node.longValue();
            }
            case NUMBER -> {
                if (!node.isNumber()) {
                    throw new IllegalArgumentException();
                }
                yield node.doubleValue();
            }
            case BOOLEAN -> {
                if (!node.isBoolean()) {
                    throw new IllegalArgumentException();
                }
                yield node.booleanValue();
            }
            case TEXT, CHOICE -> {
                if (node.isNull()) {
                    yield null;
                }
                if (!node.isValueNode() || node.isBinary()) {
                    throw new IllegalArgumentException();
                }
                yield node.asText();
            }
            case DURATION -> duration(node);
            case SIZE -> {
                if (node.isIntegralNumber() && node.canConvertToLong()) {
                    yield node.longValue();
                }
                if (!node.isTextual()) {
                    throw new IllegalArgumentException();
                }
                yield Units.bytes(node.asText());
            }
            case DURATION_LIST -> {
                if (!node.isArray()) {
                    throw new IllegalArgumentException();
                }
                List<Duration> out = new ArrayList<>();
                node.forEach(element -> out.add(duration(element)));
                yield List.copyOf(out);
            }
            case LIST -> {
                if (!node.isArray() && !node.isNull()) {
                    throw new IllegalArgumentException();
                }
                yield node;
            }
            case STRUCTURED -> node;
        };
    }

    /** {@code value} as read by {@link #read} (or as declared), as a node the configuration records bind. */
    JsonNode node(Object value) {
        return switch (this) {
            case INTEGER, SIZE -> NODES.numberNode(((Number) value).longValue());
            case NUMBER -> NODES.numberNode(((Number) value).doubleValue());
            case BOOLEAN -> NODES.booleanNode((Boolean) value);
            case TEXT, CHOICE -> value == null ? NODES.nullNode() : NODES.textNode((String) value);
            case DURATION -> NODES.textNode(value.toString());
            case DURATION_LIST -> {
                ArrayNode array = NODES.arrayNode();
                ((List<?>) value).forEach(d -> array.add(d.toString()));
                yield array;
            }
            case LIST, STRUCTURED -> (JsonNode) value;
        };
    }

    /** A declared default, as written in a declaration, read as {@link #read} reads a value. */
    Object declared(Object value) {
        return switch (this) {
            case DURATION -> value instanceof Duration d ? d : Units.duration((String) value);
            case DURATION_LIST -> ((List<?>) value).stream().map(v -> Units.duration((String) v)).toList();
            case SIZE -> value instanceof String s ? Units.bytes(s) : ((Number) value).longValue();
            case INTEGER -> ((Number) value).longValue();
            case NUMBER -> ((Number) value).doubleValue();
            case LIST, STRUCTURED -> ConfigYaml.MAPPER.valueToTree(value);
            default -> value;
        };
    }

    /** A value as people write it, for messages, the docs table and the defaults files. */
    String display(Object value) {
        if (value == null) {
            return "null";
        }
        return switch (this) {
            case DURATION -> Units.format((Duration) value);
            case SIZE -> Units.formatBytes((Long) value);
            case NUMBER -> BigDecimal.valueOf((Double) value).stripTrailingZeros().toPlainString();
            case DURATION_LIST -> ((List<?>) value).stream().map(d -> Units.format((Duration) d)).toList().toString();
            case LIST, STRUCTURED -> {
                JsonNode node = (JsonNode) value;
                yield node.isEmpty() ? (node.isObject() ? "{}" : "[]") : node.toString();
            }
            case TEXT -> value.toString().isEmpty() ? "\"\"" : value.toString();
            default -> value.toString();
        };
    }

    private static Duration duration(JsonNode node) {
        if (node.isNumber()) {
            // A bare number is seconds, as the records' Duration binding has always read it.
            return node.decimalValue().scale() <= 0 ? Duration.ofSeconds(node.longValue())
                    : Duration.ofNanos(node.decimalValue().movePointRight(9).longValue());
        }
        if (!node.isTextual()) {
            throw new IllegalArgumentException();
        }
        return Units.duration(node.asText());
    }
}
