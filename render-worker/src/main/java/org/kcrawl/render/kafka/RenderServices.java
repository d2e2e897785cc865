package org.kcrawl.render.kafka;

import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.http.client.HttpFetcher;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.http.pipeline.ResponsePlanner;
import org.kcrawl.http.politeness.HostScheduler;
import org.kcrawl.http.politeness.TimeSource;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.render.browser.Tabs;

/**
 * The collaborators a {@link RenderHandler} works with; all required.
 *
 * @param scheduler politeness of every request the worker makes, a page's own and its scripts'
 * @param robots robots.txt verdicts for the pages
 * @param http the HTTP client (address guard, limits)
 * @param browsers the browser's tabs (its supervisor, which restarts it when it dies)
 * @param outputs the Kafka outputs
 * @param planner what a page's response (or a render's failure) amounts to, as for the fetcher
 * @param redirects the crawl's redirect rules, for a script that sends the page elsewhere
 * @param metrics counters
 * @param time clock and timers
 */
record RenderServices(HostScheduler scheduler, RobotsPolicy robots, HttpFetcher http, Tabs browsers,
                      OutputPublisher outputs, ResponsePlanner planner, RedirectRules redirects, RenderMetrics metrics,
                      TimeSource time) {
    RenderServices {
        if (scheduler == null || robots == null || http == null || browsers == null || outputs == null
                || planner == null || redirects == null || metrics == null || time == null) {
            throw new IllegalArgumentException("every collaborator of the render handler is required");
        }
    }
}
