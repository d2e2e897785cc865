package org.kcrawl.common.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One setting, declared once: its key, type, default, bound, one sentence of doc, and the crawl command's
 * option where it has one. The binding, the check and its message, the defaults, the docs table and the
 * defaults files all come from this declaration ({@link SettingList}).
 *
 * <p>Declare one with a factory of its type and narrow it:
 * {@code Setting.integer("per_host", 2, "concurrent requests per host").atLeast(1).option("--per-host")}.
 *
 * @param key the key in YAML files and, upper-cased, in {@code KCRAWL_<WORKER>_<KEY>} variables
 * @param type the kind of value
 * @param defaultValue the default, as {@link SettingType} reads a value
 * @param bound what the value must be besides its type
 * @param doc what the setting means, for people
 * @param option the crawl command's option that sets it ({@code --per-host}), or null
 * @param oldOptions earlier names of that option, still accepted with a warning
 */
public record Setting(String key, SettingType type, Object defaultValue, Bound bound, String doc, String option,
                      List<String> oldOptions) {
    public Setting {
        Checks.key(key);
        if (doc == null || doc.isBlank()) {
            throw new IllegalArgumentException("setting " + key + " needs a doc");
        }
        oldOptions = List.copyOf(oldOptions);
    }

    private static Setting of(String key, SettingType type, Object declared, String doc) {
        return new Setting(key, type, type.declared(declared), Bound.NONE, doc, null, List.of());
    }

    /** A whole number. */
    public static Setting integer(String key, long defaultValue, String doc) {
        return of(key, SettingType.INTEGER, defaultValue, doc);
    }

    /** A number, fractions allowed. */
    public static Setting number(String key, double defaultValue, String doc) {
        return of(key, SettingType.NUMBER, defaultValue, doc);
    }

    /** true or false. */
    public static Setting flag(String key, boolean defaultValue, String doc) {
        return of(key, SettingType.BOOLEAN, defaultValue, doc);
    }

    /** Text (null allowed only where the default is null). */
    public static Setting text(String key, String defaultValue, String doc) {
        return of(key, SettingType.TEXT, defaultValue, doc);
    }

    /** One of {@code choices}, lower case. */
    public static Setting choice(String key, String defaultValue, String doc, String... choices) {
        Setting s = of(key, SettingType.CHOICE, defaultValue, doc);
        return s.bounded(s.bound.withChoices(Arrays.asList(choices)));
    }

    /** A duration, the default written as a user would ({@code 30s}, {@code 5m}). */
    public static Setting duration(String key, String defaultValue, String doc) {
        return of(key, SettingType.DURATION, defaultValue, doc);
    }

    /** A size in bytes, the default written as a user would ({@code 2MiB}). */
    public static Setting size(String key, String defaultValue, String doc) {
        return of(key, SettingType.SIZE, defaultValue, doc);
    }

    /** A list of text. */
    public static Setting list(String key, List<String> defaultValue, String doc) {
        return of(key, SettingType.LIST, defaultValue, doc);
    }

    /** A list of durations, written as a user would. */
    public static Setting durations(String key, List<String> defaultValue, String doc) {
        return of(key, SettingType.DURATION_LIST, defaultValue, doc);
    }

    /** A mapping or a list of mappings, whose shape its configuration record checks. */
    public static Setting structured(String key, Object defaultValue, String doc) {
        return of(key, SettingType.STRUCTURED, defaultValue, doc);
    }

    /** This setting with values below {@code least} refused. */
    public Setting atLeast(long least) {
        return bounded(bound.withLeast(limit(least), false));
    }

    /** This setting with values above {@code most} refused. */
    public Setting atMost(long most) {
        return bounded(bound.withMost(limit(most)));
    }

    /** This setting with values above {@code most} (a duration or size as a user writes it) refused. */
    public Setting atMost(String most) {
        return bounded(bound.withMost((Comparable<?>) type.declared(most)));
    }

    /** This setting with durations above {@code most} refused. */
    public Setting atMost(Duration most) {
        return bounded(bound.withMost(most));
    }

    /** This setting with values from {@code least} to {@code most} only. */
    public Setting between(long least, long most) {
        return atLeast(least).atMost(most);
    }

    /** This setting with zero and less refused (a number or a duration). */
    public Setting positive() {
        return bounded(bound.withLeast(type == SettingType.DURATION ? Duration.ZERO : limit(0), true));
    }

    /** This setting with negative values refused. */
    public Setting notNegative() {
        return bounded(bound.withLeast(type == SettingType.DURATION ? Duration.ZERO : limit(0), false));
    }

    /** This setting with 0 also allowed below its least value, meaning {@code meaning}. */
    public Setting orZero(String meaning) {
        return bounded(bound.withZero(meaning));
    }

    /** This setting's text must match {@code regex} whole; {@code means} says what that is. */
    public Setting matching(String regex, String means) {
        return bounded(bound.withPattern(regex, means));
    }

    /** This setting set by the crawl command's {@code name}, formerly also called {@code oldNames}. */
    public Setting option(String name, String... oldNames) {
        return new Setting(key, type, defaultValue, bound, doc, name, Arrays.asList(oldNames));
    }

    private Setting bounded(Bound b) {
        return new Setting(key, type, defaultValue, b, doc, option, oldOptions);
    }

    private Comparable<?> limit(long n) {
        return type == SettingType.NUMBER ? (Comparable<?>) (double) n : (Comparable<?>) n;
    }

    /** The variable that sets this setting in a worker whose variables start with {@code prefix}. */
    public String variable(String prefix) {
        return prefix + key.toUpperCase(Locale.ROOT);
    }

    /** The default of a whole number or size setting, for a value type whose own defaults are this setting's. */
    public long defaultLong() {
        return ((Number) defaultValue).longValue();
    }

    /** The default of a duration setting, for a value type whose own defaults are this setting's. */
    public Duration defaultDuration() {
        return (Duration) defaultValue;
    }

    /** The default as a user writes it. */
    public String defaultText() {
        return type.display(defaultValue);
    }

    /** What a value must be, for people: its type's shape and its bound. */
    public String rule() {
        return bound.isNone() ? type.shape() : bound.describe(type);
    }

    /**
     * The value {@code node} gives this setting, as {@link SettingType} reads it.
     *
     * @throws ConfigException naming the key, what it must be, the value, and how to fix it
     */
    public Object read(JsonNode node) {
        Object value;
        try {
            value = type.read(node);
            if (value == null && defaultValue != null) {
                throw new IllegalArgumentException("null");
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, refusal(key, type == SettingType.CHOICE ? rule() : type.shape(),
                    node.isTextual() ? "'" + node.asText() + "'" : node.toString()));
        }
        if (!bound.admits(value)) {
            throw new ConfigException(key, refusal(key, rule(), shown(value)));
        }
        return value;
    }

    /**
     * Checks a value given as {@code name} (an option of the crawl command, say), returning it.
     *
     * @throws IllegalArgumentException with the same message shape as a refused configuration value
     */
    public <T> T check(T value, String name) {
        Object read = value instanceof Integer || value instanceof Short ? ((Number) value).longValue() : value;
        if (!bound.admits(read)) {
            throw new IllegalArgumentException(refusal(name, rule(), shown(read)));
        }
        return value;
    }

    /** The one shape of a refusal: what is wrong, with what value, and how to fix it. */
    private String refusal(String name, String must, String was) {
        return name + " must be " + must + " but was " + was + "; to fix, give " + name + " a value that is " + must
                + ", or remove it to get the default (" + defaultText() + ")";
    }

    private String shown(Object value) {
        String text = type.display(value);
        return value instanceof String ? "'" + text + "'" : text;
    }

    /** The checks of a declaration itself. */
    private static final class Checks {
        static void key(String key) {
            if (key == null || !key.matches("[a-z][a-z0-9_]*")) {
                throw new IllegalArgumentException("a setting's key must be snake_case but was " + key);
            }
        }
    }
}
