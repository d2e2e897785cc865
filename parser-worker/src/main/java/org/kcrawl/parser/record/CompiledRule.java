package org.kcrawl.parser.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

/** An {@link ExtractionRule} with its URL pattern compiled and its selectors checked. */
record CompiledRule(String name, Pattern urlPattern, List<Field> fields) {

    /** One field of a compiled rule. */
    record Field(String name, String selector, String attr, boolean all) {}

    /** Compiles {@code rule}; throws naming the rule and the field when a pattern or selector is invalid. */
    static CompiledRule compile(ExtractionRule rule) {
        return compile(rule.name(), rule.urlPattern(), rule.fields());
    }

    /** Compiles the parts of a rule (a rule's own constructor checks itself before its fields are set). */
    static CompiledRule compile(String name, String urlPattern, Map<String, FieldRule> ruleFields) {
        Pattern pattern;
        try {
            pattern = Pattern.compile(urlPattern);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("extraction rule '" + name + "': invalid url_pattern '"
                    + urlPattern + "': " + e.getDescription(), e);
        }
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<String, FieldRule> e : ruleFields.entrySet()) {
            String field = e.getKey();
            FieldRule f = e.getValue();
            if (field == null || field.isBlank()) {
                throw new IllegalArgumentException("extraction rule '" + name + "': a field name is blank");
            }
            if (field.equals(ExtractionRule.TRUNCATED_FIELD)) {
                throw new IllegalArgumentException("extraction rule '" + name + "': field name '" + field
                        + "' is reserved: it marks records whose fields were cut to fit the size cap");
            }
            if (f == null) {
                throw new IllegalArgumentException("extraction rule '" + name + "': field '" + field
                        + "' has no selector");
            }
            try {
                QueryParser.parse(f.selector());
            } catch (Selector.SelectorParseException | IllegalArgumentException ex) {
                throw new IllegalArgumentException("extraction rule '" + name + "': field '" + field
                        + "': invalid selector '" + f.selector() + "': " + ex.getMessage(), ex);
            }
            fields.add(new Field(field, f.selector(), f.attr(), f.all()));
        }
        return new CompiledRule(name, pattern, List.copyOf(fields));
    }
}
