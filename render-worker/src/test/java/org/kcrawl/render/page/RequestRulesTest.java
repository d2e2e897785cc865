package org.kcrawl.render.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.scope.ScopeMode;
import org.kcrawl.common.url.HttpUrl;
import org.kcrawl.common.url.InvalidUrlException;

/**
 * What a rendered page may request under the defaults (its own host; documents, scripts, XHR and fetch)
 * and its caps: third parties, media, writes, other schemes and the browser's own port are refused
 * before anything is fetched.
 */
class RequestRulesTest {
    private static final HttpUrl PAGE = parse("https://www.site.example/app");
    private static final List<String> DEFAULT_TYPES = List.of("document", "script", "xhr", "fetch");
    private final RequestRules rules = new RequestRules(ScopeMode.HOST, DEFAULT_TYPES, 3, 1000);

    private static HttpUrl parse(String url) {
        try {
            return HttpUrl.parse(url);
        } catch (InvalidUrlException e) {
            throw new AssertionError(e);
        }
    }

    private Refusal judge(String url, String method, String type, int requests, long bytes) {
        return rules.judge(PAGE, url, method, type, requests, bytes);
    }

    @Test
    void theSitesOwnScriptsAndApiCallsPass() {
        assertThat(judge("https://www.site.example/app.js", "GET", "Script", 1, 0)).isNull();
        assertThat(judge("https://www.site.example/api/page?x=1", "GET", "XHR", 2, 500)).isNull();
        assertThat(judge("https://www.site.example/api/head", "HEAD", "Fetch", 2, 500)).isNull();
    }

    @Test
    void thirdPartiesAreRefusedByDefaultEvenOnTheSameRegisteredDomain() {
        assertThat(judge("https://cdn.tracker.example/t.js", "GET", "Script", 1, 0)).isEqualTo(Refusal.THIRD_PARTY);
        assertThat(judge("https://static.site.example/app.js", "GET", "Script", 1, 0))
                .isEqualTo(Refusal.THIRD_PARTY);
        // Registered domains come from the public suffix list, which knows .org (not the reserved .example).
        RequestRules domain = new RequestRules(ScopeMode.DOMAIN, DEFAULT_TYPES, 3, 1000);
        HttpUrl org = parse("https://www.site.org/app");
        assertThat(domain.judge(org, "https://static.site.org/app.js", "GET", "Script", 1, 0)).isNull();
        assertThat(domain.judge(org, "https://cdn.other.org/app.js", "GET", "Script", 1, 0))
                .isEqualTo(Refusal.THIRD_PARTY);
    }

    @Test
    void mediaImagesFontsAndStylesAreRefusedByDefault() {
        for (String type : List.of("Image", "Media", "Font", "Stylesheet", "Ping", "WebSocket")) {
            assertThat(judge("https://www.site.example/x", "GET", type, 1, 0)).as(type).isEqualTo(Refusal.RESOURCE_TYPE);
        }
        assertThat(judge("https://www.site.example/x", "GET", null, 1, 0)).as("no type: other")
                .isEqualTo(Refusal.RESOURCE_TYPE);
    }

    @Test
    void aPageChangesNothingAndLeavesHttpAlone() {
        assertThat(judge("https://www.site.example/api/save", "POST", "XHR", 1, 0)).isEqualTo(Refusal.METHOD);
        assertThat(judge("ftp://www.site.example/f", "GET", "Fetch", 1, 0)).isEqualTo(Refusal.SCHEME);
    }

    @Test
    void theRequestAndByteCapsHoldPerPage() {
        assertThat(judge("https://www.site.example/a", "GET", "XHR", 2, 999)).isNull();
        assertThat(judge("https://www.site.example/a", "GET", "XHR", 3, 0)).as("the fourth request").isEqualTo(Refusal.CAP);
        assertThat(judge("https://www.site.example/a", "GET", "XHR", 1, 1000)).as("bytes spent").isEqualTo(Refusal.CAP);
    }
}
