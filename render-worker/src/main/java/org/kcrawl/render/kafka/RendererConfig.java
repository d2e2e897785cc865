package org.kcrawl.render.kafka;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.List;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.scope.ScopeMode;

/**
 * How a render worker renders, its own settings: the browser, its tabs, and what a page may load. What it
 * fetches by (rate, per-host cap, robots.txt, address rules, the HTTP client) is the fetcher's configuration,
 * read from the fetcher's file so both are polite alike ({@link RenderSetup}). Each component is the setting of
 * its key declared in {@link #SETTINGS}, which says its default, its bound and what it means.
 */
public record RendererConfig(
        @JsonProperty("browser_path") String browserPath,
        @JsonProperty("render_tabs") int renderTabs,
        @JsonProperty("render_timeout") Duration renderTimeout,
        @JsonProperty("render_max_requests") int renderMaxRequests,
        @JsonProperty("render_max_bytes") long renderMaxBytes,
        @JsonProperty("render_scope") ScopeMode renderScope,
        @JsonProperty("render_resource_types") List<String> renderResourceTypes,
        @JsonProperty("render_max_pending") int renderMaxPending,
        @JsonProperty("browser_sandbox") boolean browserSandbox) {

    /** The render worker's own settings: each one's key, type, default, bound and doc. */
    public static final SettingList SETTINGS = new SettingList("renderer", List.of(
            Setting.text("browser_path", "/usr/bin/chromium", "the Chromium (or Chrome) executable the render worker"
                    + " drives").matching("(?s).*\\S.*", "a path"),
            Setting.integer("render_tabs", 4, "pages a render worker renders at once (browser tabs)").atLeast(1),
            Setting.duration("render_timeout", "30s", "a page's time budget, from its first request to the DOM taken;"
                    + " past it the attempt fails as render_timeout").positive(),
            Setting.integer("render_max_requests", 100, "requests one page may make (scripts, XHR, fetch, frames, the"
                    + " page itself); later ones are refused").atLeast(1),
            Setting.size("render_max_bytes", "16MiB", "body bytes one page may load over all its requests, at least"
                    + " max_body_bytes; later requests are refused"),
            Setting.choice("render_scope", "host", "host, domain or any: which hosts a rendered page may request from;"
                    + " requests to others are refused", "host", "domain", "any"),
            Setting.list("render_resource_types", List.of("document", "script", "xhr", "fetch"), "the kinds of"
                    + " request (DevTools resource types) a rendered page may make, document among them; others are"
                    + " refused"),
            Setting.integer("render_max_pending", 32, "URLs the render worker has consumed and not finished before it"
                    + " pauses consumption").atLeast(1),
            Setting.flag("browser_sandbox", true, "run Chromium with its sandbox (off as root whatever this says;"
                    + " containers without user namespaces need false)")));

    /** The kinds of request a rendered page can make, as the DevTools protocol names them (lower case). */
    public static final List<String> RESOURCE_TYPES = List.of("document", "stylesheet", "image", "media",
            "font", "script", "texttrack", "xhr", "fetch", "prefetch", "eventsource", "websocket", "manifest",
            "signedexchange", "ping", "cspviolationreport", "preflight", "fedcm", "other");

    /** Checks what a bound cannot: the resource types, which must name the page itself. */
    public RendererConfig {
        renderResourceTypes = renderResourceTypes == null ? List.of() : List.copyOf(renderResourceTypes);
        for (String type : renderResourceTypes) {
            if (!RESOURCE_TYPES.contains(type)) {
                throw new IllegalArgumentException("render_resource_types: unknown type '" + type + "'; known types: "
                        + RESOURCE_TYPES);
            }
        }
        if (!renderResourceTypes.contains("document")) {
            throw new IllegalArgumentException("render_resource_types must contain document (the page itself)");
        }
    }

    /** The declared defaults. */
    public static RendererConfig defaults() {
        return Defaults.CONFIG;
    }

    /** Built once, when first asked for. */
    private static final class Defaults {
        static final RendererConfig CONFIG = ConfigBinder.declaredDefaults(RendererConfig.class);
    }

    /** Whether {@code key} is one of the render worker's own settings. */
    public static boolean declares(String key) {
        return SETTINGS.get(key) != null;
    }
}
