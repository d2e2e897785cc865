package org.kcrawl.parser.html;

import java.util.Map;
import org.jsoup.nodes.Document;

/** Computes a record's {@code fields} from a parsed document; must be thread-safe. */
@FunctionalInterface
public interface FieldExtractor {
    /** Extracts nothing, and needs no document for any page. */
    FieldExtractor NONE = new FieldExtractor() {
        @Override
        public Map<String, Object> extract(String url, Document document) {
            return Map.of();
        }

        @Override
        public boolean appliesTo(String url) {
            return false;
        }
    };

    /** The fields of the page at {@code url}; values are strings, lists of strings, or null. */
    Map<String, Object> extract(String url, Document document);

    /**
     * True when {@link #extract} may find fields on the page at {@code url}: only then does the parser
     * build the page's jsoup document (otherwise it reads the page without one, which costs far less).
     * Every page, unless an extractor knows better.
     */
    default boolean appliesTo(String url) {
        return true;
    }
}
