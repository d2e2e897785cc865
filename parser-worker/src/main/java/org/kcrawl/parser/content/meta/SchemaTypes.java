package org.kcrawl.parser.content.meta;

import java.util.Locale;
import java.util.Set;

/**
 * What a schema.org type (from JSON-LD's {@code @type} or a microdata {@code itemtype}) says about a
 * page: the record's {@code type}, in OpenGraph's words where it has one, and whether an item of that
 * type is the page's content or only around it (the site, the page, the publisher, breadcrumbs).
 */
final class SchemaTypes {
    /** Types that describe what surrounds a page's content, never the content itself. */
    private static final Set<String> SURROUNDINGS = Set.of("website", "organization", "newsmediaorganization",
            "corporation", "person", "breadcrumblist", "listitem", "imageobject", "sitenavigationelement", "wpheader",
            "wpfooter", "wpsidebar", "wpadblock", "searchaction", "readaction", "viewaction", "entrypoint", "brand",
            "postaladdress", "contactpoint", "rating", "aggregaterating", "offer", "aggregateoffer", "thing",
            "propertyvalue", "geocoordinates", "place", "country", "language", "speakablespecification");

    private SchemaTypes() {}

    /** The type's name without a vocabulary prefix, lower case: {@code https://schema.org/NewsArticle} is {@code newsarticle}. */
    static String name(String type) {
        if (type == null) {
            return null;
        }
        String t = type.strip();
        int cut = Math.max(t.lastIndexOf('/'), Math.max(t.lastIndexOf('#'), t.lastIndexOf(':')));
        t = t.substring(cut + 1);
        return t.isEmpty() ? null : t.toLowerCase(Locale.ROOT);
    }

    /** True for a type whose items surround the content (site, organization, breadcrumbs, ...). */
    static boolean surrounds(String name) {
        return name == null || SURROUNDINGS.contains(name);
    }

    /** True for a web page type ({@code WebPage}, {@code CollectionPage}, ...), whose item describes the page itself. */
    static boolean isPage(String name) {
        return name != null && name.endsWith("page");
    }

    /** True for media objects (a video, a podcast episode), which yield to an article or product beside them. */
    static boolean isMedia(String name) {
        return name != null && (name.endsWith("object") || name.equals("clip"));
    }

    /**
     * The record's {@code type} for a schema.org type name: {@code article} for articles and postings,
     * {@code product}, {@code video}, {@code profile}, {@code event}, {@code website} for web pages, and
     * any other type's own name in lower case ({@code recipe}, {@code book}, {@code jobposting}).
     */
    static String recordType(String name) {
        if (name == null) {
            return null;
        }
        if (name.equals("jobposting")) {
            return name;
        }
        if (name.endsWith("article") || name.endsWith("posting") || name.equals("report")
                || name.equals("apireference")) {
            return "article";
        }
        if (name.startsWith("product") || name.equals("individualproduct") || name.equals("someproducts")
                || name.equals("vehicle") || name.equals("car")) {
            return "product";
        }
        if (name.equals("videoobject") || name.equals("movie") || name.equals("clip") || name.endsWith("episode")) {
            return "video";
        }
        if (name.equals("profilepage") || name.equals("person")) {
            return "profile";
        }
        if (name.endsWith("event")) {
            return "event";
        }
        if (isPage(name) || name.equals("website")) {
            return "website";
        }
        return name;
    }
}
