package org.kcrawl.common.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The settings of one worker, each declared once ({@link Setting}), in the order people read them. A
 * configuration record names its list in a {@code public static final SettingList SETTINGS} field, and
 * {@link ConfigBinder} then reads every layer through it: a value's units and bound are checked, with one
 * message shape, before the record is built, and the record's defaults are the declared ones.
 *
 * @param worker the worker's name, lower case ({@code fetcher}): its section in the crawl command's file and,
 *               upper-cased, the middle of its variables ({@code KCRAWL_FETCHER_})
 * @param settings the declarations, keys unique
 */
public record SettingList(String worker, List<Setting> settings) {
    public SettingList {
        settings = List.copyOf(settings);
        Map<String, Setting> byKey = new LinkedHashMap<>();
        for (Setting s : settings) {
            if (byKey.put(s.key(), s) != null) {
                throw new IllegalArgumentException("setting " + s.key() + " is declared twice in " + worker);
            }
        }
    }

    /** The list of {@code worker} made of {@code parts} (a section shared by several workers, then its own), in order. */
    public static SettingList of(String worker, List<?>... parts) {
        List<Setting> all = new ArrayList<>();
        for (List<?> part : parts) {
            for (Object s : part) {
                all.add((Setting) s);
            }
        }
        return new SettingList(worker, all);
    }

    /** The prefix of the worker's environment variables: {@code KCRAWL_FETCHER_}. */
    public String envPrefix() {
        return "KCRAWL_" + worker.toUpperCase(Locale.ROOT) + "_";
    }

    /** The setting of {@code key}, or null. */
    public Setting get(String key) {
        for (Setting s : settings) {
            if (s.key().equals(key)) {
                return s;
            }
        }
        return null;
    }

    /** The declared defaults as the tree a configuration record binds. */
    ObjectNode defaults() {
        ObjectNode tree = ConfigYaml.MAPPER.createObjectNode();
        settings.forEach(s -> tree.set(s.key(), s.type().node(s.defaultValue())));
        return tree;
    }

    /**
     * Reads each declared setting of {@code tree} by its declaration: a value in units becomes what the
     * record binds, a value outside its bound is refused.
     *
     * @throws ConfigException naming the key, its bound, the value, and how to fix it
     */
    void read(ObjectNode tree) {
        List<Map.Entry<String, JsonNode>> read = new ArrayList<>();
        for (Map.Entry<String, JsonNode> field : tree.properties()) {
            Setting s = get(field.getKey());
            if (s != null) {
                read.add(Map.entry(field.getKey(), s.type().node(s.read(field.getValue()))));
            }
        }
        read.forEach(e -> tree.set(e.getKey(), e.getValue()));
    }

    /**
     * The list a configuration record names in its {@code SETTINGS} field, or null when it declares none
     * (then its settings are bound as Jackson reads them).
     */
    static SettingList of(Class<?> type) {
        try {
            java.lang.reflect.Field field = type.getField("SETTINGS");
            if (field.getType() != SettingList.class) {
                return null;
            }
            field.trySetAccessible(); // a record that is not public, in a package of its own
            return (SettingList) field.get(null);
        } catch (NoSuchFieldException e) {
            return null;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(type.getName() + ".SETTINGS is not readable", e);
        }
    }
}
