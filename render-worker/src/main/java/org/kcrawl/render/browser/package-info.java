/**
 * Headless Chromium as the render worker runs it: one browser process per worker, started, watched and
 * restarted by {@link org.kcrawl.render.browser.BrowserSupervisor}, each page rendered in a tab of its own
 * browser context ({@link org.kcrawl.render.browser.Tab}), disposed after the page.
 *
 * <p>Nothing the browser does reaches the network by itself: every request of a page is paused by the
 * DevTools {@code Fetch} domain and answered by the worker, and Chromium's proxy is a local port that
 * refuses every connection ({@link org.kcrawl.render.browser.Blackhole}), so whatever is not intercepted
 * (the browser's own background traffic, WebSockets, anything a future version adds) fails instead of
 * leaving the worker's address and politeness rules behind.
 */
package org.kcrawl.render.browser;
