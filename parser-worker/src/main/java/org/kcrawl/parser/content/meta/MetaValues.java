package org.kcrawl.parser.content.meta;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.internal.StringUtil;
import org.jsoup.parser.Parser;
import org.kcrawl.parser.content.Whitespace;

/**
 * How a stated value becomes a field's value: whitespace collapsed, character references that a page
 * escaped twice decoded, lengths capped; an author that is a URL is not a name, an image must resolve to
 * an http(s) URL, keywords are split at commas and semicolons.
 */
final class MetaValues {
    /** Longest author or site name kept. */
    static final int MAX_TEXT = 512;
    /** Longest keyword kept; a longer one is a sentence, not a keyword. */
    static final int MAX_KEYWORD = 100;
    /** Longest list of keywords read. */
    static final int MAX_KEYWORDS_TEXT = 8192;
    /** Longest image URL kept. */
    static final int MAX_URL = 2048;

    private MetaValues() {}

    /** {@code value} with its whitespace collapsed and references decoded, capped; null when blank. */
    static String text(String value) {
        return clean(value, MAX_TEXT);
    }

    private static String clean(String value, int max) {
        if (value == null) {
            return null;
        }
        String v = value.length() <= 4 * max ? value : value.substring(0, 4 * max);
        v = v.indexOf('&') >= 0 ? Parser.unescapeEntities(v, false) : v;
        v = Whitespace.collapse(v);
        if (v.isEmpty()) {
            return null;
        }
        return v.length() <= max ? v : v.substring(0, max).strip();
    }

    /** An author's name as stated, a leading "By " dropped; null for a URL (a profile link is not a name). */
    static String author(String value) {
        String v = text(value);
        if (v == null) {
            return null;
        }
        if (v.regionMatches(true, 0, "by ", 0, 3)) {
            v = v.substring(3).strip();
        }
        if (v.isEmpty() || isHttp(v) || v.regionMatches(true, 0, "www.", 0, 4)) {
            return null;
        }
        return v;
    }

    /** The keywords of a comma- or semicolon-separated list, each cleaned; keywords too long to be one are dropped. */
    static List<String> keywords(String value) {
        String v = clean(value, MAX_KEYWORDS_TEXT);
        if (v == null) {
            return List.of();
        }
        List<String> words = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= v.length(); i++) {
            if (i == v.length() || v.charAt(i) == ',' || v.charAt(i) == ';') {
                String k = v.substring(from, i).strip();
                if (!k.isEmpty() && k.length() <= MAX_KEYWORD) {
                    words.add(k);
                }
                from = i + 1;
            }
        }
        return words;
    }

    /** {@code value} resolved against {@code base}, when that makes an http(s) URL; else null. */
    static String url(String base, String value) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        if (v.isEmpty() || v.length() > MAX_URL) {
            return null;
        }
        if (isHttp(v) && v.indexOf(' ') < 0 && v.indexOf('\t') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
            return v; // absolute already: most stated images, resolved at no cost
        }
        String resolved = base == null ? v : StringUtil.resolve(base, v);
        return isHttp(resolved) ? resolved : null;
    }

    private static boolean isHttp(String url) {
        return url.regionMatches(true, 0, "http://", 0, 7) || url.regionMatches(true, 0, "https://", 0, 8);
    }
}
