package org.kcrawl.parser.record;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An extraction rule from the configuration: for pages whose final URL matches {@code urlPattern},
 * the named {@code fields} are extracted into the record's {@code fields}.
 *
 * <pre>
 * extract:
 *   - name: product
 *     url_pattern: "^https://shop\\.example/p/"
 *     fields:
 *       price:  { selector: "span.price" }
 *       images: { selector: "img.gallery", attr: "abs:src", all: true }
 * </pre>
 *
 * @param name the rule's name, used in error messages
 * @param urlPattern a regular expression searched in the page's final URL
 * @param fields field name to extraction, in order
 */
public record ExtractionRule(
        @JsonProperty("name") String name,
        @JsonProperty("url_pattern") String urlPattern,
        @JsonProperty("fields") Map<String, FieldRule> fields) {

    /**
     * The field name the worker sets ({@code true}) in a record whose fields were cut to fit the
     * record size cap; no rule may name a field so.
     */
    public static final String TRUNCATED_FIELD = "_truncated";

    public ExtractionRule {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("extraction rule name must not be blank");
        }
        if (urlPattern == null || urlPattern.isEmpty()) {
            throw new IllegalArgumentException("extraction rule '" + name + "': url_pattern must not be empty");
        }
        if (fields == null || fields.isEmpty()) {
            throw new IllegalArgumentException("extraction rule '" + name + "': fields must name at least one field");
        }
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        // Compiling here refuses a bad pattern or selector at start-up, with the rule's name in the message.
        CompiledRule.compile(name, urlPattern, fields);
    }
}
