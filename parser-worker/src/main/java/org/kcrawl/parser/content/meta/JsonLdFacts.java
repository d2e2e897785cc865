package org.kcrawl.parser.content.meta;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.kcrawl.parser.content.Whitespace;
import org.kcrawl.parser.content.meta.Votes.Field;

/**
 * What a page's JSON-LD says about the page. Its items (top-level values, arrays of them, the members
 * of an {@code @graph}) are sorted into three roles: the <em>main item</em>, the page's content (an
 * article, a product, a recipe; see {@link #mainItem}), the <em>page item</em> (the first
 * {@code WebPage} or other {@code *Page}) and the <em>site item</em> (the first {@code WebSite}). A field
 * is taken from the main item first, then the page item; the site name from the site item, and after
 * {@code og:site_name}, from the main or page item's publisher. References by {@code @id} to another item of the page are followed (as Yoast's graphs
 * name their authors).
 */
final class JsonLdFacts {
    /** Items looked at per page. */
    static final int MAX_ITEMS = 256;
    private static final int MAIN = Ranks.JSON_LD;
    private static final int PAGE = Ranks.JSON_LD + 1;
    private static final int SITE = Ranks.JSON_LD + 2;
    /** A publisher is an organization, not always the site by its own name: after {@code og:site_name}. */
    private static final int PUBLISHER = Ranks.OPEN_GRAPH + Ranks.GROUP / 2;

    private final List<Map<String, Object>> items = new ArrayList<>();
    private final Map<String, Map<String, Object>> byId = new HashMap<>();
    private final String base;

    private JsonLdFacts(String base) {
        this.base = base;
    }

    /** Offers to {@code votes} what {@code values} (read by {@link JsonLdReader}) state, for the page at {@code pageUrl}. */
    static void offer(List<Object> values, String pageUrl, String base, String title, Votes votes) {
        JsonLdFacts facts = new JsonLdFacts(base);
        for (Object v : values) {
            facts.collect(v, 0);
        }
        facts.offer(pageUrl, title, votes);
    }

    private void collect(Object value, int depth) {
        if (depth > 3 || items.size() >= MAX_ITEMS) {
            return;
        }
        if (value instanceof List<?> list) {
            list.forEach(v -> collect(v, depth + 1));
        } else if (asMap(value) != null) {
            Map<String, Object> map = asMap(value);
            if (map.containsKey("@graph")) {
                collect(map.get("@graph"), depth + 1);
            }
            if (map.containsKey("@type")) {
                items.add(map);
            }
            if (map.get("@id") instanceof String id && map.size() > 1) {
                byId.putIfAbsent(id, map);
            }
        }
    }

    private void offer(String pageUrl, String title, Votes votes) {
        Map<String, Object> page = first(SchemaTypes::isPage);
        Map<String, Object> site = first(name -> name.equals("website"));
        Map<String, Object> main = mainItem(page, pageUrl, title);
        for (Map<String, Object> item : java.util.Arrays.asList(main, page)) {
            if (item == null) {
                continue;
            }
            int rank = item == main ? MAIN : PAGE;
            votes.offer(Field.AUTHOR, rank, authors(item.get("author") != null ? item.get("author") : item.get("creator")));
            votes.offer(Field.PUBLISHED, rank, date(firstOf(item, "datePublished", "dateCreated", "uploadDate")));
            votes.offer(Field.MODIFIED, rank, date(item.get("dateModified")));
            votes.offer(Field.IMAGE, rank, image(firstOf(item, "image", "primaryImageOfPage", "thumbnailUrl")));
            votes.offerKeywords(rank, keywords(item.get("keywords")));
            votes.offer(Field.SITE_NAME, PUBLISHER, name(item.get("publisher")));
        }
        if (site != null) {
            votes.offer(Field.SITE_NAME, SITE, MetaValues.text(string(site.get("name"))));
        }
        Map<String, Object> typed = main != null ? main : page;
        if (typed != null) {
            votes.offer(Field.TYPE, MAIN, SchemaTypes.recordType(primaryType(typed)));
        }
    }

    /**
     * The item the page is about: among the items that are neither the page, nor the site, nor what
     * surrounds it (organizations, people, breadcrumbs, images), and the page item's {@code mainEntity},
     * the first that is not a media object (an article beats the video embedded in it), that names the
     * page's URL (in {@code url}, {@code @id} or {@code mainEntityOfPage}), and whose headline begins the
     * page's title, in that order of importance; else the first.
     */
    private Map<String, Object> mainItem(Map<String, Object> page, String pageUrl, String title) {
        List<Map<String, Object>> candidates = new ArrayList<>();
        Map<String, Object> entity = page == null ? null : asMap(resolve(page.get("mainEntity")));
        if (entity != null && entity.containsKey("@type")) {
            candidates.add(entity);
        }
        for (Map<String, Object> item : items) {
            String name = primaryType(item);
            if (!SchemaTypes.surrounds(name) && !SchemaTypes.isPage(name)) {
                candidates.add(item);
            }
        }
        Map<String, Object> best = null;
        int bestScore = -1;
        for (Map<String, Object> c : candidates) {
            int score = (SchemaTypes.isMedia(primaryType(c)) ? 0 : 4) + (namesPage(c, pageUrl) ? 2 : 0)
                    + (headlineBegins(c, title) ? 1 : 0);
            if (score > bestScore) {
                best = c;
                bestScore = score;
            }
        }
        return best;
    }

    private boolean namesPage(Map<String, Object> item, String pageUrl) {
        if (pageUrl == null) {
            return false;
        }
        String self = comparable(pageUrl);
        for (Object v : new Object[] {item.get("url"), item.get("@id"), item.get("mainEntityOfPage")}) {
            Object u = v instanceof Map<?, ?> m ? (m.get("@id") != null ? m.get("@id") : m.get("url")) : v;
            if (u instanceof String s && comparable(MetaValues.url(base, s) == null ? s : MetaValues.url(base, s))
                    .equals(self)) {
                return true;
            }
        }
        return false;
    }

    private static boolean headlineBegins(Map<String, Object> item, String title) {
        String headline = MetaValues.text(string(firstOf(item, "headline", "name")));
        return headline != null && title != null && Whitespace.collapse(title).startsWith(headline);
    }

    /** A URL without scheme, fragment and trailing slash, for comparing a page's URL with an item's. */
    private static String comparable(String url) {
        String u = url.strip();
        int hash = u.indexOf('#');
        u = hash >= 0 ? u.substring(0, hash) : u;
        int scheme = u.indexOf("://");
        u = scheme >= 0 ? u.substring(scheme + 3) : u;
        return u.endsWith("/") ? u.substring(0, u.length() - 1) : u;
    }

    private Map<String, Object> first(java.util.function.Predicate<String> type) {
        for (Map<String, Object> item : items) {
            if (types(item).stream().anyMatch(type)) {
                return item;
            }
        }
        return null;
    }

    /** The item's first type that is content, else its first type, as {@link SchemaTypes#name}; null without one. */
    static String primaryType(Map<String, Object> item) {
        List<String> names = types(item);
        for (String n : names) {
            if (!SchemaTypes.surrounds(n) && !SchemaTypes.isPage(n)) {
                return n;
            }
        }
        return names.isEmpty() ? null : names.get(0);
    }

    private static List<String> types(Map<String, Object> item) {
        Object t = item.get("@type");
        List<String> names = new ArrayList<>(1);
        if (t instanceof String s && SchemaTypes.name(s) != null) {
            names.add(SchemaTypes.name(s));
        } else if (t instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof String s && SchemaTypes.name(s) != null) {
                    names.add(SchemaTypes.name(s));
                }
            }
        }
        return names;
    }

    /** The names of the authors in {@code value} (a name, a person, an organization, a list, a reference), comma-separated. */
    private String authors(Object value) {
        Set<String> names = new LinkedHashSet<>();
        addAuthors(value, names, 0);
        if (names.isEmpty()) {
            return null;
        }
        return MetaValues.text(String.join(", ", names));
    }

    private void addAuthors(Object value, Set<String> names, int depth) {
        Object v = resolve(value);
        if (depth > 2 || names.size() >= 20) {
            return;
        }
        if (v instanceof List<?> list) {
            list.forEach(o -> addAuthors(o, names, depth + 1));
        } else if (v instanceof String s) {
            String name = MetaValues.author(s);
            if (name != null) {
                names.add(name);
            }
        } else if (v instanceof Map<?, ?> m) {
            String name = string(m.get("name"));
            if (name == null && m.get("givenName") instanceof String given) {
                name = m.get("familyName") instanceof String family ? given + " " + family : given;
            }
            name = MetaValues.author(name);
            if (name != null) {
                names.add(name);
            }
        }
    }

    private String name(Object value) {
        Object v = resolve(value instanceof List<?> list && !list.isEmpty() ? list.get(0) : value);
        if (v instanceof Map<?, ?> m) {
            return MetaValues.text(string(m.get("name")));
        }
        return MetaValues.text(string(v));
    }

    private String image(Object value) {
        Object v = resolve(value instanceof List<?> list && !list.isEmpty() ? list.get(0) : value);
        if (v instanceof Map<?, ?> m) {
            v = m.get("url") != null ? m.get("url") : m.get("contentUrl");
        }
        return MetaValues.url(base, string(v));
    }

    private static String date(Object value) {
        Object v = value instanceof List<?> list && !list.isEmpty() ? list.get(0) : value;
        if (v instanceof Map<?, ?> m) {
            v = m.get("@value");
        }
        return StatedDate.normalize(string(v));
    }

    private static List<String> keywords(Object value) {
        if (value instanceof String s) {
            return MetaValues.keywords(s);
        }
        List<String> words = new ArrayList<>();
        if (value instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof String s) {
                    words.addAll(MetaValues.keywords(s));
                }
            }
        }
        return words;
    }

    /** {@code value}, or the item it refers to when it is only a reference ({@code {"@id": ...}}) to one of the page's. */
    private Object resolve(Object value) {
        if (value instanceof Map<?, ?> m && m.get("@id") instanceof String id && !m.containsKey("name")
                && !m.containsKey("url")) {
            Map<String, Object> target = byId.get(id);
            return target != null ? target : value;
        }
        return value;
    }

    /** {@code value} as a map of {@link JsonLdReader}'s, or null when it is none. */
    @SuppressWarnings("unchecked") // the reader makes every map a Map<String, Object>
    static Map<String, Object> asMap(Object value) {
        return value instanceof Map<?, ?> ? (Map<String, Object>) value : null;
    }

    private static Object firstOf(Map<String, Object> item, String... keys) {
        for (String k : keys) {
            Object v = item.get(k);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private static String string(Object value) {
        return value instanceof String s ? s : null;
    }
}
