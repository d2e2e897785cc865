package org.kcrawl.parser.html;

import java.util.Map;
import org.jsoup.nodes.Document;

/** Computes a record's {@code fields} from a parsed document; must be thread-safe. */
@FunctionalInterface
public interface FieldExtractor {
    /** Extracts nothing. */
    FieldExtractor NONE = (url, document) -> Map.of();

    /** The fields of the page at {@code url}; values are strings, lists of strings, or null. */
    Map<String, Object> extract(String url, Document document);
}
