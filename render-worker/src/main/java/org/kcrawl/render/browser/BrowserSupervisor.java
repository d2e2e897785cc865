package org.kcrawl.render.browser;

import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.kcrawl.render.cdp.CdpException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one browser running for the worker: starts it, hands out tabs of it, and when it crashes, hangs
 * (a DevTools command unanswered within the command timeout) or is killed, starts another, after a
 * back-off that grows while browsers keep dying young. Tabs asked for meanwhile wait for the new one;
 * the pages of the dead browser fail as {@code render_crashed} and are retried by their handler.
 */
public final class BrowserSupervisor implements Tabs, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BrowserSupervisor.class);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    /** A browser that lived this long resets the back-off: it died of a page, not of itself. */
    private static final Duration HEALTHY_LIFETIME = Duration.ofSeconds(30);

    private final BrowserSettings settings;
    private final EventLoopGroup group;
    private final Blackhole blackhole;
    private final AtomicLong restarts = new AtomicLong();
    /** Completes with the running browser; replaced by a new, pending one when that browser dies. */
    private CompletableFuture<Browser> ready = new CompletableFuture<>();
    private Browser live;
    private int generation;
    private long startedAtNanos;
    private Duration backoff = FIRST_BACKOFF;
    private boolean closed;

    /** A supervisor of browsers of {@code settings}, talking to them on {@code group}, proxied to {@code blackhole}. */
    public BrowserSupervisor(BrowserSettings settings, EventLoopGroup group, Blackhole blackhole) {
        if (settings == null || group == null || blackhole == null) {
            throw new IllegalArgumentException("settings, group and blackhole are required");
        }
        this.settings = settings;
        this.group = group;
        this.blackhole = blackhole;
    }

    /**
     * Starts the first browser and waits until it answers (start-up only), so a missing or broken
     * browser stops the worker at once with the reason. Throws {@link IllegalStateException} naming
     * {@code browser_path} when it cannot start.
     */
    public void start() {
        CompletableFuture<Browser> first;
        synchronized (this) {
            first = attempt();
        }
        try {
            Browser browser = first.get(settings.startTimeout().toMillis() + 5_000, TimeUnit.MILLISECONDS);
            log.info("browser {} started (pid {})", browser.version().get(settings.commandTimeout().toMillis(),
                    TimeUnit.MILLISECONDS), browser.pid());
        } catch (ExecutionException | TimeoutException e) {
            close();
            Throwable cause = e instanceof ExecutionException ? Browser.unwrap(e.getCause()) : e;
            throw new IllegalStateException("browser_path " + settings.executable() + ": the browser did not start: "
                    + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while starting the browser", e);
        }
    }

    /** A new tab of the running browser, waiting for a restart when it is down. */
    @Override
    public CompletableFuture<Tab> openTab() {
        CompletableFuture<Browser> browser;
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new CdpException(CdpException.Kind.CLOSED,
                        "the render worker is stopping"));
            }
            browser = ready;
        }
        return browser.thenCompose(b -> b.openTab().whenComplete((tab, error) -> {
            if (error != null && Browser.unwrap(error) instanceof CdpException ce
                    && ce.kind() == CdpException.Kind.TIMEOUT) {
                hung(b, "opening a tab: " + ce.getMessage());
            }
        }));
    }

    /**
     * {@code browser} left a DevTools command unanswered past the command timeout: it is killed (its pages
     * fail as crashed) and another one started. A browser no longer current is left alone.
     */
    @Override
    public void hung(Browser browser, String why) {
        synchronized (this) {
            if (closed || live != browser) {
                return;
            }
        }
        log.warn("browser (pid {}) does not answer ({}); killing it", browser.pid(), why);
        browser.close();
    }

    /** Browsers started again after the first one died. */
    public long restarts() {
        return restarts.get();
    }

    /** Connections the browser tried past the interception, refused by the proxy. */
    public long refusedByProxy() {
        return blackhole.refused();
    }

    /** The running browser, or null while none is (starting, restarting, stopped). */
    public synchronized Browser live() {
        return live;
    }

    /** Stops restarting and kills the browser; tabs still waiting for one fail. */
    @Override
    public void close() {
        Browser last;
        CompletableFuture<Browser> waiting;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            last = live;
            live = null;
            waiting = ready;
        }
        waiting.completeExceptionally(new CdpException(CdpException.Kind.CLOSED, "the render worker is stopping"));
        if (last != null) {
            last.close();
        }
    }

    /** Starts a browser; the caller holds the lock. */
    private CompletableFuture<Browser> attempt() {
        int gen = ++generation;
        startedAtNanos = System.nanoTime();
        return Browser.start(settings, group, blackhole.port(), gen).whenComplete((browser, error) -> {
            if (error != null) {
                log.warn("the browser could not be started: {}", Browser.unwrap(error).toString());
                restartLater();
            } else {
                adopt(browser);
            }
        });
    }

    private void adopt(Browser browser) {
        CompletableFuture<Browser> waiting;
        synchronized (this) {
            if (closed) {
                browser.close();
                return;
            }
            live = browser;
            waiting = ready;
        }
        browser.gone().whenComplete((v, e) -> died(browser));
        waiting.complete(browser);
    }

    private void died(Browser browser) {
        synchronized (this) {
            if (closed || live != browser) {
                return;
            }
            live = null;
            ready = new CompletableFuture<>();
        }
        log.warn("browser (pid {}, generation {}) is gone; starting another", browser.pid(), browser.generation());
        restartLater();
    }

    private void restartLater() {
        Duration wait;
        synchronized (this) {
            if (closed) {
                return;
            }
            boolean lived = System.nanoTime() - startedAtNanos > HEALTHY_LIFETIME.toNanos();
            if (lived) {
                backoff = FIRST_BACKOFF;
            }
            wait = backoff;
            backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
        }
        group.next().schedule(() -> {
            synchronized (this) {
                if (!closed) {
                    restarts.incrementAndGet();
                    attempt();
                }
            }
        }, wait.toMillis(), TimeUnit.MILLISECONDS);
    }
}
