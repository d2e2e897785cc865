package org.kcrawl.parser.kafka;

/**
 * A documentation page of the shape the parser meets most (about 30 KB, some 200 links: navigation,
 * relative and {@code ../} paths, fragments, off-site and {@code mailto:} links, entities, inline scripts
 * and styles, tables and code), made up here so that warming the parser needs no file and copies no site.
 * Each {@code variant} names its pages differently, so no two warm-up pages repeat a link.
 */
final class WarmUpPages {
    /** The made-up site the pages are on. */
    static final String SITE = "docs.example.org";

    private static final String[] WORDS = {"fetch", "parse", "frontier", "robots", "sitemap", "queue", "host",
        "budget", "codec", "record", "scope", "render", "proxy", "archive", "digest", "token", "policy", "index"};

    private WarmUpPages() {
    }

    /** The URL of page {@code variant}. */
    static String url(int variant) {
        return "https://" + SITE + "/guide/" + word(variant) + "/" + word(variant + 7) + ".html";
    }

    /** The page's markup, about 30 KB. */
    static String html(int variant) {
        StringBuilder b = new StringBuilder(40_000);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"description\" content=\"Reference &amp; guide, part ").append(variant)
                .append("\">\n<title>").append(word(variant)).append(" &mdash; Reference Guide</title>\n")
                .append("<link rel=\"stylesheet\" href=\"../../_static/theme.css?v=").append(variant).append("\">\n")
                .append("<link rel=\"canonical\" href=\"https://").append(SITE).append("/guide/").append(word(variant))
                .append(".html\">\n<style>body{margin:0}a[href^='http']:after{content:'\\2197'}</style>\n")
                .append("<script>var DOCS = {version: '2.4', root: '../../'}; if (a < b && c > d) { go('</p>'); }")
                .append("</script>\n<script src=\"../../_static/search.js\" defer></script>\n</head>\n<body>\n");
        b.append("<header class=\"top\"><nav aria-label=\"main\"><ul>\n");
        for (int i = 0; i < 40; i++) {
            b.append("<li><a class=\"nav\" href=\"../").append(word(i)).append('/').append(word(i + variant))
                    .append(".html\">").append(word(i)).append(" &amp; ").append(word(i + 1)).append("</a></li>\n");
        }
        b.append("</ul></nav></header>\n<div class=\"side\"><ul class=toc>\n");
        for (int i = 0; i < 60; i++) {
            b.append("<li><a href='").append(word(variant + i)).append('-').append(i).append(".html#")
                    .append(word(i)).append("'>").append(word(variant + i)).append(' ').append(i)
                    .append("</a>\n");
        }
        b.append("</ul></div>\n<main id=\"content\">\n<h1 id=top>").append(word(variant)).append(" &#8212; ")
                .append("overview</h1>\n");
        for (int s = 0; s < 12; s++) {
            section(b, variant, s);
        }
        b.append("<table class=\"summary\"><caption>Methods</caption>\n<tr><th>Modifier</th><th>Method</th>"
                + "<th>Description</th></tr>\n");
        for (int i = 0; i < 40; i++) {
            b.append("<tr class=\"").append(i % 2 == 0 ? "even" : "odd").append("\"><td><code>public&nbsp;")
                    .append(word(i)).append("</code></td><td><a href=\"#").append(word(i)).append('(')
                    .append(word(i + 2)).append(")\">").append(word(i)).append("</a>(").append(word(i + 2))
                    .append("&nbsp;x)</td><td>Returns the ").append(word(i + 3)).append(" of the ")
                    .append(word(i + 4)).append(", or <code>null</code> when it has none.</td></tr>\n");
        }
        b.append("</table>\n</main>\n<footer><p>&copy; 2026 Example. <a href=\"mailto:docs@example.org\">Mail</a>"
                + " &middot; <a href=\"https://github.com/example/docs/edit/main/").append(word(variant))
                .append(".md\">Edit</a> &middot; <a href=\"javascript:void(0)\">Top</a> &middot; ")
                .append("<a href=\"/genindex.html\">Index</a></p></footer>\n<!-- built ").append(variant)
                .append(" -->\n</body>\n</html>\n");
        return b.toString();
    }

    private static void section(StringBuilder b, int variant, int s) {
        b.append("<section id=\"").append(word(s)).append("\">\n<h2>").append(s + 1).append(". ")
                .append(word(s + variant)).append(" <a class=\"headerlink\" href=\"#").append(word(s))
                .append("\" title=\"Permalink\">&para;</a></h2>\n");
        for (int p = 0; p < 3; p++) {
            b.append("<p>The <em>").append(word(s + p)).append("</em> keeps each ").append(word(s + p + 1))
                    .append(" apart from the ").append(word(s + p + 2)).append(": see <a href=\"../")
                    .append(word(p)).append("/").append(word(s)).append(".html#").append(word(p + 1))
                    .append("\">").append(word(p)).append("</a> and <a href=\"").append(word(s + p + variant))
                    .append(".html\">the ").append(word(s + p + variant)).append(" page</a>. A value &lt; 0 ")
                    .append("means &ldquo;never&rdquo;, and &gt; 10&nbsp;000 is refused &ndash; as ")
                    .append("<a href=\"https://www.example.com/").append(word(s)).append("?q=").append(p)
                    .append("&amp;lang=en\">elsewhere</a> explains.</p>\n");
        }
        b.append("<pre><code class=\"language-java\">var ").append(word(s)).append(" = new ")
                .append(word(s + 1)).append("&lt;String&gt;();\nif (a &amp;&amp; b) { run(\"x\"); }\n</code></pre>\n")
                .append("<div class=\"note\"><p>Note: <a href=\"../../api/").append(word(s)).append('/')
                .append(word(s + variant)).append(".html\">API</a></p></div>\n</section>\n");
    }

    private static String word(int i) {
        return WORDS[Math.floorMod(i, WORDS.length)] + (i / WORDS.length == 0 ? "" : Integer.toString(i / WORDS.length));
    }
}
