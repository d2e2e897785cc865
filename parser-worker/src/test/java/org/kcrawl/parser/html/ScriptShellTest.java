package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.bench.BenchCorpus;
import org.kcrawl.parser.bench.CorpusPage;
import org.kcrawl.parser.testing.Pages;

/**
 * The script-shell heuristic measured on a labelled set: the shells that the common frameworks' project
 * templates produce (each as its generator writes it, bundle names aside), and pages that must be taken
 * as fetched (the benchmark corpus's twelve real-looking pages, the parser's HTML fixtures, a
 * server-rendered Next.js page, small pages with and without scripts). The two ways it is known to err are
 * pinned too, so a change of the rule that moves them shows.
 */
class ScriptShellTest {
    private static final PageParser PARSER = PageParser.defaults();

    /** Shells as the frameworks' templates write them: only a browser sees their text and links. */
    private static final Map<String, String> SHELLS = new LinkedHashMap<>();
    /** Pages with their text and links in the markup. */
    private static final Map<String, String> PLAIN = new LinkedHashMap<>();

    static {
        SHELLS.put("create-react-app", """
                <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><link rel="icon" href="/favicon.ico"/>
                <meta name="viewport" content="width=device-width,initial-scale=1"/><title>React App</title>
                <script defer="defer" src="/static/js/main.8f2b1c.js"></script>
                <link href="/static/css/main.1d2e3f.css" rel="stylesheet"></head>
                <body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>
                """);
        SHELLS.put("vue-cli", """
                <!DOCTYPE html><html lang=""><head><meta charset="utf-8"><meta http-equiv="X-UA-Compatible" content="IE=edge">
                <meta name="viewport" content="width=device-width,initial-scale=1.0"><link rel="icon" href="/favicon.ico">
                <title>shop</title><script defer="defer" src="/js/chunk-vendors.5e2d.js"></script>
                <script defer="defer" src="/js/app.91ab.js"></script><link href="/css/app.3c4d.css" rel="stylesheet"></head>
                <body><noscript><strong>We're sorry but shop doesn't work properly without JavaScript enabled.
                Please enable it to continue.</strong></noscript><div id="app"></div></body></html>
                """);
        SHELLS.put("angular-cli", """
                <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Store</title><base href="/">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <link rel="icon" type="image/x-icon" href="favicon.ico"><link rel="stylesheet" href="styles.ef46.css"></head>
                <body><app-root></app-root>
                <script src="runtime.a1b2.js" type="module"></script><script src="polyfills.c3d4.js" type="module"></script>
                <script src="main.e5f6.js" type="module"></script></body></html>
                """);
        SHELLS.put("vite-svelte", """
                <!doctype html><html lang="en"><head><meta charset="UTF-8" /><link rel="icon" type="image/svg+xml" href="/vite.svg" />
                <meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Vite + Svelte</title>
                <script type="module" crossorigin src="/assets/index-4f8a.js"></script>
                <link rel="stylesheet" href="/assets/index-0b1c.css"></head><body><div id=app></div></body></html>
                """);
        SHELLS.put("nuxt-spa", """
                <!doctype html><html><head><meta charset="utf-8"><title>Nuxt</title>
                <link rel="modulepreload" as="script" crossorigin href="/_nuxt/entry.7d8e.js">
                <script type="module" src="/_nuxt/entry.7d8e.js" crossorigin></script></head>
                <body><div id="__nuxt"></div><div id="teleports"></div>
                <script>window.__NUXT__={config:{public:{},app:{baseURL:"/",buildAssetsDir:"/_nuxt/",cdnURL:""}}}</script>
                </body></html>
                """);
        SHELLS.put("gatsby-client-only", """
                <!DOCTYPE html><html><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/>
                <title>App</title></head><body><div id="___gatsby"><!-- client only --></div>
                <script src="/app-5a6b.js" async=""></script></body></html>
                """);
        SHELLS.put("ember", """
                <!DOCTYPE html><html><head><meta charset="utf-8"><title>Tracker</title>
                <link integrity="" rel="stylesheet" href="/assets/vendor.css"></head>
                <body><div id="ember-app" class="ember-application"></div>
                <script src="/assets/vendor-77aa.js"></script><script src="/assets/tracker-88bb.js"></script></body></html>
                """);
        SHELLS.put("angularjs-1", """
                <!DOCTYPE html><html ng-app="phonecat"><head><meta charset="utf-8"><title>Phones</title>
                <script src="lib/angular/angular.js"></script><script src="app.js"></script></head>
                <body><div ng-view></div></body></html>
                """);
        SHELLS.put("bare-bundle", """
                <html><head><title>Loading...</title></head><body><script src="/bundle.js"></script></body></html>
                """);
        SHELLS.put("noscript-only", """
                <!DOCTYPE html><html><head><title>Dashboard</title><script src="/dash.js"></script></head>
                <body><div class="container"></div><noscript>This page requires JavaScript.</noscript></body></html>
                """);

        PLAIN.put("next-ssr", """
                <!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Release notes</title>
                <script src="/_next/static/chunks/main-1a2b.js" defer=""></script></head>
                <body><div id="__next"><header><a href="/">Home</a> <a href="/docs">Docs</a></header>
                <main><h1>Release notes</h1><p>Version 4.2 brings faster builds, a smaller runtime and a new
                image component. Upgrading takes a minute: change the version in your package file and rebuild.
                The old configuration keys keep working for one more release and print a warning.</p></main></div>
                <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}},"page":"/notes"}</script>
                </body></html>
                """);
        PLAIN.put("tiny-static", """
                <html><head><title>It works</title></head><body><h1>It works!</h1></body></html>
                """);
        PLAIN.put("short-with-script-and-links", """
                <!DOCTYPE html><html><head><title>Sign in</title><script src="/analytics.js" async></script></head>
                <body><form action="/login" method="post"><input name="user"><input name="pass" type="password">
                <button>Sign in</button></form><a href="/forgot">Forgot password?</a> <a href="/">Home</a></body></html>
                """);
        PLAIN.put("short-mount-point-filled", """
                <!DOCTYPE html><html><head><title>Hydrated</title><script src="/app.js" defer></script></head>
                <body><div id="root"><p>Opening hours: 9 to 5.</p><a href="/contact">Contact</a></div></body></html>
                """);
        PLAIN.put("error-page", """
                <html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center>
                <hr><center>nginx</center></body></html>
                """);
    }

    private static boolean shell(FetchedPage page) {
        return ScriptShell.looksScriptBuilt(page.body(), PARSER.parse(page));
    }

    private static boolean shell(String html) {
        return shell(Pages.html("https://site.example/", html));
    }

    @Test
    void everyFrameworkShellIsTakenForOne() {
        List<String> missed = new ArrayList<>();
        SHELLS.forEach((name, html) -> {
            if (!shell(html)) {
                missed.add(name);
            }
        });
        assertThat(missed).as("shells not detected, of %s", SHELLS.keySet()).isEmpty();
    }

    @Test
    void pagesWithTheirTextInTheMarkupAreTakenAsFetched() {
        List<String> wrong = new ArrayList<>();
        PLAIN.forEach((name, html) -> {
            if (shell(html)) {
                wrong.add(name);
            }
        });
        for (CorpusPage page : BenchCorpus.pages()) {
            if (shell(page.fetched())) {
                wrong.add(page.name());
            }
        }
        for (String fixture : List.of("bom-utf8.html", "frameset.html", "http-equiv-latin1.html", "links.html",
                "malformed.html", "product.html", "robots-noindex.html", "shift_jis.html", "utf16le-bom.html",
                "windows-1252.html")) {
            if (shell(Pages.page("https://site.example/" + fixture, "text/html", Pages.fixture(fixture)))) {
                wrong.add(fixture);
            }
        }
        assertThat(wrong).as("plain pages taken for shells").isEmpty();
    }

    @Test
    void aPageWithoutAnyScriptIsNeverAShellHoweverEmpty() {
        assertThat(shell("<html><head><title>x</title></head><body><div id=\"root\"></div></body></html>")).isFalse();
        assertThat(shell("<html><body></body></html>")).isFalse();
    }

    @Test
    void aMountPointNeedsToBeEmptyAndToBeAnElementNotAWord() {
        String scripts = "<script src=\"/a.js\"></script>";
        assertThat(shell("<html><head>" + scripts + "</head><body><div id=\"rooted\"></div>"
                + "<a href=\"/x\">x</a> text text text</body></html>")).isFalse();
        assertThat(shell("<html><head>" + scripts + "</head><body><div id=\"root\"><a href=\"/x\">x</a></div>"
                + "</body></html>")).isFalse();
        assertThat(shell("<html><head>" + scripts + "</head><body><p>root app</p><a href=\"/x\">x</a></body></html>"))
                .isFalse();
    }

    @Test
    void notHtmlIsNeverAShell() {
        FetchedPage json = Pages.page("https://site.example/a.json", "application/json",
                "{\"html\":\"<script></script><div id=root></div>\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(shell(json)).isFalse();
    }

    /** Known miss: a shell whose cookie notice and footer carry a few hundred characters is parsed as fetched. */
    @Test
    void errsOnAShellWithAWordyBannerWhichIsTakenAsFetched() {
        String banner = "<div class=\"cookies\">We use cookies to remember your settings, to count visits and to see how"
                + " the site is used, so that we can make it better. Some are set by partners who show you"
                + " advertising elsewhere. You can refuse all but the necessary ones. Read our privacy notice.</div>";
        assertThat(shell("<html><head><title>App</title><script src=\"/m.js\"></script></head><body>"
                + "<div id=\"root\"></div>" + banner + "</body></html>")).isFalse();
    }

    /** Known false alarm: a tiny page with an empty mount point is rendered, though its script may build nothing. */
    @Test
    void errsOnATinyWidgetPageWhichIsRenderedForNothing() {
        assertThat(shell("<html><head><title>Clock</title><script src=\"/clock.js\"></script></head>"
                + "<body><div id=\"app\"></div><a href=\"/\">Back</a></body></html>")).isTrue();
    }
}
