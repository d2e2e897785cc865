package org.kcrawl.common.metrics;

import static org.kcrawl.common.metrics.CatalogueRows.meter;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_BROWSER_RESTARTS;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_DEAD_LETTERS;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_DURATION;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_OUTCOMES;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_OUTCOME_VALUES;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_PROXY_REFUSED;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_REQUESTS;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_REQUEST_VERDICTS;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_TABS;
import static org.kcrawl.common.metrics.MeterCatalogue.RENDER_WAITING;
import static org.kcrawl.common.metrics.MeterSpec.Kind.COUNTER;
import static org.kcrawl.common.metrics.MeterSpec.Kind.GAUGE;
import static org.kcrawl.common.metrics.MeterSpec.Kind.TIMER;
import static org.kcrawl.common.metrics.MeterSpec.Worker.RENDERER;

import java.util.List;

/**
 * The render worker's rows of the {@link MeterCatalogue}: outcomes, browser tabs and requests.
 * Package-private: the catalogue is the one table; a part only keeps a worker's rows in a file of their own
 * (issue 34), in the order the table lists them.
 */
final class RendererCatalogue {
    private RendererCatalogue() {}

    /** The render worker's meters, in table order. */
    static List<MeterSpec> meters() {
        return List.of(
                meter(RENDER_OUTCOMES, COUNTER, null, RENDERER,
                        "how each URL a render worker consumed ended: rendered (a page with the browser's DOM), page (a"
                                + " response published as fetched: not HTML, or an error status), redirect, failure, retry"
                                + " and parked (back on the render topic, to wait), skip (robots)",
                        "outcome", RENDER_OUTCOME_VALUES, "reason", CatalogueRows.failureReasons(List.of("robots"))),
                meter(RENDER_DURATION, TIMER, null, RENDERER,
                        "time from a page's navigation to its DOM taken, of rendered pages: its scripts, their requests"
                                + " (politeness waits included) and the quiet after its load event"),
                meter(RENDER_REQUESTS, COUNTER, null, RENDERER,
                        "requests rendered pages made besides their own, by what the worker did: fetched, or refused"
                                + " (method, resource_type, third_party, cap, scheme), a navigation of the"
                                + " main frame (followed as a redirect), or fetch_failed (the address guard or the network)",
                        "verdict", RENDER_REQUEST_VERDICTS),
                meter(RENDER_TABS, GAUGE, null, RENDERER, "pages being rendered now (at most render_tabs)"),
                meter(RENDER_WAITING, GAUGE, null, RENDERER,
                        "URLs consumed and not rendering yet: waiting for a not-before time, robots.txt, the host's turn or"
                                + " a tab"),
                meter(RENDER_BROWSER_RESTARTS, COUNTER, null, RENDERER,
                        "browsers started again after one crashed, hung or was killed"),
                meter(RENDER_PROXY_REFUSED, COUNTER, null, RENDERER,
                        "connections a browser tried past the worker's interception (its own background traffic, a"
                                + " page's WebSocket), refused by the worker's proxy"),
                meter(RENDER_DEAD_LETTERS, COUNTER, null, RENDERER,
                        "URL messages a render worker sent to the dead-letter topic: undecodable, or whose outputs could"
                                + " never be published"));
    }
}
