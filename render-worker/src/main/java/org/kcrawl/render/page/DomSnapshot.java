package org.kcrawl.render.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.render.browser.Tab;
import org.kcrawl.render.cdp.CdpConnection;

/**
 * Takes a tab's DOM as markup (doctype and root element), cut at a size cap, in a way the page's own scripts
 * cannot change: the serializing script runs in an isolated world of the main frame, which shares the
 * document with the page but none of its JavaScript, so a page that replaces {@code outerHTML},
 * {@code String.prototype.slice} or {@code XMLSerializer} changes nothing of what is taken. Cost: one more
 * DevTools command per page (creating the world), well under a millisecond.
 */
final class DomSnapshot {
    private static final String WORLD = "kcrawl-snapshot";
    private static final String SERIALIZE = "(() => { const d = document;"
            + " const dt = d.doctype ? new XMLSerializer().serializeToString(d.doctype) + '\\n' : '';"
            + " const html = dt + (d.documentElement ? d.documentElement.outerHTML : '');"
            + " return {html: html.length > %d ? html.slice(0, %d) : html, truncated: html.length > %d}; })()";

    /** The markup taken, UTF-8, and whether it was cut at the cap. */
    record Markup(byte[] html, boolean truncated) {}

    /** The DOM could not be serialized (no document, or the script failed); {@code detail} says why. */
    static final class Unserializable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unserializable(String detail) {
            super(detail);
        }
    }

    private DomSnapshot() {}

    /**
     * The DOM of {@code tab}'s main frame, at most {@code maxBytes} bytes; fails with {@link Unserializable}, or
     * with the DevTools failure of a command (a timeout when the page's scripts hold its renderer).
     */
    static CompletableFuture<Markup> take(Tab tab, int maxBytes) {
        ObjectNode world = CdpConnection.params();
        world.put("frameId", tab.mainFrameId());
        world.put("worldName", WORLD);
        return tab.send("Page.createIsolatedWorld", world).thenCompose(created -> {
            ObjectNode evaluate = CdpConnection.params();
            evaluate.put("expression", String.format(Locale.ROOT, SERIALIZE, maxBytes, maxBytes, maxBytes));
            evaluate.put("contextId", created.path("executionContextId").asLong());
            evaluate.put("returnByValue", true);
            return tab.send("Runtime.evaluate", evaluate);
        }).thenApply(r -> markup(r, maxBytes));
    }

    private static Markup markup(JsonNode evaluated, int maxBytes) {
        JsonNode value = evaluated.path("result").path("value");
        if (evaluated.has("exceptionDetails") || !value.path("html").isTextual()) {
            throw new Unserializable("the page's DOM could not be serialized: "
                    + evaluated.path("exceptionDetails").path("text").asText("no document"));
        }
        byte[] html = value.get("html").asText().getBytes(StandardCharsets.UTF_8);
        boolean truncated = value.path("truncated").asBoolean();
        if (html.length > maxBytes) {
            html = Arrays.copyOf(html, maxBytes);
            truncated = true;
        }
        return new Markup(html, truncated);
    }
}
