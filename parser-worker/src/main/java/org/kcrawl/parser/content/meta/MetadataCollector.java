package org.kcrawl.parser.content.meta;

import java.util.Locale;
import java.util.Set;
import org.kcrawl.parser.content.meta.Votes.Field;

/**
 * Collects what one page states about itself while the page is read, and gives it as a
 * {@link PageMetadata}: a page reader hands over the facts below in document order, then asks for
 * the {@link #result}. Only stated values count: nothing is guessed from the URL or the text, and a date
 * that does not parse ({@link StatedDate}) is left out. Bad input (JSON-LD that is not JSON, or megabytes
 * of it, nested a thousand deep; garbage dates) yields what could be read and never an exception.
 *
 * <p>What the reader hands over, each attribute null when absent:
 * <ul>
 * <li>every {@code <meta>} with a {@code name}, {@code property} or {@code http-equiv}: {@link #meta};
 * <li>the text of every {@code <script>} whose type {@link #isJsonLd}: {@link #jsonLd}, at most
 *     {@link #jsonLdBudget()} characters of it (the rest is never read, so megabytes cost nothing);
 * <li>every {@code <time>}: {@link #time}, with its text capped at {@link #MAX_TEXT_CHARS};
 * <li>every element with {@code itemscope}: {@link #itemScope}; every other element whose
 *     {@code itemprop} is {@linkplain #wantsItemProp wanted} ({@code <meta itemprop>} and
 *     {@code <time itemprop>} included): {@link #itemProp}, with the {@code itemprop} of the nearest
 *     enclosing {@code itemscope} element.
 * </ul>
 * Handing the same fact twice changes nothing.
 *
 * <p>Precedence, fixed, for every field: JSON-LD (the main item, then the page item, then the site
 * item and the publisher; see {@link JsonLdFacts}), then OpenGraph, then Twitter cards, then the other
 * {@code <meta>} conventions in the order of {@link MetaTags}, then microdata, then a lone {@code <time>}:
 * a published date is taken from {@code <time>} elements without {@code itemprop} only when all of the
 * page's such elements state the same date (a page of many dates does not say which one is its own).
 * Among values of the same rank, the first in the document wins.
 *
 * <p>Cost: a few hash look-ups per {@code <meta>}, nothing per other element unless it has a wanted
 * {@code itemprop}; JSON-LD is read once, skipping every key the metadata does not use. One instance per
 * page; not thread-safe.
 */
public final class MetadataCollector {
    /** JSON-LD characters read per page, over all its scripts; the rest is ignored. */
    public static final int MAX_JSON_LD_CHARS = 128 * 1024;
    /** Text of a {@code <time>} or microdata element a reader needs to keep: longer values are no date or name. */
    public static final int MAX_TEXT_CHARS = 512;

    private static final Set<String> WANTED = Set.of("author", "creator", "publisher", "datePublished", "dateCreated",
            "dateModified", "image", "thumbnailUrl", "keywords");
    private static final Set<String> NAMED_SCOPES = Set.of("author", "creator", "publisher");
    private static final Set<String> AUTHOR_SCOPES = Set.of("author", "creator");
    private static final Set<String> PUBLISHER_SCOPES = Set.of("publisher");
    private static final Set<String> NAME = Set.of("name");
    private static final Set<String> PAGE_SCOPES = Set.of("mainEntity", "mainEntityOfPage");

    private final String pageUrl;
    private final String base;
    private final Votes votes = new Votes();
    private final JsonLdReader.Blocks jsonLd = new JsonLdReader.Blocks();
    private int jsonLdLeft = MAX_JSON_LD_CHARS;
    private String loneTime;
    private boolean timesDisagree;

    /**
     * @param pageUrl the page's URL, to recognize the JSON-LD item that describes it; may be null
     * @param baseUri the URI the page's relative URLs resolve against (its {@code <base href>}, else its URL)
     */
    public MetadataCollector(String pageUrl, String baseUri) {
        this.pageUrl = pageUrl;
        this.base = baseUri != null ? baseUri : pageUrl;
    }

    /** True for a {@code <script type>} of JSON-LD: {@code application/ld+json}, trimmed, in any case. */
    public static boolean isJsonLd(String scriptType) {
        return scriptType != null && scriptType.strip().equalsIgnoreCase("application/ld+json");
    }

    /** A {@code <meta>} element's attributes. */
    public void meta(String name, String property, String httpEquiv, String content) {
        if (content == null) {
            return;
        }
        if (isList(property)) {
            for (String one : property.strip().split("\\s+")) { // RDFa: one value for several properties
                offerMeta(MetaTags.of(one), content);
            }
        } else {
            offerMeta(MetaTags.of(property), content);
        }
        if (name != null && !name.equals(property)) {
            offerMeta(MetaTags.of(name), content);
        }
        offerMeta(MetaTags.httpEquiv(httpEquiv), content);
    }

    /** True when {@code property} names more than one property: words separated by whitespace. */
    private static boolean isList(String property) {
        if (property == null) {
            return false;
        }
        String p = property.strip();
        for (int i = 0; i < p.length(); i++) {
            if (Character.isWhitespace(p.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private void offerMeta(MetaTags.Key key, String content) {
        if (key == null) {
            return;
        }
        if (key.field() == Field.AUTHOR) {
            votes.offerAuthor(key.rank(), MetaValues.author(content)); // a key stated once per author lists them
        } else if (votes.open(key.field(), key.rank()) || key.field() == Field.KEYWORDS) {
            offer(key.field(), key.rank(), content);
        }
    }

    /** Characters of JSON-LD this page may still hand to {@link #jsonLd}. */
    public int jsonLdBudget() {
        return jsonLdLeft;
    }

    /** The text {@code text[from, to)} of a JSON-LD script; beyond the page's budget it is cut. */
    public void jsonLd(char[] text, int from, int to) {
        int n = Math.min(Math.max(0, to - from), jsonLdLeft);
        jsonLdLeft -= n;
        if (n > 0) {
            JsonLdReader.read(text, from, from + n, jsonLd);
        }
    }

    /** The text of a JSON-LD script, as {@link #jsonLd(char[], int, int)}. */
    public void jsonLd(String text) {
        if (text != null) {
            char[] chars = text.substring(0, Math.min(text.length(), jsonLdLeft)).toCharArray();
            jsonLd(chars, 0, chars.length);
        }
    }

    /**
     * A {@code <time>}: its {@code datetime}, its {@code itemprop} and its text (the value when there is no
     * {@code datetime}). One with an {@code itemprop} is a microdata property, which only {@link #itemProp} reads.
     */
    public void time(String datetime, String itemprop, String text) {
        if (itemprop != null && !itemprop.isBlank()) {
            return;
        }
        String date = StatedDate.normalize(datetime != null ? datetime : text);
        if (date == null || timesDisagree) {
            return;
        }
        if (loneTime == null) {
            loneTime = date;
        } else if (!loneTime.equals(date)) {
            timesDisagree = true;
        }
    }

    /** An element with {@code itemscope}: its {@code itemtype} and {@code itemprop}. */
    public void itemScope(String itemtype, String itemprop) {
        if (itemtype == null || itemprop != null && !hasAny(itemprop, PAGE_SCOPES)) {
            return; // a property of another item, not an item of its own
        }
        String name = SchemaTypes.name(tokens(itemtype)[0]);
        if (name == null || SchemaTypes.surrounds(name)) {
            return;
        }
        votes.offer(Field.TYPE, Ranks.MICRODATA + (SchemaTypes.isPage(name) ? 1 : 0), SchemaTypes.recordType(name));
    }

    /** True when an element with this {@code itemprop}, inside a scope with {@code scopeItemprop}, says something of use. */
    public static boolean wantsItemProp(String itemprop, String scopeItemprop) {
        if (itemprop == null) {
            return false;
        }
        return hasAny(itemprop, WANTED) || scopeItemprop != null && hasAny(scopeItemprop, NAMED_SCOPES)
                && hasAny(itemprop, NAME);
    }

    /**
     * A microdata property's value: the element's {@code content}, else {@code datetime}, else
     * {@code href} or {@code src}, else its text; {@code scopeItemprop} is the {@code itemprop} of the
     * nearest enclosing {@code itemscope} element (null when there is none or it has no {@code itemprop}).
     */
    public void itemProp(String itemprop, String scopeItemprop, String value) {
        if (itemprop == null || value == null) {
            return;
        }
        boolean ofPage = scopeItemprop == null || hasAny(scopeItemprop, PAGE_SCOPES);
        for (String prop : tokens(itemprop)) {
            int r = Ranks.MICRODATA;
            switch (prop) {
                case "author", "creator" -> offer(Field.AUTHOR, r, value);
                case "name" -> {
                    if (scopeItemprop != null && hasAny(scopeItemprop, AUTHOR_SCOPES)) {
                        offer(Field.AUTHOR, r, value);
                    } else if (scopeItemprop != null && hasAny(scopeItemprop, PUBLISHER_SCOPES)) {
                        offer(Field.SITE_NAME, r + 1, value);
                    }
                }
                case "publisher" -> offer(Field.SITE_NAME, r, value);
                case "datePublished", "dateCreated" -> offerIf(ofPage, Field.PUBLISHED, prop.equals("dateCreated") ? r + 1 : r, value);
                case "dateModified" -> offerIf(ofPage, Field.MODIFIED, r, value);
                case "image", "thumbnailUrl" -> offerIf(ofPage, Field.IMAGE, prop.equals("image") ? r : r + 1, value);
                case "keywords" -> offerIf(ofPage, Field.KEYWORDS, r, value);
                default -> { }
            }
        }
    }

    /** What the page stated; {@code title} is its {@code <title>}, to recognize the JSON-LD item with that headline. */
    public PageMetadata result(String title) {
        JsonLdFacts.offer(jsonLd.values, pageUrl, base, title, votes);
        if (loneTime != null && !timesDisagree) {
            votes.offer(Field.PUBLISHED, Ranks.TIME, loneTime);
        }
        return new PageMetadata(votes.value(Field.AUTHOR), votes.value(Field.PUBLISHED), votes.value(Field.MODIFIED),
                votes.value(Field.SITE_NAME), votes.value(Field.IMAGE), votes.value(Field.TYPE), votes.keywords());
    }

    private void offerIf(boolean ofPage, Field field, int rank, String value) {
        if (ofPage) {
            offer(field, rank, value);
        }
    }

    private void offer(Field field, int rank, String value) {
        switch (field) {
            case AUTHOR -> votes.offer(field, rank, MetaValues.author(value));
            case PUBLISHED, MODIFIED -> votes.offer(field, rank, StatedDate.normalize(value));
            case SITE_NAME -> votes.offer(field, rank, MetaValues.text(value));
            case IMAGE -> votes.offer(field, rank, MetaValues.url(base, value));
            case TYPE -> {
                String t = MetaValues.text(value);
                votes.offer(field, rank, t == null ? null : t.toLowerCase(Locale.ROOT));
            }
            case KEYWORDS -> votes.offerKeywords(rank, MetaValues.keywords(value));
            default -> throw new IllegalStateException("unknown field " + field);
        }
    }

    /** True when the space-separated {@code tokens} include one of {@code names}. */
    private static boolean hasAny(String tokens, Set<String> names) {
        for (String t : tokens(tokens)) {
            if (names.contains(t)) {
                return true;
            }
        }
        return false;
    }

    /** The space-separated tokens of an attribute; one array of the value itself in the usual case of one token. */
    private static String[] tokens(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) <= ' ') {
                String v = value.strip();
                return v.isEmpty() ? new String[] {""} : v.split("\\s+");
            }
        }
        return new String[] {value};
    }
}
