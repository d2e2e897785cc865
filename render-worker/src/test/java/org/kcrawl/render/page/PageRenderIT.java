package org.kcrawl.render.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.render.ScriptSiteFixture;
import org.kcrawl.render.browser.Tab;
import org.kcrawl.testkit.browser.RequiresChromium;

/** One page in a real Chromium: its scripts run against a loopback site, their requests answered by the worker. */
@RequiresChromium
class PageRenderIT {
    private static ScriptSiteFixture web;

    @BeforeAll
    static void start() {
        web = new ScriptSiteFixture("127.0.0.131", "127.0.0.132", 3);
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    private static RenderResult render(String url, ScopeMode scope, List<String> types) throws Exception {
        HttpResult document = web.http.fetch(url).get(10, TimeUnit.SECONDS);
        Tab tab = web.browser.browsers.openTab().get(10, TimeUnit.SECONDS);
        try {
            PageRender render = new PageRender(tab, HttpUrl.parse(url), document,
                    new RequestRules(scope, types, 50, 8 << 20), web.http::fetch, web.browser.time,
                    RenderLimits.of(Duration.ofSeconds(10), 1 << 20), RenderEvents.NONE);
            return render.run().get(20, TimeUnit.SECONDS);
        } finally {
            tab.close().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theDomHasWhatTheScriptsBuilt() throws Exception {
        RenderResult result = render(web.site.url("/"), ScopeMode.HOST, List.of("document", "script", "xhr", "fetch"));

        assertThat(result).isInstanceOf(RenderResult.Rendered.class);
        RenderResult.Rendered rendered = (RenderResult.Rendered) result;
        String html = new String(rendered.html(), StandardCharsets.UTF_8);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<title>Script home</title>")
                .contains("<a href=\"/p/1\">").contains("<a href=\"/p/3\">");
        assertThat(rendered.requests()).as("app.js and the API call").isEqualTo(2);
        assertThat(rendered.navigatedTo()).isNull();
        assertThat(web.site.requests(web.site.url("/app.js"))).isEqualTo(1);
    }

    @Test
    void aScriptsRequestsToOtherHostsAreRefusedByScopeAndByTheAddressGuard() throws Exception {
        RenderResult byScope = render(web.site.url("/leak"), ScopeMode.HOST, List.of("document", "script", "xhr", "fetch"));
        RenderResult byGuard = render(web.site.url("/leak"), ScopeMode.ANY, List.of("document", "script", "xhr", "fetch"));

        for (RenderResult r : List.of(byScope, byGuard)) {
            assertThat(new String(((RenderResult.Rendered) r).html(), StandardCharsets.UTF_8))
                    .contains("<title>Leak page</title>");
        }
        assertThat(web.site.hits(web.site.otherUrl("/"))).as("the other loopback host saw nothing").isEmpty();
    }

    @Test
    void aPageWhoseScriptsCannotRunNeverLoadsItsContentButIsStillTaken() throws Exception {
        RenderResult result = render(web.site.url("/p/2"), ScopeMode.HOST, List.of("document"));

        String html = new String(((RenderResult.Rendered) result).html(), StandardCharsets.UTF_8);
        assertThat(html).contains("<title>Loading</title>").doesNotContain("<a ");
    }

    @Test
    void aPageThatNeverLoadsTimesOut() throws Exception {
        HttpResult document = web.http.fetch(web.site.url("/")).get(10, TimeUnit.SECONDS);
        Tab tab = web.browser.browsers.openTab().get(10, TimeUnit.SECONDS);
        try {
            // The script request is never answered: the page's load event cannot come.
            PageRender render = new PageRender(tab, HttpUrl.parse(web.site.url("/")), document,
                    new RequestRules(ScopeMode.HOST, List.of("document", "script"), 50, 8 << 20),
                    url -> new CompletableFuture<>(), web.browser.time,
                    RenderLimits.of(Duration.ofSeconds(1), 1 << 20), RenderEvents.NONE);
            RenderResult result = render.run().get(10, TimeUnit.SECONDS);

            assertThat(result).isInstanceOf(RenderResult.Failed.class);
            assertThat(((RenderResult.Failed) result).reason()).isEqualTo(FailureReason.RENDER_TIMEOUT);
        } finally {
            tab.close().get(10, TimeUnit.SECONDS);
        }
    }
}
