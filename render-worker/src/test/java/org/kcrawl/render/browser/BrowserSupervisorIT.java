package org.kcrawl.render.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
import org.kcrawl.render.cdp.CdpConnection;
import org.kcrawl.render.page.PageRender;
import org.kcrawl.render.page.RenderEvents;
import org.kcrawl.render.page.RenderLimits;
import org.kcrawl.render.page.RenderResult;
import org.kcrawl.render.page.RequestRules;
import org.kcrawl.testkit.browser.RequiresChromium;

/**
 * A browser killed under a page (SIGKILL, as the kernel's OOM killer does): the page ends as
 * {@code render_crashed}, which its handler retries, and the supervisor starts another browser whose tabs
 * work, so no URL is lost to a crash.
 */
@RequiresChromium
class BrowserSupervisorIT {
    private static ScriptSiteFixture web;

    @BeforeAll
    static void start() {
        web = new ScriptSiteFixture("127.0.0.133", "127.0.0.134", 2);
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    @Test
    void aKilledBrowserFailsItsPageAsCrashedAndIsReplacedByOneThatWorks() throws Exception {
        Browser first = web.browser.browsers.live();
        assertThat(first).isNotNull();
        HttpResult document = web.http.fetch(web.site.url("/")).get(10, TimeUnit.SECONDS);
        Tab tab = web.browser.browsers.openTab().get(10, TimeUnit.SECONDS);
        // The page's script is never answered: the page is still loading when its browser dies.
        CompletableFuture<HttpResult> never = new CompletableFuture<>();
        PageRender render = new PageRender(tab, HttpUrl.parse(web.site.url("/")), document,
                new RequestRules(ScopeMode.HOST, List.of("document", "script"), 50, 8 << 20), url -> never,
                web.browser.time, RenderLimits.of(Duration.ofSeconds(30), 1 << 20), RenderEvents.NONE);
        CompletableFuture<RenderResult> result = render.run();

        ProcessHandle.of(first.pid()).orElseThrow().destroyForcibly();

        RenderResult ended = result.get(20, TimeUnit.SECONDS);
        assertThat(ended).isInstanceOf(RenderResult.Failed.class);
        assertThat(((RenderResult.Failed) ended).reason()).isEqualTo(FailureReason.RENDER_CRASHED);

        // The supervisor hears of the death on its own listener: a tab is asked for once it has.
        await().atMost(Duration.ofSeconds(10)).until(() -> web.browser.browsers.live() != first);
        Tab next = web.browser.browsers.openTab().get(30, TimeUnit.SECONDS);
        try {
            assertThat(next.browser()).isNotSameAs(first);
            assertThat(next.browser().pid()).isNotEqualTo(first.pid());
            assertThat(web.browser.browsers.restarts()).isEqualTo(1);
            var answer = next.send("Runtime.evaluate", CdpConnection.params().put("expression", "6 * 7")
                    .put("returnByValue", true)).get(10, TimeUnit.SECONDS);
            assertThat(answer.path("result").path("value").asInt()).as("the new browser runs scripts").isEqualTo(42);
        } finally {
            next.close().get(10, TimeUnit.SECONDS);
        }
    }
}
