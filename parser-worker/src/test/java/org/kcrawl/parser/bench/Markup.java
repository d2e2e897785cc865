package org.kcrawl.parser.bench;

import java.util.List;
import java.util.Random;

/**
 * Writes the recurring parts of real-looking pages from a seeded random source: prose with
 * entities and inline links, the links a site mixes (relative, root-relative, absolute,
 * protocol-relative, tracking parameters, dot segments, fragments, other schemes), stylesheets
 * and scripts. The same seed always writes the same bytes.
 */
final class Markup {
    private static final List<String> WORDS = List.of(
            "the", "of", "and", "to", "in", "for", "is", "on", "that", "by", "with", "market", "council",
            "report", "season", "energy", "price", "city", "team", "said", "year", "new", "minister", "policy",
            "river", "bridge", "school", "data", "model", "release", "version", "support", "user", "thread",
            "reply", "quote", "build", "server", "request", "budget", "weather", "storm", "coast", "harbour",
            "railway", "station", "museum", "festival", "review", "quality", "warranty", "delivery", "stock",
            "customer", "feature", "option", "install", "configure", "default", "value", "parameter", "example",
            "through", "between", "because", "however", "although", "several", "according", "announced",
            "expected", "described", "reported", "significant", "development", "community", "government");
    private static final List<String> ACCENTED = List.of(
            "café", "naïve", "Zürich", "São Paulo", "façade", "crème brûlée", "Ångström", "résumé", "Ærø",
            "Malmö", "jalapeño", "coöperate");
    private static final List<String> WIDE = List.of("日本語", "東京", "Москва", "Ελλάδα", "한국어", "中文");
    private static final List<String> ENTITIES = List.of(
            "&amp;", "&mdash;", "&ndash;", "&hellip;", "&nbsp;", "&#8217;", "&#x201C;", "&#x201D;", "&eacute;",
            "&copy;", "&euro;", "&lt;", "&gt;", "&quot;", "&rsquo;", "&laquo;", "&raquo;");

    private final Random random;
    private final String origin;
    private final boolean wideCharacters;
    private final StringBuilder out;

    /**
     * @param seed the random seed
     * @param origin scheme and host of the page's site, such as {@code https://www.daily.example}
     * @param wideCharacters whether prose may hold characters outside windows-1252
     * @param capacity expected size of the page in characters
     */
    Markup(long seed, String origin, boolean wideCharacters, int capacity) {
        this.random = new Random(seed);
        this.origin = origin;
        this.wideCharacters = wideCharacters;
        this.out = new StringBuilder(capacity);
    }

    Markup raw(String s) {
        out.append(s);
        return this;
    }

    Markup line(String s) {
        out.append(s).append('\n');
        return this;
    }

    String html() {
        return out.toString();
    }

    int length() {
        return out.length();
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    /** {@code n} plain words. */
    String words(int n) {
        StringBuilder sb = new StringBuilder(n * 8);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(word());
        }
        return sb.toString();
    }

    /** A title-cased phrase of {@code n} words, safe in attributes. */
    String title(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String w = WORDS.get(random.nextInt(WORDS.size()));
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(Character.toUpperCase(w.charAt(0))).append(w, 1, w.length());
        }
        return sb.toString();
    }

    /** A URL slug of {@code n} words. */
    String slug(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append('-');
            }
            sb.append(WORDS.get(random.nextInt(WORDS.size())));
        }
        return sb.toString();
    }

    /** A paragraph of {@code sentences} sentences with entities, emphasis and a few inline links. */
    Markup paragraph(int sentences) {
        out.append("<p>");
        for (int s = 0; s < sentences; s++) {
            String w = words(6 + random.nextInt(14));
            out.append(Character.toUpperCase(w.charAt(0))).append(w, 1, w.length());
            int r = random.nextInt(10);
            if (r == 0) {
                out.append(" <a href=\"").append(href()).append("\">").append(words(3)).append("</a>");
            } else if (r == 1) {
                out.append(" <em>").append(words(2)).append("</em> ").append(ENTITIES.get(random.nextInt(ENTITIES.size())));
            } else if (r == 2) {
                out.append(' ').append(ENTITIES.get(random.nextInt(ENTITIES.size()))).append(' ').append(words(2));
            } else if (r == 3) {
                out.append(" <strong>").append(words(2)).append("</strong>");
            }
            out.append(". ");
        }
        out.append("</p>\n");
        return this;
    }

    /** An anchor element with a random kind of href, and sometimes rel=nofollow. */
    Markup anchor(String cssClass) {
        out.append("<a class=\"").append(cssClass).append("\" href=\"").append(href()).append('"');
        if (random.nextInt(12) == 0) {
            out.append(" rel=\"nofollow noopener\" target=\"_blank\"");
        }
        out.append(" title=\"").append(title(3)).append("\">").append(words(1 + random.nextInt(4))).append("</a>");
        return this;
    }

    /** A list of {@code n} anchors, the way navigation menus are written. */
    Markup linkList(String cssClass, int n) {
        out.append("<ul class=\"").append(cssClass).append("\">\n");
        for (int i = 0; i < n; i++) {
            out.append("  <li class=\"").append(cssClass).append("__item\">");
            anchor(cssClass + "__link");
            out.append("</li>\n");
        }
        out.append("</ul>\n");
        return this;
    }

    /** An href in one of the shapes real sites mix, weighted roughly as they occur. */
    String href() {
        int r = random.nextInt(100);
        if (r < 35) {
            return "/" + section() + "/" + slug(3 + random.nextInt(4)) + "-" + random.nextInt(100_000);
        }
        if (r < 50) {
            return slug(2) + ".html";
        }
        if (r < 58) {
            return "../" + section() + "/" + slug(2) + "/";
        }
        if (r < 66) {
            return origin + "/" + section() + "/" + slug(3) + "?utm_source=site&amp;utm_medium=nav&amp;ref="
                    + random.nextInt(1000);
        }
        if (r < 71) {
            return "https://" + externalHost() + "/" + slug(2) + "?id=" + random.nextInt(10_000);
        }
        if (r < 75) {
            return "//cdn." + host() + "/assets/" + slug(1) + "/" + random.nextInt(500) + ".html";
        }
        if (r < 79) {
            return "/search?q=" + slug(2).replace('-', '+') + "&amp;page=" + (1 + random.nextInt(9))
                    + "&amp;sessionid=" + Long.toHexString(random.nextLong());
        }
        if (r < 82) {
            return "#" + slug(1);
        }
        if (r < 84) {
            return "javascript:void(0)";
        }
        if (r < 86) {
            return "mailto:" + slug(1) + "@" + host();
        }
        if (r < 87) {
            return "tel:+44-20-7946-" + (1000 + random.nextInt(9000));
        }
        if (r < 90) {
            return "./" + section() + "/../" + section() + "/%7e" + slug(1) + "/index.html#top";
        }
        if (r < 92) {
            return origin.toUpperCase(java.util.Locale.ROOT) + ":443/" + section() + "/" + slug(2);
        }
        if (r < 94) {
            return "/" + section() + "/" + slug(2) + ";jsessionid=" + Long.toHexString(random.nextLong());
        }
        if (r < 96) {
            return " /" + section() + "/caf%C3%A9/" + slug(1) + " ";
        }
        return "/" + section() + "/" + slug(2) + "?b=" + random.nextInt(9) + "&amp;a=" + random.nextInt(9)
                + "&amp;fbclid=" + Long.toHexString(random.nextLong()) + "#comments";
    }

    /** A block of CSS of about {@code rules} rules, as inline critical CSS is written. */
    Markup style(int rules) {
        out.append("<style>\n");
        for (int i = 0; i < rules; i++) {
            out.append('.').append(slug(2)).append("__").append(slug(1)).append(", .c").append(i)
                    .append(" > a:hover { color: #").append(Integer.toHexString(0x100000 + random.nextInt(0xEFFFFF)))
                    .append("; margin: ").append(random.nextInt(24)).append("px ").append(random.nextInt(24))
                    .append("px; font: 400 1.").append(random.nextInt(9)).append("rem/1.5 \"Helvetica Neue\", sans-serif; }\n");
            if (i % 25 == 0) {
                out.append("@media (max-width: ").append(480 + random.nextInt(600)).append("px) { .m").append(i)
                        .append(" { display: none !important; } }\n");
            }
        }
        out.append("</style>\n");
        return this;
    }

    /** An inline script of about {@code statements} statements, with the characters that trip parsers. */
    Markup script(int statements) {
        out.append("<script>\n(function (w, d) {\n  'use strict';\n");
        for (int i = 0; i < statements; i++) {
            int r = random.nextInt(4);
            if (r == 0) {
                out.append("  if (w.innerWidth < ").append(random.nextInt(2000)).append(" && d.body) { d.body.className += ' m")
                        .append(i).append("'; }\n");
            } else if (r == 1) {
                out.append("  var s").append(i).append(" = \"<div class=\\\"x\\\">\" + '").append(words(3))
                        .append("' + \"</div>\";\n");
            } else if (r == 2) {
                out.append("  w.dataLayer = w.dataLayer || []; w.dataLayer.push({event: 'view', id: ")
                        .append(random.nextInt(1_000_000)).append(", path: '/").append(slug(2)).append("'});\n");
            } else {
                out.append("  d.write('<scr' + 'ipt src=\"//ads.").append(externalHost())
                        .append("/t.js?r=' + Math.random() + '\"></scr' + 'ipt>');\n");
            }
        }
        out.append("})(window, document);\n</script>\n");
        return this;
    }

    /** A JSON blob in a script element, as server-rendered apps ship their state. */
    Markup jsonState(String id, int items) {
        out.append("<script id=\"").append(id).append("\" type=\"application/json\">{\"props\":{\"items\":[");
        for (int i = 0; i < items; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append("{\"id\":").append(random.nextInt(1_000_000)).append(",\"name\":\"").append(title(3))
                    .append("\",\"url\":\"/p/").append(slug(3)).append("\",\"price\":").append(random.nextInt(50_000) / 100.0)
                    .append(",\"tags\":[\"").append(slug(1)).append("\",\"").append(slug(1)).append("\"],\"html\":\"<b>")
                    .append(words(4)).append("<\\/b>\"}");
        }
        out.append("]}}</script>\n");
        return this;
    }

    /** The head of a page: metadata, social tags, stylesheets, preloads, a canonical link. */
    Markup head(String title, String path, String charsetMeta, int cssRules, int scriptStatements) {
        line("<!DOCTYPE html>");
        line("<html lang=\"en-GB\" class=\"no-js\">");
        line("<head>");
        if (charsetMeta != null) {
            line(charsetMeta);
        }
        line("<title>" + title + " | " + host() + "</title>");
        line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        line("<meta name=\"description\" content=\"" + words(18) + "\">");
        line("<meta property=\"og:title\" content=\"" + title + "\">");
        line("<meta property=\"og:url\" content=\"" + origin + path + "\">");
        line("<meta property=\"og:image\" content=\"" + origin + "/img/" + slug(2) + ".jpg\">");
        line("<meta name=\"twitter:card\" content=\"summary_large_image\">");
        line("<link rel=\"canonical\" href=\"" + origin + path + "\">");
        line("<link rel=\"icon\" href=\"/favicon.ico\">");
        line("<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/feed.xml\">");
        for (int i = 0; i < 4; i++) {
            line("<link rel=\"stylesheet\" href=\"//cdn." + host() + "/css/" + slug(1) + "." + Long.toHexString(random.nextLong())
                    + ".css\">");
        }
        line("<link rel=\"preload\" as=\"font\" href=\"/fonts/" + slug(1) + ".woff2\" crossorigin>");
        style(cssRules);
        script(scriptStatements);
        line("<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"WebPage\",\"name\":\""
                + title + "\",\"url\":\"" + origin + path + "\"}</script>");
        line("</head>");
        return this;
    }

    /** The site header: logo, main navigation, a mega menu. */
    Markup siteHeader(int navLinks) {
        line("<body class=\"page\">");
        line("<a class=\"skip\" href=\"#main\">Skip to content</a>");
        line("<header class=\"site-header\"><a class=\"logo\" href=\"/\"><img src=\"/img/logo.svg\" alt=\"" + host()
                + "\"></a>");
        line("<nav class=\"main-nav\" aria-label=\"Main\">");
        linkList("nav", navLinks);
        line("</nav></header>");
        return this;
    }

    /** The site footer, with legal, social and contact links, then the deferred scripts. */
    Markup siteFooter(int links, int scriptStatements) {
        line("<footer class=\"site-footer\">");
        for (int col = 0; col < 4; col++) {
            line("<div class=\"footer__col\"><h4>" + title(2) + "</h4>");
            linkList("footer", links / 4);
            line("</div>");
        }
        line("<p class=\"legal\">&copy; 2025 " + host() + " &mdash; <a href=\"/terms\">Terms</a> &middot; "
                + "<a href=\"/privacy#cookies\">Privacy</a> &middot; <a href=\"mailto:press@" + host() + "\">Press</a></p>");
        line("</footer>");
        for (int i = 0; i < 5; i++) {
            line("<script src=\"//cdn." + host() + "/js/" + slug(1) + "." + Long.toHexString(random.nextLong())
                    + ".js\" defer></script>");
        }
        script(scriptStatements);
        line("</body>");
        line("</html>");
        return this;
    }

    String host() {
        return origin.substring(origin.indexOf("://") + 3);
    }

    private String word() {
        int r = random.nextInt(40);
        if (r == 0) {
            return ACCENTED.get(random.nextInt(ACCENTED.size()));
        }
        if (r == 1 && wideCharacters) {
            return WIDE.get(random.nextInt(WIDE.size()));
        }
        return WORDS.get(random.nextInt(WORDS.size()));
    }

    private String section() {
        return WORDS.get(random.nextInt(24));
    }

    private String externalHost() {
        return WORDS.get(random.nextInt(WORDS.size())) + "-" + WORDS.get(random.nextInt(WORDS.size())) + ".example";
    }
}
