package org.kcrawl.cli;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.kcrawl.testkit.web.LoopbackHosts;

/**
 * A small news site on one loopback host, shaped as real ones are: a home page listing four articles and
 * an about page, every page inside the same chrome (a header with the site's navigation, a sidebar of
 * most-read links and a subscription promotion, a footer), and each article followed by its readers'
 * comments. What is article and what is chrome is known exactly: {@link #paragraphs} and {@link #CHROME}.
 */
final class ArticleSite implements AutoCloseable {
    /** The article pages. */
    static final List<String> ARTICLES = List.of("/news/arden-river.html", "/news/bridge-repairs.html",
            "/news/orchard-harvest.html", "/news/night-trains.html");
    /** Every page: the home page, the articles and the about page. */
    static final List<String> PAGES = List.of("/", ARTICLES.get(0), ARTICLES.get(1), ARTICLES.get(2),
            ARTICLES.get(3), "/about.html");
    /** Text of the header, navigation, sidebar, promotion, comments and footer: on every article, in none's text. */
    static final List<String> CHROME = List.of("Front page", "Local politics", "Weather desk", "Sign in to comment",
            "Most read this week", "Subscribe for one euro a week", "first to comment", "Sunday morning",
            "Copyright 2026 Valley Courier", "Privacy and cookies", "Contact the editors");

    private static final String[][] STORIES = {
        {"The river that came back", "Arden", "the old mill", "the water board"},
        {"Bridge repairs run into winter", "Kell bridge", "the ferry landing", "the county engineers"},
        {"A late harvest in the orchards", "Hollow Ford orchards", "the cider press", "the growers' union"},
        {"Night trains return to the valley", "night sleeper", "the junction station", "the rail operator"},
    };

    private final LoopbackHosts hosts;

    private ArticleSite(LoopbackHosts hosts) {
        this.hosts = hosts;
    }

    /** The site on {@code address} (in 127.0.0.0/8), serving at once. */
    static ArticleSite start(String address) {
        LoopbackHosts hosts = LoopbackHosts.bind("article-site", List.of(address));
        ArticleSite site = new ArticleSite(hosts);
        hosts.start(site::serve);
        return site;
    }

    /** {@code path} on the site. */
    String url(String path) {
        return hosts.origin(0) + LoopbackHosts.checkedPath(path);
    }

    /** The headline of article {@code n} (0 to 3). */
    static String headline(int n) {
        return STORIES[n][0];
    }

    /** The paragraphs of article {@code n} (0 to 3), each as the page shows it once its markup is gone. */
    static List<String> paragraphs(int n) {
        String[] s = STORIES[n];
        return List.of(
                "After three long seasons of waiting, " + s[1] + " is the talk of the valley again, and people"
                        + " walk down to " + s[2] + " in the evening to see for themselves what has changed.",
                "According to " + s[3] + ", the work of the last months went faster than anyone had planned,"
                        + " although the autumn storms cost two weeks and a good part of the budget set aside.",
                "Not everyone is convinced: a shopkeeper near " + s[2] + " said that one good season does not"
                        + " make a recovery, and that the town should wait for the spring before it celebrates.",
                "The next report of " + s[3] + " on " + s[1] + " is expected in March, when the figures for the"
                        + " whole winter can be compared with those of the years before.");
    }

    private void serve(String origin, HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        int article = ARTICLES.indexOf(path);
        if (article >= 0) {
            LoopbackHosts.respond(exchange, 200, "text/html; charset=utf-8", page(headline(article), story(article)));
        } else if (path.equals("/")) {
            LoopbackHosts.respond(exchange, 200, "text/html; charset=utf-8", page("Valley Courier", home()));
        } else if (path.equals("/about.html")) {
            LoopbackHosts.respond(exchange, 200, "text/html; charset=utf-8", page("About the Courier",
                    "<article><h1>About the Courier</h1><p>The Valley Courier has reported on the towns of the"
                            + " valley since 1952, from its office above the bakery on Mill Street.</p></article>"));
        } else {
            LoopbackHosts.respond(exchange, 404, "text/plain", "not found");
        }
    }

    private static String story(int n) {
        List<String> p = paragraphs(n);
        return "<article class=\"story\"><h1>" + headline(n) + "</h1>"
                + "<p class=\"byline\">By Mara Quill, <time datetime=\"2026-11-2" + n + "\">November 2" + n
                + "</time></p>"
                + "<p>" + p.get(0) + "</p>"
                + "<p>" + p.get(1).replace("the work", "<a href=\"/about.html\">the work</a>") + "</p>"
                + "<h2>What people say</h2>"
                + "<p>" + p.get(2).replace("one good season", "<em>one good season</em>") + "</p>"
                + "<p>" + p.get(3) + "</p>"
                + "</article>"
                + "<section class=\"comments\" id=\"comments\"><h3>Comments</h3>"
                + "<div class=\"comment\"><p>Tom: glad to be the first to comment on this one!</p></div>"
                + "<div class=\"comment\"><p>Ann: my grandfather went there every Sunday morning.</p></div>"
                + "<p><a href=\"/about.html\">Sign in to comment</a></p></section>";
    }

    private static String home() {
        StringBuilder b = new StringBuilder("<h1>Valley Courier</h1><ul class=\"teasers\">");
        for (int i = 0; i < ARTICLES.size(); i++) {
            b.append("<li><a href=\"").append(ARTICLES.get(i)).append("\">").append(headline(i)).append("</a></li>");
        }
        return b.append("</ul>").toString();
    }

    private static String page(String title, String main) {
        List<String> mostRead = new ArrayList<>();
        for (int i = 0; i < ARTICLES.size(); i++) {
            mostRead.add("<li><a href=\"" + ARTICLES.get(i) + "\">" + headline(i) + "</a></li>");
        }
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title
                + " | Valley Courier</title><meta property=\"og:site_name\" content=\"Valley Courier\">"
                + "<meta name=\"author\" content=\"Mara Quill\"><link rel=\"stylesheet\" href=\"/site.css\"></head>"
                + "<body><header class=\"site-header\"><a class=\"logo\" href=\"/\">Valley Courier</a>"
                + "<nav class=\"main-nav\"><ul><li><a href=\"/\">Front page</a></li>"
                + "<li><a href=\"/\">Local politics</a></li><li><a href=\"/about.html\">Weather desk</a></li>"
                + "</ul></nav></header>"
                + "<div class=\"layout\"><main>" + main + "</main>"
                + "<aside class=\"sidebar\"><h3>Most read this week</h3><ul>" + String.join("", mostRead) + "</ul>"
                + "<div class=\"promo\">Subscribe for one euro a week</div></aside></div>"
                + "<footer class=\"site-footer\"><p>Copyright 2026 Valley Courier</p>"
                + "<a href=\"/about.html\">Privacy and cookies</a> <a href=\"/about.html\">Contact the editors</a>"
                + "</footer></body></html>";
    }

    @Override
    public void close() {
        hosts.close();
    }
}
