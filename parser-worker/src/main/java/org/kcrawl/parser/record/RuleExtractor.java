package org.kcrawl.parser.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.kcrawl.parser.html.FieldExtractor;

/**
 * Applies the configured extraction rules to a document. Every rule whose pattern matches the URL
 * contributes its fields; when two matching rules name the same field, the first rule wins.
 * Values are bounded so a record stays small. Thread-safe.
 */
public final class RuleExtractor implements FieldExtractor {
    /** Longest value kept; longer ones are cut. */
    public static final int MAX_VALUE_CHARS = 10_000;
    /** Most values kept for an {@code all} field. */
    public static final int MAX_VALUES = 1_000;

    private final List<CompiledRule> rules;

    /** An extractor for {@code rules}, in order. */
    public RuleExtractor(List<ExtractionRule> rules) {
        if (rules == null) {
            throw new IllegalArgumentException("rules must not be null");
        }
        this.rules = rules.stream().map(CompiledRule::compile).toList();
    }

    /** The extractor for {@code rules}, or {@link FieldExtractor#NONE} when there are none. */
    public static FieldExtractor of(List<ExtractionRule> rules) {
        return rules == null || rules.isEmpty() ? FieldExtractor.NONE : new RuleExtractor(rules);
    }

    @Override
    public boolean appliesTo(String url) {
        for (CompiledRule rule : rules) {
            if (rule.urlPattern().matcher(url).find()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Map<String, Object> extract(String url, Document document) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (CompiledRule rule : rules) {
            if (!rule.urlPattern().matcher(url).find()) {
                continue;
            }
            for (CompiledRule.Field field : rule.fields()) {
                if (!out.containsKey(field.name())) {
                    out.put(field.name(), field.all() ? all(document, field) : first(document, field));
                }
            }
        }
        return out;
    }

    private static Object first(Document document, CompiledRule.Field field) {
        Element el = document.selectFirst(field.selector());
        return el == null ? null : value(el, field);
    }

    private static Object all(Document document, CompiledRule.Field field) {
        Elements matches = document.select(field.selector());
        List<String> values = new ArrayList<>(Math.min(matches.size(), MAX_VALUES));
        for (Element el : matches) {
            if (values.size() >= MAX_VALUES) {
                break;
            }
            String v = value(el, field);
            if (v != null) {
                values.add(v);
            }
        }
        return values;
    }

    private static String value(Element el, CompiledRule.Field field) {
        String v;
        if (field.attr() == null) {
            v = el.text();
        } else {
            String key = field.attr().startsWith("abs:") ? field.attr().substring(4) : field.attr();
            if (!el.hasAttr(key)) {
                return null;
            }
            v = el.attr(field.attr());
        }
        return v.length() <= MAX_VALUE_CHARS ? v : v.substring(0, MAX_VALUE_CHARS);
    }
}
