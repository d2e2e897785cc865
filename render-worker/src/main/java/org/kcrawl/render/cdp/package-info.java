/**
 * A small client of the Chrome DevTools protocol over one WebSocket, on a Netty event loop.
 *
 * <p>Why our own: the Java clients of the protocol (cdt-java-client, jvppeteer, Selenium's devtools
 * bindings, Playwright for Java) send a command and wait for its answer on the calling thread, which a
 * worker whose callbacks run on Netty event loops and producer threads must never do; Playwright also
 * brings a Node.js driver and downloads browsers, and Selenium's bindings are tied to one Chromium
 * version. The render worker needs about fifteen commands and events, and here each command is a
 * {@link java.util.concurrent.CompletableFuture} and each event a callback, with nothing that blocks.
 */
package org.kcrawl.render.cdp;
