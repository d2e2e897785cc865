package org.kcrawl.parser.record;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How one named field is extracted: a CSS selector, what to take from the matched elements, and
 * whether to take the first match or all of them.
 *
 * @param selector a jsoup CSS selector, for example {@code div.price > span}
 * @param attr the attribute to take ({@code abs:href} resolves URLs); null or absent takes the text
 * @param all true for a list of every match; false or absent for the first match (or null)
 */
public record FieldRule(
        @JsonProperty("selector") String selector,
        @JsonProperty("attr") String attr,
        @JsonProperty("all") Boolean all) {

    public FieldRule {
        if (selector == null || selector.isBlank()) {
            throw new IllegalArgumentException("selector must not be blank");
        }
        attr = attr == null || attr.isBlank() ? null : attr.trim();
        all = Boolean.TRUE.equals(all);
    }

    /** The first match's text. */
    public static FieldRule text(String selector) {
        return new FieldRule(selector, null, false);
    }
}
