package org.kcrawl.parser.bench;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The benchmark's corpus: twelve real-looking pages of 10 to 300 KB, the kinds a general crawl
 * meets (news articles, a product page and a category page, forum threads, documentation, a big
 * table, a landing page, a blog with broken markup, search results), each with the navigation,
 * styles, scripts, entities and link shapes such sites carry. Generated from fixed seeds, so every
 * run parses the same bytes; one page is windows-1252, one declares nothing.
 */
public final class BenchCorpus {
    /** Pages in the corpus; a constant, because JMH's operations-per-invocation must be one. */
    public static final int SIZE = 12;

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    private static final String UTF8_META = "<meta charset=\"utf-8\">";
    private static final String HTML_UTF8 = "text/html; charset=utf-8";

    private BenchCorpus() {}

    /** The corpus, in a fixed order. */
    public static List<CorpusPage> pages() {
        List<CorpusPage> pages = List.of(
                article("news-short", 1, 8, StandardCharsets.UTF_8),
                article("news-long-cp1252", 2, 40, WINDOWS_1252),
                product("product", 3),
                category("category", 4, 130),
                forum("forum-thread", 5, 55),
                forum("forum-page-2", 6, 14),
                docs("docs", 7, 18),
                docs("docs-long", 8, 50),
                table("table", 9, 1050),
                landing("landing-undeclared", 10),
                brokenBlog("blog-malformed", 11),
                search("search", 12, 60));
        if (pages.size() != SIZE) {
            throw new IllegalStateException("SIZE is " + SIZE + " but the corpus has " + pages.size() + " pages");
        }
        return pages;
    }

    private static CorpusPage article(String name, long seed, int paragraphs, Charset charset) {
        String origin = "https://www.daily.example";
        boolean utf8 = charset.equals(StandardCharsets.UTF_8);
        Markup m = new Markup(seed, origin, utf8, 100_000);
        String path = "/world/2025/03/" + m.slug(6);
        String title = m.title(8);
        String meta = utf8 ? UTF8_META : "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\">";
        m.head(title, path, meta, 120, 30).siteHeader(70);
        m.line("<main id=\"main\"><article class=\"story\">");
        m.line("<nav class=\"breadcrumbs\"><a href=\"/\">Home</a> &rsaquo; <a href=\"/world/\">World</a> &rsaquo; "
                + "<a href=\"/world/europe/\">Europe</a></nav>");
        m.line("<h1 class=\"story__headline\">" + title + "</h1>");
        m.line("<p class=\"byline\">By <a rel=\"author\" href=\"/authors/" + m.slug(2) + "\">" + m.title(2)
                + "</a> &middot; <time datetime=\"2025-03-04T05:06:07Z\">4 March 2025</time></p>");
        m.line("<figure><img src=\"/img/" + m.slug(3) + ".jpg\" srcset=\"/img/a-480.jpg 480w, /img/a-960.jpg 960w\" alt=\""
                + m.words(6) + "\"><figcaption>" + m.words(12) + " &copy; Agency</figcaption></figure>");
        for (int i = 0; i < paragraphs; i++) {
            m.paragraph(3 + m.nextInt(5));
            if (i % 6 == 5) {
                m.line("<aside class=\"related\"><h3>Related</h3>");
                m.linkList("related", 5);
                m.line("</aside>");
            }
            if (i % 10 == 9) {
                m.line("<div class=\"ad\" data-slot=\"mid-" + i + "\"><iframe src=\"https://ads.adnet.example/frame?slot="
                        + i + "&amp;utm_source=daily\" width=\"300\" height=\"250\"></iframe></div>");
            }
        }
        m.line("</article><section class=\"most-read\"><h2>Most read</h2>");
        m.linkList("most-read", 10);
        m.line("</section></main>");
        m.siteFooter(48, 25);
        String type = utf8 ? HTML_UTF8 : "text/html; charset=windows-1252";
        return new CorpusPage(name, origin + path, type, m.html().getBytes(charset));
    }

    private static CorpusPage product(String name, long seed) {
        String origin = "https://shop.example";
        Markup m = new Markup(seed, origin, true, 120_000);
        String path = "/p/" + m.slug(4) + "-" + 48213;
        String title = m.title(5);
        m.head(title, path, UTF8_META, 200, 40).siteHeader(90);
        m.line("<main id=\"main\" class=\"product\" data-sku=\"SKU-48213\">");
        m.line("<ol class=\"breadcrumbs\"><li><a href=\"/\">Shop</a></li><li><a href=\"/c/home\">Home</a></li>"
                + "<li><a href=\"/c/home/desks\">Desks</a></li></ol>");
        m.line("<h1 class=\"product__name\">" + title + "</h1>");
        m.line("<div class=\"gallery\">");
        for (int i = 0; i < 8; i++) {
            m.line("<a href=\"/img/zoom/" + i + ".jpg\" class=\"gallery__zoom\"><img class=\"gallery__img\" src=\"/img/p/"
                    + i + ".jpg\" loading=\"lazy\" alt=\"" + m.words(4) + "\"></a>");
        }
        m.line("</div><div class=\"buy\"><span class=\"price\" content=\"349.00\">&pound;349.00</span>"
                + "<form action=\"/cart/add\" method=\"post\"><input type=\"hidden\" name=\"sku\" value=\"SKU-48213\">"
                + "<select name=\"qty\"><option>1</option><option>2</option><option>3</option></select>"
                + "<button type=\"submit\">Add to basket</button></form></div>");
        m.line("<section class=\"description\"><h2>Description</h2>");
        for (int i = 0; i < 6; i++) {
            m.paragraph(4);
        }
        m.line("<table class=\"specs\">");
        for (int i = 0; i < 25; i++) {
            m.line("<tr><th>" + m.title(2) + "</th><td>" + m.words(3) + " &times; " + m.nextInt(200) + " cm</td></tr>");
        }
        m.line("</table></section><section class=\"reviews\"><h2>Reviews</h2>");
        for (int i = 0; i < 25; i++) {
            m.line("<div class=\"review\" itemprop=\"review\"><span class=\"stars\">&#9733;&#9733;&#9733;&#9733;&#9734;</span>"
                    + "<a class=\"review__author\" href=\"/u/" + m.slug(1) + m.nextInt(9999) + "\" rel=\"nofollow\">"
                    + m.title(2) + "</a>");
            m.paragraph(2 + m.nextInt(3));
            m.line("<a class=\"review__helpful\" href=\"javascript:vote(" + i + ")\">Helpful?</a></div>");
        }
        m.line("</section><section class=\"recommendations\"><h2>You may also like</h2>");
        m.linkList("reco", 60);
        m.line("</section></main>");
        m.jsonState("__NEXT_DATA__", 150);
        m.siteFooter(40, 30);
        return new CorpusPage(name, origin + path, HTML_UTF8, m.html().getBytes(StandardCharsets.UTF_8));
    }

    private static CorpusPage category(String name, long seed, int tiles) {
        String origin = "https://shop.example";
        Markup m = new Markup(seed, origin, true, 200_000);
        String path = "/c/home/desks?page=2&sort=price";
        m.head("Desks", path, UTF8_META, 160, 30).siteHeader(90);
        m.line("<main id=\"main\"><h1>Desks</h1><aside class=\"facets\">");
        for (int f = 0; f < 6; f++) {
            m.line("<h3>" + m.title(1) + "</h3>");
            m.linkList("facet", 8);
        }
        m.line("</aside><ul class=\"grid\">");
        for (int i = 0; i < tiles; i++) {
            String slug = m.slug(3);
            m.line("<li class=\"tile\"><a class=\"tile__link\" href=\"/p/" + slug + "-" + (10_000 + i)
                    + "?ref=grid&amp;utm_campaign=spring\"><img src=\"/img/t/" + i + ".webp\" alt=\"" + m.title(3)
                    + "\" width=\"240\" height=\"240\"><span class=\"tile__name\">" + m.title(4)
                    + "</span></a><span class=\"tile__price\">&pound;" + m.nextInt(900) + ".99</span>"
                    + "<a class=\"tile__compare\" href=\"#compare-" + i + "\">Compare</a></li>");
        }
        m.line("</ul><nav class=\"pagination\">");
        for (int p = 1; p <= 12; p++) {
            m.line("<a href=\"?page=" + p + "&amp;sort=price\">" + p + "</a>");
        }
        m.line("</nav></main>");
        m.siteFooter(40, 20);
        return new CorpusPage(name, origin + path, HTML_UTF8, m.html().getBytes(StandardCharsets.UTF_8));
    }

    private static CorpusPage forum(String name, long seed, int posts) {
        String origin = "https://forum.example";
        Markup m = new Markup(seed, origin, true, 250_000);
        String path = "/t/" + m.slug(5) + "/" + (77_000 + seed);
        m.head(m.title(7), path, UTF8_META, 90, 20).siteHeader(30);
        m.line("<main id=\"main\"><div class=\"thread\">");
        for (int i = 0; i < posts; i++) {
            String user = m.slug(1) + m.nextInt(1000);
            m.line("<div class=\"post\" id=\"post-" + i + "\"><div class=\"post__meta\"><a href=\"/u/" + user
                    + "\"><img class=avatar src=/avatars/" + user + ".png alt=''></a> <a class=\"post__author\" href=\"/u/"
                    + user + "\">" + user + "</a> <a class=\"post__permalink\" href=\"#post-" + i + "\">#" + (i + 1)
                    + "</a></div><div class=\"post__body\">");
            if (i > 0 && i % 3 == 0) {
                m.line("<blockquote class=\"quote\"><cite><a href=\"/u/" + m.slug(1) + "\">" + m.slug(1)
                        + "</a> wrote:</cite>");
                m.paragraph(2);
                m.line("</blockquote>");
            }
            for (int p = 0; p < 1 + m.nextInt(4); p++) {
                m.paragraph(2 + m.nextInt(4));
            }
            if (i % 4 == 1) {
                m.line("<pre><code>if (a &lt; b &amp;&amp; c &gt; d) { return &quot;" + m.words(3) + "&quot;; }</code></pre>");
            }
            m.line("</div><div class=\"post__signature\">" + m.words(6) + " <a href=\"https://" + m.slug(1)
                    + ".blog.example/\" rel=\"nofollow ugc\">my blog</a></div>");
            m.line("<div class=\"post__actions\"><a href=\"/reply?to=" + i + "&amp;sid=" + Long.toHexString(seed * 31 + i)
                    + "\">Reply</a> <a href=\"javascript:report(" + i + ")\">Report</a> <a href=\"mailto:mod@forum.example?subject=post%20"
                    + i + "\">Mail a moderator</a></div></div>");
        }
        m.line("</div><nav class=\"pager\">");
        for (int p = 1; p <= 9; p++) {
            m.line("<a href=\"" + path + "?page=" + p + "\">" + p + "</a>");
        }
        m.line("</nav></main>");
        m.siteFooter(24, 15);
        return new CorpusPage(name, origin + path, HTML_UTF8, m.html().getBytes(StandardCharsets.UTF_8));
    }

    private static CorpusPage docs(String name, long seed, int sections) {
        String origin = "https://docs.example";
        Markup m = new Markup(seed, origin, false, 200_000);
        String path = "/guide/v3/" + m.slug(2) + "/" + m.slug(2) + ".html";
        m.head(m.title(4), path, UTF8_META, 80, 10);
        m.line("<body class=\"docs\"><div class=\"layout\"><nav class=\"sidebar\">");
        for (int g = 0; g < 10; g++) {
            m.line("<details open><summary>" + m.title(2) + "</summary><ul>");
            for (int i = 0; i < 14; i++) {
                m.line("<li><a href=\"../" + m.slug(2) + "/" + m.slug(2) + ".html\">" + m.title(3) + "</a></li>");
            }
            m.line("</ul></details>");
        }
        m.line("</nav><main id=\"main\"><h1>" + m.title(4) + "</h1><nav class=\"toc\"><ol>");
        for (int s = 0; s < sections; s++) {
            m.line("<li><a href=\"#s" + s + "\">" + m.title(3) + "</a></li>");
        }
        m.line("</ol></nav>");
        for (int s = 0; s < sections; s++) {
            m.line("<h2 id=\"s" + s + "\">" + m.title(3) + " <a class=\"anchor\" href=\"#s" + s + "\">&para;</a></h2>");
            m.paragraph(4);
            m.line("<pre class=\"code\"><code class=\"language-java\">");
            for (int l = 0; l < 10; l++) {
                m.line("  Map&lt;String, List&lt;" + m.title(1) + "&gt;&gt; " + m.slug(1).replace('-', '_') + l
                        + " = config.get(&quot;" + m.slug(2) + "&quot;); // " + m.words(4) + " &amp; more");
            }
            m.line("</code></pre>");
            m.paragraph(3);
            m.line("<div class=\"note\"><p>See <a href=\"" + m.slug(2) + ".html#" + m.slug(1) + "\">" + m.title(2)
                    + "</a> and <a href=\"../../v2/" + m.slug(2) + ".html\">the v2 guide</a>.</p></div>");
        }
        m.line("</main></div>");
        m.siteFooter(20, 8);
        return new CorpusPage(name, origin + path, HTML_UTF8, m.html().getBytes(StandardCharsets.UTF_8));
    }

    private static CorpusPage table(String name, long seed, int rows) {
        String origin = "https://stats.example";
        Markup m = new Markup(seed, origin, false, 320_000);
        String path = "/tables/stations?year=2024";
        m.head("Station statistics 2024", path, UTF8_META, 40, 8).siteHeader(20);
        m.line("<main id=\"main\"><h1>Station statistics 2024</h1><table class=\"data\"><thead><tr>"
                + "<th>Station</th><th>Region</th><th>Entries</th><th>Exits</th><th>Change</th><th>Source</th></tr></thead><tbody>");
        for (int r = 0; r < rows; r++) {
            String slug = m.slug(2);
            m.line("<tr class=\"" + (r % 2 == 0 ? "even" : "odd") + "\"><td><a href=\"/stations/" + slug + "-" + r + "\">"
                    + m.title(2) + "</a></td><td><a href=\"//stats.example/regions/" + (r % 40) + "\">R" + (r % 40)
                    + "</a></td><td>" + m.nextInt(9_000_000) + "</td><td>" + m.nextInt(9_000_000) + "</td><td>&minus;"
                    + m.nextInt(40) + ".&#8203;" + m.nextInt(10) + "&nbsp;%</td><td><a href=\"/sources?id=" + r
                    + "&amp;fmt=csv\">csv</a></td></tr>");
        }
        m.line("</tbody></table></main>");
        m.siteFooter(16, 6);
        return new CorpusPage(name, origin + path, HTML_UTF8, m.html().getBytes(StandardCharsets.UTF_8));
    }

    private static CorpusPage landing(String name, long seed) {
        String origin = "https://start.example";
        Markup m = new Markup(seed, origin, true, 20_000);
        String path = "/";
        // Declares no charset anywhere: the detector must sniff UTF-8 from the bytes.
        m.head("Welcome", path, null, 30, 6).siteHeader(12);
        m.line("<main id=\"main\"><section class=\"hero\"><h1>" + m.title(4) + "</h1>");
        m.paragraph(3);
        m.line("<a class=\"cta\" href=\"/signup?utm_source=hero\">Start free</a></section>");
        for (int i = 0; i < 3; i++) {
            m.line("<section class=\"feature\"><h2>" + m.title(3) + "</h2>");
            m.paragraph(2);
            m.line("</section>");
        }
        m.line("</main>");
        m.siteFooter(12, 4);
        return new CorpusPage(name, origin + path, "text/html", m.html().getBytes(StandardCharsets.UTF_8));
    }

    private static CorpusPage brokenBlog(String name, long seed) {
        String origin = "http://blog.example";
        Markup m = new Markup(seed, origin, true, 60_000);
        String path = "/2009/05/" + m.slug(4) + ".html";
        m.line("<html><head><title>" + m.title(5) + "</title>");
        m.line("<meta name=description content=" + m.slug(4) + ">");
        m.line("<base href=\"http://blog.example/2009/\">");
        m.style(40);
        m.line("<body bgcolor=#ffffff><table width=100%><tr><td valign=top>");
        m.linkList("blogroll", 30);
        m.line("<td><div id=content>");
        for (int i = 0; i < 30; i++) {
            // Unclosed and misnested inline elements, unquoted attributes, stray end tags: what old blogs hold.
            m.line("<p><b>" + m.words(4) + " <i>" + m.words(3) + "</b> " + m.words(5) + "</i>");
            m.paragraph(3);
            m.line("<a href=05/" + m.slug(2) + ".html>" + m.words(2) + "</a> <font color=red>" + m.words(3)
                    + "</span></font><br><br>");
            if (i % 5 == 0) {
                m.line("<ul><li><a href='archive.html?m=" + i + "'>" + m.words(2) + "<li><a href=\"../tags/" + m.slug(1)
                        + "\">" + m.slug(1) + "</ul></p></div>");
            }
        }
        m.line("<a href=\"http://blog.example/feed\"><img src=rss.gif></a>");
        m.line("<!-- counter --><script>document.write('<img src=\"/c.gif?' + Math.random() + '\">')</script>");
        // No closing tags at the end, as in a truncated template.
        return new CorpusPage(name, origin + path, "text/html; charset=UTF-8", m.html().getBytes(StandardCharsets.UTF_8));
    }

    private static CorpusPage search(String name, long seed, int results) {
        String origin = "https://find.example";
        Markup m = new Markup(seed, origin, true, 80_000);
        String path = "/search?q=river+bridge&page=1";
        m.head("river bridge - Find", path, UTF8_META, 50, 12).siteHeader(10);
        m.line("<main id=\"main\"><form action=\"/search\"><input name=q value=\"river bridge\"></form><ol class=\"results\">");
        for (int i = 0; i < results; i++) {
            m.line("<li class=\"result\"><h3><a href=\"/url?u=https%3A%2F%2F" + m.slug(1) + ".example%2F" + m.slug(2)
                    + "&amp;sa=U&amp;ved=" + Long.toHexString(seed * 7 + i) + "\">" + m.title(6) + "</a></h3>"
                    + "<cite>https://" + m.slug(1) + ".example/" + m.slug(2) + "</cite><p>" + m.words(25)
                    + " &hellip;</p><a class=\"cached\" href=\"/cache?id=" + i + "&amp;PHPSESSID=" + Long.toHexString(i * 977L)
                    + "\">Cached</a></li>");
        }
        m.line("</ol><nav class=\"pages\">");
        for (int p = 2; p <= 10; p++) {
            m.line("<a href=\"/search?q=river+bridge&amp;page=" + p + "\">" + p + "</a>");
        }
        m.line("</nav></main>");
        m.siteFooter(16, 10);
        return new CorpusPage(name, origin + path, HTML_UTF8, m.html().getBytes(StandardCharsets.UTF_8));
    }
}
