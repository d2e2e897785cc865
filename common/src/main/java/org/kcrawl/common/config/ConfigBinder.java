package org.kcrawl.common.config;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Binds an immutable configuration record once at start-up from three layers, later ones winning:
 * the record's defaults, a YAML file, and environment variables. Any problem stops start-up with a
 * {@link ConfigException} that names the key and says what is wrong.
 *
 * <p>A record that declares its settings ({@link SettingList}, in its {@code SETTINGS} field) has every value
 * read through its declaration: durations and sizes in units ({@code 30s}, {@code 2MiB}), and the value's
 * bound checked with one message shape, before the record is built.
 *
 * <p>Environment variables map to top-level keys: with prefix {@code KCRAWL_FETCHER_}, the variable
 * {@code KCRAWL_FETCHER_MAX_IN_FLIGHT} sets {@code max_in_flight}. Values are parsed as YAML scalars,
 * so numbers, booleans and durations like {@code PT30S} work as in the file.
 *
 * <p>A setting that was renamed keeps working under its old name, with a warning naming the new one:
 * the record marks the old name with {@link JsonAlias} on the setting's component, so the rename is
 * stated once, beside the setting.
 *
 * <p>Settings several workers share are a record of their own that each worker's record holds as a
 * {@link JsonUnwrapped} component: its keys stay at the top level, among the worker's own, and count as
 * the worker's settings everywhere here ({@link #settings}).
 */
public final class ConfigBinder {
    private static final Logger log = LoggerFactory.getLogger(ConfigBinder.class);

    private final ObjectMapper yaml;

    public ConfigBinder() {
        yaml = ConfigYaml.MAPPER;
    }

    /**
     * Binds {@code type} starting from {@code defaults}, overlaid by {@code file} (may be null) and by
     * the variables of {@code env} that start with {@code envPrefix}.
     */
    public <T> T bind(Class<T> type, T defaults, Path file, Map<String, String> env, String envPrefix) {
        return bind(type, defaults, file == null ? null : readFile(file), String.valueOf(file), env, envPrefix);
    }

    /**
     * Binds {@code type} as {@link #bind(Class, Object, Path, Map, String)} does, from a file already read into
     * {@code root} (may be null), which {@code origin} names in messages.
     */
    public <T> T bind(Class<T> type, T defaults, JsonNode root, String origin, Map<String, String> env,
                      String envPrefix) {
        ObjectNode tree = yaml.valueToTree(defaults);
        Map<String, String> renamed = renamedSettings(type);
        if (root != null) {
            overlay(tree, renamed(root, renamed, origin), origin);
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            if (e.getKey().startsWith(envPrefix) && e.getKey().length() > envPrefix.length()) {
                String key = e.getKey().substring(envPrefix.length()).toLowerCase(Locale.ROOT);
                String current = renamed.get(key);
                if (current != null) {
                    log.warn("{} is deprecated: use {}{} (the setting '{}' was renamed '{}')", e.getKey(), envPrefix,
                            current.toUpperCase(Locale.ROOT), key, current);
                    key = current;
                }
                if (!tree.has(key)) {
                    throw new ConfigException(e.getKey(), "no such setting '" + key + "'; known settings: "
                            + String.join(", ", (Iterable<String>) tree::fieldNames));
                }
                tree.set(key, scalar(e.getKey(), e.getValue()));
            }
        }
        return toValue(tree, type);
    }

    /**
     * Binds {@code type} from {@code defaults}, overlaid by the mapping under {@code section} of
     * {@code file} (may be null; a missing section is empty), then by {@code overrides} (settings given
     * on a command line, by their snake_case names).
     */
    public <T> T bindSection(Class<T> type, T defaults, Path file, String section, Map<String, ?> overrides) {
        return bindSection(type, defaults, file == null ? null : readFile(file), String.valueOf(file), section, overrides);
    }

    /**
     * Binds {@code type} as {@link #bindSection(Class, Object, Path, String, Map)} does, from a file already read
     * into {@code root} (may be null), which {@code origin} names in messages.
     */
    public <T> T bindSection(Class<T> type, T defaults, JsonNode root, String origin, String section,
                             Map<String, ?> overrides) {
        ObjectNode tree = yaml.valueToTree(defaults);
        Map<String, String> renamed = renamedSettings(type);
        if (root != null) {
            if (!root.isObject()) {
                throw new ConfigException(origin, "the top level must be a mapping with a '" + section
                        + "' section");
            }
            JsonNode part = root.get(section);
            if (part != null && !part.isNull()) {
                String from = origin + " section " + section;
                overlay(tree, renamed(part, renamed, from), from);
            }
        }
        overrides.forEach((key, value) -> {
            if (!tree.has(key)) {
                throw new ConfigException(section + "." + key, "no such setting");
            }
            tree.set(key, yaml.valueToTree(value));
        });
        try {
            return toValue(tree, type);
        } catch (ConfigException e) {
            // Name the section too: the same key may exist in both the fetcher's and the parser's section.
            throw new ConfigException(section + "." + e.key(), e.getMessage().substring(e.getMessage().indexOf("': ") + 3));
        }
    }

    /**
     * The defaults of the configuration record {@code type}: the defaults its {@link SettingList} (its
     * {@code SETTINGS} field) declares. Every setting of the record must be declared and nothing else, so a
     * setting added to the record without a declaration (or a declaration left after its setting went) fails
     * at once.
     */
    public static <T extends Record> T declaredDefaults(Class<T> type) {
        SettingList list = SettingList.of(type);
        if (list == null) {
            throw new IllegalStateException(type.getName() + " declares no SETTINGS");
        }
        List<String> declared = list.settings().stream().map(Setting::key).toList();
        List<String> missing = new ArrayList<>(settings(type));
        missing.removeAll(declared);
        List<String> extra = new ArrayList<>(declared);
        extra.removeAll(settings(type));
        if (!missing.isEmpty() || !extra.isEmpty()) {
            throw new IllegalStateException("the declared settings of " + type.getName() + " lack " + missing
                    + " and have " + extra + " that it does not");
        }
        try {
            return new ConfigBinder().toValue(list.defaults(), type);
        } catch (ConfigException e) {
            throw new IllegalStateException("the declared defaults of " + type.getName() + " are invalid: "
                    + e.getMessage(), e);
        }
    }

    /**
     * The settings of the configuration record {@code type} by key, in the record's order: a component's
     * {@link JsonProperty} name (else its own name), and for a {@link JsonUnwrapped} record component the
     * settings of that record, which sit at the same level.
     */
    public static List<String> settings(Class<? extends Record> type) {
        List<String> keys = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            Class<? extends Record> unwrapped = unwrapped(type, c);
            if (unwrapped != null) {
                keys.addAll(settings(unwrapped));
            } else {
                JsonProperty property = annotation(type, c, JsonProperty.class);
                keys.add(property != null && !property.value().isEmpty() ? property.value() : c.getName());
            }
        }
        return keys;
    }

    /** The record a {@link JsonUnwrapped} component of {@code type} holds, or null when {@code c} is a setting. */
    private static Class<? extends Record> unwrapped(Class<?> type, RecordComponent c) {
        JsonUnwrapped u = annotation(type, c, JsonUnwrapped.class);
        return u != null && u.enabled() && c.getType().isRecord() ? c.getType().asSubclass(Record.class) : null;
    }

    private <T> T toValue(ObjectNode tree, Class<T> type) {
        if (type.isRecord()) {
            refuseUnknown(tree, type.asSubclass(Record.class));
        }
        SettingList declared = SettingList.of(type);
        if (declared != null) {
            declared.read(tree);
        }
        try {
            return yaml.treeToValue(tree, type);
        } catch (UnrecognizedPropertyException e) {
            throw new ConfigException(e.getPropertyName(), "unknown setting; known settings: "
                    + e.getKnownPropertyIds());
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new ConfigException(keyOf(tree, cause.getMessage(), path(e)), cause.getMessage());
        } catch (IOException e) {
            throw new ConfigException(path(e), e.getMessage());
        }
    }

    /**
     * Refuses a key that is none of {@code type}'s settings (nor an old name of one), naming it. Jackson
     * refuses one too, but not for a record with a {@link JsonUnwrapped} component: it hands the keys it
     * does not know to the unwrapped record, which passes over the ones it does not know either.
     */
    private static void refuseUnknown(ObjectNode tree, Class<? extends Record> type) {
        List<String> known = settings(type);
        Set<String> oldNames = renamedSettings(type).keySet();
        Iterator<String> names = tree.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!known.contains(name) && !oldNames.contains(name)) {
                throw new ConfigException(name, "unknown setting; known settings: " + known);
            }
        }
    }

    /** The old names of {@code type}'s renamed settings ({@link JsonAlias} on a component), each to its name now. */
    private static Map<String, String> renamedSettings(Class<?> type) {
        Map<String, String> renamed = new HashMap<>();
        if (!type.isRecord()) {
            return renamed;
        }
        for (RecordComponent c : type.getRecordComponents()) {
            Class<? extends Record> unwrapped = unwrapped(type, c);
            if (unwrapped != null) {
                renamed.putAll(renamedSettings(unwrapped));
                continue;
            }
            JsonAlias alias = annotation(type, c, JsonAlias.class);
            if (alias == null) {
                continue;
            }
            JsonProperty property = annotation(type, c, JsonProperty.class);
            String current = property != null && !property.value().isEmpty() ? property.value() : c.getName();
            for (String old : alias.value()) {
                renamed.put(old, current);
            }
        }
        return renamed;
    }

    /** An annotation of a record component, which Java puts on the component's field and constructor parameter. */
    private static <A extends java.lang.annotation.Annotation> A annotation(Class<?> type, RecordComponent c,
                                                                           Class<A> annotation) {
        try {
            return type.getDeclaredField(c.getName()).getAnnotation(annotation);
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    /**
     * {@code source} with the settings given under an old name moved to their name now (warning about each);
     * where both names are given, the current one wins.
     */
    private static JsonNode renamed(JsonNode source, Map<String, String> renamed, String origin) {
        if (renamed.isEmpty() || !source.isObject()) {
            return source;
        }
        ObjectNode out = ((ObjectNode) source).deepCopy();
        Iterator<String> names = source.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            String current = renamed.get(name);
            if (current == null) {
                continue;
            }
            log.warn("{}: the setting '{}' is deprecated: use '{}' (it was renamed)", origin, name, current);
            JsonNode value = out.remove(name);
            if (!out.has(current)) {
                out.set(current, value);
            }
        }
        return out;
    }

    /** The settings of a bound configuration record by key, as the record holds them, to hand on to another binding. */
    public static Map<String, JsonNode> settingsOf(Record config) {
        ObjectNode tree = ConfigYaml.MAPPER.valueToTree(config);
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        tree.properties().forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** Reads a YAML configuration file; a file that does not exist, or is no YAML, is refused naming it. */
    public static JsonNode read(Path file) {
        return new ConfigBinder().readFile(file);
    }

    private JsonNode readFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(file.toString(), "configuration file does not exist or is not a file");
        }
        try {
            JsonNode node = yaml.readTree(file.toFile());
            return node == null || node.isMissingNode() ? yaml.createObjectNode() : node;
        } catch (IOException e) {
            throw new ConfigException(file.toString(), "not valid YAML: " + e.getMessage());
        }
    }

    private static void overlay(ObjectNode target, JsonNode source, String origin) {
        if (!source.isObject()) {
            throw new ConfigException(origin, "the top level must be a mapping of settings");
        }
        source.properties().forEach(f -> {
            JsonNode existing = target.get(f.getKey());
            if (existing instanceof ObjectNode obj && f.getValue().isObject()) {
                overlay(obj, f.getValue(), origin);
            } else {
                target.set(f.getKey(), f.getValue());
            }
        });
    }

    private JsonNode scalar(String variable, String value) {
        try {
            JsonNode node = yaml.readTree(value);
            return node == null || node.isMissingNode() ? yaml.getNodeFactory().textNode(value) : node;
        } catch (IOException e) {
            throw new ConfigException(variable, "cannot parse value '" + value + "': " + e.getMessage());
        }
    }

    /**
     * A record's own validation names the key first ("per_host must be >= 1"), by the convention of
     * our config records; use it as the key when it is one.
     */
    private static String keyOf(ObjectNode tree, String message, String fallback) {
        if (message != null) {
            int end = 0;
            while (end < message.length() && (Character.isLetterOrDigit(message.charAt(end)) || message.charAt(end) == '_')) {
                end++;
            }
            String first = message.substring(0, end);
            if (tree.has(first)) {
                return first;
            }
        }
        return fallback;
    }

    private static String path(IOException e) {
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath().isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (var ref : m.getPath()) {
                if (ref.getFieldName() != null) {
                    if (sb.length() > 0) {
                        sb.append('.');
                    }
                    sb.append(ref.getFieldName());
                } else {
                    sb.append('[').append(ref.getIndex()).append(']');
                }
            }
            return sb.toString();
        }
        return "(configuration)";
    }
}
