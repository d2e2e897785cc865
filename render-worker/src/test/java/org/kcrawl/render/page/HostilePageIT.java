package org.kcrawl.render.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.render.BrowserFixture;
import org.kcrawl.render.browser.Browser;
import org.kcrawl.render.browser.BrowserSettings;
import org.kcrawl.render.browser.Tab;
import org.kcrawl.render.cdp.CdpConnection;
import org.kcrawl.testkit.browser.RequiresChromium;

/**
 * Pages written to break their render: the DOM is taken as it is whatever they replace, a dialog does not stop
 * them, and one that holds its renderer fails alone, its tab closed, the browser and the pages beside it untouched.
 * The documents are served by the interception as the worker would (no site needed), under a 3 s command timeout.
 */
@RequiresChromium
class HostilePageIT {
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(3);
    private static BrowserFixture browser;

    @BeforeAll
    static void start() {
        BrowserSettings defaults = BrowserSettings.of(BrowserFixture.CHROMIUM, false);
        browser = new BrowserFixture(new BrowserSettings(defaults.executable(), false, defaults.startTimeout(),
                COMMAND_TIMEOUT, defaults.maxMessageBytes(), defaults.profileRoot()));
    }

    @AfterAll
    static void stop() {
        browser.close();
    }

    @Test
    void theDomIsTakenAsItIsWhateverThePageReplaces() throws Exception {
        String html = rendered("http://hostile.test/replaces", "<!doctype html><html><head><title>t</title><script>"
                + "Object.defineProperty(Element.prototype, 'outerHTML', {get() { return 'X'; }});"
                + "Object.defineProperty(document.documentElement, 'outerHTML', {get() { return 'Y'; }});"
                + "String.prototype.slice = function () { return 'S'; };"
                + "XMLSerializer.prototype.serializeToString = () => 'Z';"
                + "</script></head><body><p>real</p></body></html>");

        assertThat(html).startsWith("<!DOCTYPE html>").contains("<p>real</p>").contains("<title>t</title>");
    }

    @Test
    void aDialogIsDismissedAndThePageGoesOn() throws Exception {
        String html = rendered("http://hostile.test/alert", "<!doctype html><title>before</title><script>"
                + "onload = () => setTimeout(() => { alert('x'); confirm('y'); document.title = 'after'; }, 0);"
                + "</script>");

        assertThat(html).contains("<title>after</title>");
    }

    @Test
    void aPageThatHoldsItsRendererFailsAloneAndTheBrowserStays() throws Exception {
        Browser before = browser.browsers.live();
        Tab looping = browser.browsers.openTab().get(10, TimeUnit.SECONDS);
        Tab beside = browser.browsers.openTab().get(10, TimeUnit.SECONDS);
        CompletableFuture<RenderResult> held = render(looping, "http://hostile.test/loop",
                "<!doctype html><title>loop</title><script>onload = () => setTimeout(() => { for (;;) {} }, 0);"
                        + "</script>");
        CompletableFuture<RenderResult> fine = render(beside, "http://fine.test/", "<!doctype html><title>fine</title>"
                + "<p>beside</p>");

        RenderResult loop = held.get(20, TimeUnit.SECONDS);
        assertThat(loop).isInstanceOf(RenderResult.Failed.class);
        assertThat(((RenderResult.Failed) loop).reason()).as("counted against the page, as its timeout")
                .isEqualTo(FailureReason.RENDER_TIMEOUT);
        looping.close().get(5, TimeUnit.SECONDS); // the browser closes the tab whose renderer is stuck
        assertThat(new String(((RenderResult.Rendered) fine.get(10, TimeUnit.SECONDS)).html(),
                StandardCharsets.UTF_8)).contains("<p>beside</p>");
        beside.close().get(5, TimeUnit.SECONDS);

        assertThat(browser.browsers.live()).as("the same browser").isSameAs(before);
        assertThat(browser.browsers.restarts()).isZero();
        Tab next = browser.browsers.openTab().get(10, TimeUnit.SECONDS);
        try {
            var answer = next.send("Runtime.evaluate", CdpConnection.params().put("expression", "6 * 7")
                    .put("returnByValue", true)).get(5, TimeUnit.SECONDS);
            assertThat(answer.path("result").path("value").asInt()).isEqualTo(42);
        } finally {
            next.close().get(5, TimeUnit.SECONDS);
        }
    }

    private static String rendered(String url, String html) throws Exception {
        Tab tab = browser.browsers.openTab().get(10, TimeUnit.SECONDS);
        try {
            RenderResult result = render(tab, url, html).get(20, TimeUnit.SECONDS);
            assertThat(result).isInstanceOf(RenderResult.Rendered.class);
            return new String(((RenderResult.Rendered) result).html(), StandardCharsets.UTF_8);
        } finally {
            tab.close().get(5, TimeUnit.SECONDS);
        }
    }

    /** Renders {@code html} as the document of {@code url} in {@code tab}; every other request fails. */
    static CompletableFuture<RenderResult> render(Tab tab, String url, String html) throws Exception {
        return new PageRender(tab, HttpUrl.parse(url), document(url, html),
                new RequestRules(ScopeMode.HOST, List.of("document", "script"), 50, 8 << 20),
                u -> CompletableFuture.failedFuture(new IllegalStateException("no network here")),
                browser.time, RenderLimits.of(Duration.ofSeconds(10), 1 << 20), RenderEvents.NONE).run();
    }

    private static HttpResult document(String url, String html) {
        return new HttpResult(url, 200, Map.of("content-type", "text/html"), "text/html",
                html.getBytes(StandardCharsets.UTF_8), false, 1, "127.0.0.1");
    }
}
