package org.kcrawl.parser.content.meta;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the text of a JSON-LD script into plain maps, lists and strings, keeping only the keys the
 * metadata is taken from, so an inline {@code articleBody} of megabytes is skipped rather than kept.
 * Tolerant as browsers' consumers of JSON-LD are: comments, trailing commas, raw control characters in
 * strings, single quotes, a wrapping {@code <!-- -->} or CDATA section, several values in a row. Bounded:
 * values nested deeper than {@link #MAX_DEPTH} are skipped, input nested deeper than
 * {@link #MAX_NESTING} ends the reading, and at most {@link #MAX_VALUES} values are kept. Text that is
 * not JSON ends the reading where it stops being JSON: what was read before is kept (a truncated block
 * still gives its first fields). Never throws. One instance serves every thread.
 */
final class JsonLdReader {
    /** Nesting kept: a graph, its node, an author list, an author, its name (with room to spare). */
    static final int MAX_DEPTH = 12;
    /** Nesting after which the tokenizer stops: far deeper than any real JSON-LD. */
    static final int MAX_NESTING = 64;
    /** Values kept from one page's JSON-LD, whatever its size. */
    static final int MAX_VALUES = 4096;
    /** Longest string kept; longer ones are cut (no metadata value is near it). */
    static final int MAX_STRING = 2048;

    /** The keys read; every other key's value is skipped unread. */
    static final Set<String> KEYS = Set.of("@type", "@id", "@graph", "name", "headline", "author", "creator",
            "publisher", "datePublished", "dateCreated", "dateModified", "uploadDate", "image", "thumbnailUrl", "url",
            "contentUrl", "keywords", "mainEntity", "mainEntityOfPage", "givenName", "familyName", "primaryImageOfPage",
            "isPartOf", "@value");

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .enable(JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
            .build();

    /** What the reading of one page's blocks has kept so far: top-level values, and a count against the cap. */
    static final class Blocks {
        final List<Object> values = new ArrayList<>(2);
        int kept;
    }

    private JsonLdReader() {}

    /** Reads {@code text[from, to)} into {@code into}: every top-level value, as far as it is JSON. */
    static void read(char[] text, int from, int to, Blocks into) {
        int start = skipWrapper(text, from, to);
        if (start >= to || into.kept >= MAX_VALUES) {
            return;
        }
        try (JsonParser p = FACTORY.createParser(text, start, to - start)) {
            JsonToken t;
            while ((t = p.nextToken()) != null && into.kept < MAX_VALUES) {
                Object container = container(t, 0, into);
                if (container != null) {
                    into.values.add(container); // attached before it is filled: a cut keeps what it holds
                    fill(p, container, 0, into);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not JSON from here on (or nested past the cap): what was read before stays.
        }
    }

    /** A new map or list for a container starting at {@code t}, counted; null for anything else or too deep. */
    private static Object container(JsonToken t, int depth, Blocks into) {
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY || depth >= MAX_DEPTH) {
            return null;
        }
        into.kept++;
        return t == JsonToken.START_OBJECT ? new LinkedHashMap<String, Object>() : new ArrayList<Object>();
    }

    /** Reads the members of the container just opened into {@code container}, up to its end. */
    private static void fill(JsonParser p, Object container, int depth, Blocks into) throws IOException {
        Map<String, Object> map = JsonLdFacts.asMap(container);
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) {
            if (t == null) {
                return;
            }
            String key = null;
            if (map != null) {
                key = p.currentName();
                t = p.nextToken();
            }
            if (map != null && !KEYS.contains(key) || into.kept >= MAX_VALUES) {
                p.skipChildren();
                continue;
            }
            Object value = t == JsonToken.VALUE_STRING ? string(p, into) : container(t, depth + 1, into);
            if (value == null) {
                p.skipChildren(); // a number, boolean, null, or a container nested too deep
                continue;
            }
            if (map != null) {
                if (map.putIfAbsent(key, value) != null && !(value instanceof String)) {
                    p.skipChildren(); // a repeated key: the first one counts
                    continue;
                }
            } else {
                asList(container).add(value);
            }
            if (!(value instanceof String)) {
                fill(p, value, depth + 1, into);
            }
        }
    }

    private static String string(JsonParser p, Blocks into) throws IOException {
        into.kept++;
        String s = p.getText();
        return s.length() > MAX_STRING ? s.substring(0, MAX_STRING) : s;
    }

    @SuppressWarnings("unchecked") // every list here is made by container() as an ArrayList<Object>
    private static List<Object> asList(Object container) {
        return (List<Object>) container;
    }

    /** Where the JSON starts: after leading space and an HTML comment or CDATA opener around it. */
    private static int skipWrapper(char[] text, int from, int to) {
        int i = skipSpace(text, from, to);
        for (String opener : new String[] {"<!--", "//<![CDATA[", "<![CDATA["}) {
            if (startsWith(text, i, to, opener)) {
                i = skipSpace(text, i + opener.length(), to);
            }
        }
        return i;
    }

    private static int skipSpace(char[] text, int i, int to) {
        while (i < to && (text[i] <= ' ' || text[i] == '\uFEFF')) {
            i++;
        }
        return i;
    }

    private static boolean startsWith(char[] text, int i, int to, String s) {
        if (to - i < s.length()) {
            return false;
        }
        for (int k = 0; k < s.length(); k++) {
            if (text[i + k] != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}
