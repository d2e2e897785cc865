package org.kcrawl.parser.content.meta;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.kcrawl.parser.content.meta.Votes.Field;

/**
 * The {@code <meta>} names and properties metadata is read from, each with its field and rank: the
 * precedence table of OpenGraph, Twitter cards and the other conventions (Dublin Core, Parse.ly,
 * Sailthru, ...). Within a field, a lower rank wins; ranks of the other sources are in
 * {@link Ranks}. Names are matched without regard to case, from {@code name} or {@code property}, and
 * Dublin Core's names in RDFa's spelling ({@code dc:creator}) as in HTML's ({@code dc.creator}).
 */
final class MetaTags {
    /** A meta key's field and rank. */
    record Key(Field field, int rank) {}

    private static final Map<String, Key> KEYS = new HashMap<>();

    static {
        // OpenGraph (and its article namespace)
        add(Field.AUTHOR, Ranks.OPEN_GRAPH, "article:author");
        add(Field.PUBLISHED, Ranks.OPEN_GRAPH, "article:published_time", "og:article:published_time");
        add(Field.MODIFIED, Ranks.OPEN_GRAPH, "article:modified_time", "og:article:modified_time", "og:updated_time");
        add(Field.SITE_NAME, Ranks.OPEN_GRAPH, "og:site_name");
        add(Field.IMAGE, Ranks.OPEN_GRAPH, "og:image", "og:image:url", "og:image:secure_url");
        add(Field.TYPE, Ranks.OPEN_GRAPH, "og:type");
        add(Field.KEYWORDS, Ranks.OPEN_GRAPH, "article:tag");
        // Twitter cards
        add(Field.IMAGE, Ranks.TWITTER, "twitter:image", "twitter:image:src");
        // Other conventions, in order of trust
        add(Field.AUTHOR, Ranks.META, "author", "parsely-author", "sailthru.author", "dc.creator", "dcterms.creator",
                "byl", "citation_author");
        add(Field.PUBLISHED, Ranks.META, "parsely-pub-date", "sailthru.date", "dc.date.issued", "dcterms.issued",
                "dc.date", "dcterms.date", "dc.date.created", "dcterms.created", "citation_publication_date",
                "citation_date", "pubdate", "publishdate", "publish-date", "publish_date", "date");
        add(Field.MODIFIED, Ranks.META, "dc.date.modified", "dcterms.modified", "last-modified");
        add(Field.SITE_NAME, Ranks.META, "application-name", "dc.publisher", "dcterms.publisher");
        add(Field.IMAGE, Ranks.META, "parsely-image-url", "sailthru.image.full", "thumbnail");
        add(Field.KEYWORDS, Ranks.META, "news_keywords", "keywords", "parsely-tags", "sailthru.tags", "dc.subject",
                "dcterms.subject");
    }

    private MetaTags() {}

    private static void add(Field field, int base, String... names) {
        for (int i = 0; i < names.length; i++) {
            KEYS.put(names[i], new Key(field, base + i));
        }
    }

    /** The field and rank of the meta named {@code name}, or null when it names none. */
    static Key of(String name) {
        if (name == null || name.isEmpty()) {
            return null;
        }
        Key k = KEYS.get(name);
        if (k != null) {
            return k;
        }
        String lower = name.strip().toLowerCase(Locale.ROOT);
        if (lower.startsWith("dc:") || lower.startsWith("dcterms:")) {
            lower = lower.replace(':', '.'); // Dublin Core as RDFa writes it: dc:creator is dc.creator
        }
        return lower.equals(name) ? null : KEYS.get(lower);
    }

    /** The rank of {@code <meta http-equiv="last-modified">}: after every named source of the date. */
    static Key httpEquiv(String httpEquiv) {
        return httpEquiv != null && httpEquiv.strip().equalsIgnoreCase("last-modified")
                ? new Key(Field.MODIFIED, Ranks.META + Ranks.GROUP - 1) : null;
    }
}
