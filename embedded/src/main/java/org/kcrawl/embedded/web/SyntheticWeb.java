package org.kcrawl.embedded.web;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.BindException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A deterministic web of many hosts served by Netty on loopback addresses {@code 127.0.0.X}, all on
 * one port, for crawler integration tests, benchmarks and the demo. Its {@link #graph()} is the
 * oracle of what a crawl should find; its {@link #requestLog()} proves how politely it was fetched.
 *
 * <pre>{@code
 * try (SyntheticWeb web = SyntheticWeb.builder().hosts(5).pagesPerHost(50).start()) {
 *     crawl(web.hostRoots());
 *     assertThat(web.requestLog().maxConcurrency(web.hostAddress(0))).isLessThanOrEqualTo(2);
 * }
 * }</pre>
 *
 * <p>Linux routes all of 127.0.0.0/8 to loopback; on macOS each address needs an alias first
 * ({@code sudo ifconfig lo0 alias 127.0.0.11}).
 */
public final class SyntheticWeb implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SyntheticWeb.class);
    private static final int BIND_ATTEMPTS = 10;

    private final WebSpec spec;
    private final UrlLayout layout;
    private final SiteGraph graph;
    private final TransientFaults faults;
    private final RequestLog log;
    private final EventLoopGroup acceptor;
    private final EventLoopGroup io;
    private final List<Channel> listeners;
    private final List<String> hostRoots;
    private final AtomicBoolean closed = new AtomicBoolean();

    private SyntheticWeb(WebSpec spec, UrlLayout layout, SiteGraph graph, TransientFaults faults, RequestLog log,
                         EventLoopGroup acceptor, EventLoopGroup io, List<Channel> listeners) {
        this.spec = spec;
        this.layout = layout;
        this.graph = graph;
        this.faults = faults;
        this.log = log;
        this.acceptor = acceptor;
        this.io = io;
        this.listeners = List.copyOf(listeners);
        List<String> roots = new ArrayList<>(layout.hosts());
        for (int h = 0; h < layout.hosts(); h++) {
            roots.add(graph.pageUrl(h, 0));
        }
        this.hostRoots = List.copyOf(roots);
    }

    /** A builder with the defaults: 20 hosts of 100 pages, 10 links and 1 external link a page, no latency. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code http://127.0.0.X:PORT/} of each host, in host-index order. */
    public List<String> hostRoots() {
        return hostRoots;
    }

    /** The absolute URL of page {@code page} on host {@code host}; page 0 is the root {@code /}. */
    public String pageUrl(int host, int page) {
        return graph.pageUrl(host, page);
    }

    /** The address of host {@code host}, {@code 127.0.0.X}, as used by {@link RequestLog#of(String)}. */
    public String hostAddress(int host) {
        if (host < 0 || host >= layout.hosts()) {
            throw new IllegalArgumentException("host must be in [0, " + layout.hosts() + "), was " + host);
        }
        return layout.address(host);
    }

    /** The port every host listens on. */
    public int port() {
        return layout.port();
    }

    /** The link structure, the oracle for what a crawl should reach. */
    public SiteGraph graph() {
        return graph;
    }

    /** Every request the server received so far. */
    public RequestLog requestLog() {
        return log;
    }

    /** The pages whose first request is answered with 503 or 429 (and {@code Retry-After: 1}). */
    public Set<String> flakyPages() {
        Set<String> flaky = new LinkedHashSet<>();
        for (int h = 0; h < layout.hosts(); h++) {
            for (int p = 0; p < layout.pagesPerHost(); p++) {
                if (faults.plannedStatus(h, p) != 0) {
                    flaky.add(graph.pageUrl(h, p));
                }
            }
        }
        return Collections.unmodifiableSet(flaky);
    }

    /** Stops listening, closes every connection and stops the event loops; waits for all of it. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        ListenerBinder.closeAll(listeners);
        io.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
        acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Override
    public String toString() {
        return "SyntheticWeb[hosts=" + spec.hosts() + ", pagesPerHost=" + spec.pagesPerHost() + ", first="
                + hostRoots.get(0) + "]";
    }

    static SyntheticWeb start(WebSpec spec, LongSupplier clock) {
        EventLoopGroup acceptor = new NioEventLoopGroup(1, new DefaultThreadFactory("synthetic-web-accept", true));
        EventLoopGroup io = new NioEventLoopGroup(spec.ioThreads(), new DefaultThreadFactory("synthetic-web-io", true));
        try {
            RequestLog log = new RequestLog(spec.requestLogCapacity());
            LinkPlanner planner = spec.planner();
            List<InetAddress> addresses = ListenerBinder.addresses(layout(spec, 0));
            BindException conflict = null;
            for (int attempt = 1; attempt <= BIND_ATTEMPTS; attempt++) {
                UrlLayout layout = layout(spec, ListenerBinder.freePort(addresses.get(0)));
                TransientFaults faults = new TransientFaults(spec.seed(), spec.errorRate(), layout);
                SiteResponder responder = new SiteResponder(layout,
                        new PageRenderer(layout, planner, spec.pageBytes(), spec.seed()), faults, spec.robots());
                ServerBootstrap bootstrap = new ServerBootstrap()
                        .group(acceptor, io)
                        .channel(NioServerSocketChannel.class)
                        .option(ChannelOption.SO_BACKLOG, 1024)
                        .childOption(ChannelOption.TCP_NODELAY, true)
                        .childHandler(new SyntheticWebInitializer(layout, spec.latencyNanos(), responder, log, clock));
                try {
                    List<Channel> listeners = ListenerBinder.bindAll(bootstrap, addresses, layout.port());
                    return new SyntheticWeb(spec, layout, new SiteGraph(layout, planner), faults, log, acceptor, io,
                            listeners);
                } catch (BindException e) {
                    LOG.debug("port conflict on attempt {}: {}", attempt, e.getMessage());
                    conflict = e;
                }
            }
            throw new IllegalStateException("could not bind all " + spec.hosts() + " synthetic hosts on one port in "
                    + BIND_ATTEMPTS + " attempts", conflict);
        } catch (RuntimeException | Error e) {
            io.shutdownGracefully(0, 2, TimeUnit.SECONDS);
            acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS);
            throw e;
        }
    }

    private static UrlLayout layout(WebSpec spec, int port) {
        return new UrlLayout(spec.hosts(), spec.pagesPerHost(), spec.bindBase(), port);
    }

    /** Collects the shape and behaviour of a synthetic web; {@link #start()} validates and serves it. */
    public static final class Builder {
        private int hosts = 20;
        private int pagesPerHost = 100;
        private int linksPerPage = 10;
        private double crossHostLinkRatio = 0.2;
        private int externalLinksPerPage = 1;
        private Duration latency = Duration.ZERO;
        private final Map<Integer, Duration> hostLatency = new TreeMap<>();
        private int pageBytes = 2048;
        private double errorRate = 0;
        private String robotsTxt;
        private final Map<Integer, String> hostRobotsTxt = new TreeMap<>();
        private final Map<Integer, Integer> hostRobotsStatus = new TreeMap<>();
        private long seed = 0x5EEDL;
        private int bindBase = 10;
        private int ioThreads = 2;
        private int requestLogCapacity = 1_000_000;

        private Builder() {}

        /** Number of hosts, each on its own loopback address (default 20). */
        public Builder hosts(int n) {
            if (n < 1 || n > 254) {
                throw new IllegalArgumentException("hosts must be in [1, 254], was " + n);
            }
            this.hosts = n;
            return this;
        }

        /** Pages on every host (default 100); page 0 is the root. */
        public Builder pagesPerHost(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("pagesPerHost must be >= 1, was " + n);
            }
            this.pagesPerHost = n;
            return this;
        }

        /** Anchors to synthetic pages on every page (default 10); the first always points to the next page. */
        public Builder linksPerPage(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("linksPerPage must be >= 1 (link 0 chains the pages of a host), was " + n);
            }
            this.linksPerPage = n;
            return this;
        }

        /** Share of a page's links (after the first) that point to another host (default 0.2). */
        public Builder crossHostLinkRatio(double r) {
            if (!(r >= 0 && r <= 1)) {
                throw new IllegalArgumentException("crossHostLinkRatio must be in [0, 1], was " + r);
            }
            this.crossHostLinkRatio = r;
            return this;
        }

        /** Anchors to {@code external.invalid}, which never resolves, on every page (default 1). */
        public Builder externalLinksPerPage(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("externalLinksPerPage must be >= 0, was " + n);
            }
            this.externalLinksPerPage = n;
            return this;
        }

        /** Delay before every response (default zero), a timer on the event loop. */
        public Builder latency(Duration d) {
            this.latency = checkLatency(d, "latency");
            return this;
        }

        /** Delay before every response of one host, overriding {@link #latency(Duration)}; models a slow host. */
        public Builder latency(int host, Duration d) {
            hostLatency.put(checkHostIndex(host), checkLatency(d, "latency"));
            return this;
        }

        /** Approximate size of a page's HTML in bytes (default 2048); filler paragraphs make up the size. */
        public Builder pageBytes(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("pageBytes must be >= 0, was " + n);
            }
            this.pageBytes = n;
            return this;
        }

        /** Share of pages whose first request gets 503 or 429 with {@code Retry-After: 1} (default 0). */
        public Builder errorRate(double r) {
            if (!(r >= 0 && r <= 1)) {
                throw new IllegalArgumentException("errorRate must be in [0, 1], was " + r);
            }
            this.errorRate = r;
            return this;
        }

        /** The robots.txt every host serves with 200 (default: none, so 404). */
        public Builder robotsTxt(String body) {
            this.robotsTxt = Objects.requireNonNull(body, "body");
            return this;
        }

        /** The robots.txt of one host, overriding {@link #robotsTxt(String)}. */
        public Builder robotsTxt(int host, String body) {
            hostRobotsTxt.put(checkHostIndex(host), Objects.requireNonNull(body, "body"));
            return this;
        }

        /** The status one host answers robots.txt with (e.g. 503 or 401), with its configured body if any. */
        public Builder robotsStatus(int host, int status) {
            if (status < 200 || status > 599) {
                throw new IllegalArgumentException("status must be in [200, 599], was " + status);
            }
            hostRobotsStatus.put(checkHostIndex(host), status);
            return this;
        }

        /** Seed of the link graph, page padding and fault choice (default fixed). */
        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /** Last octet of host 0's address (default 10, so hosts are 127.0.0.10 onwards). */
        public Builder bindBase(int lastOctetBase) {
            if (lastOctetBase < 1 || lastOctetBase > 254) {
                throw new IllegalArgumentException("bindBase must be in [1, 254], was " + lastOctetBase);
            }
            this.bindBase = lastOctetBase;
            return this;
        }

        /** Event loop threads serving connections (default 2). */
        public Builder ioThreads(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("ioThreads must be >= 1, was " + n);
            }
            this.ioThreads = n;
            return this;
        }

        /** Most request events the log keeps before counting drops (default 1,000,000). */
        public Builder requestLogCapacity(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("requestLogCapacity must be >= 1, was " + n);
            }
            this.requestLogCapacity = n;
            return this;
        }

        /** Validates the settings, binds a listener per host on one free port and starts serving. */
        public SyntheticWeb start() {
            return SyntheticWeb.start(spec(), System::nanoTime);
        }

        WebSpec spec() {
            if (bindBase + hosts - 1 > 254) {
                throw new IllegalArgumentException("hosts (" + hosts + ") from bindBase (" + bindBase
                        + ") would need addresses up to 127.0.0." + (bindBase + hosts - 1) + "; the last usable is 127.0.0.254");
            }
            checkOverrides(hostLatency, "latency");
            checkOverrides(hostRobotsTxt, "robotsTxt");
            checkOverrides(hostRobotsStatus, "robotsStatus");
            List<Long> latencies = new ArrayList<>(hosts);
            List<RobotsFile> robots = new ArrayList<>(hosts);
            for (int h = 0; h < hosts; h++) {
                latencies.add(hostLatency.getOrDefault(h, latency).toNanos());
                robots.add(RobotsFile.of(hostRobotsTxt.getOrDefault(h, robotsTxt), hostRobotsStatus.get(h)));
            }
            return new WebSpec(hosts, pagesPerHost, linksPerPage, crossHostLinkRatio, externalLinksPerPage, latencies,
                    pageBytes, errorRate, robots, seed, bindBase, ioThreads, requestLogCapacity);
        }

        private void checkOverrides(Map<Integer, ?> overrides, String setting) {
            for (int host : overrides.keySet()) {
                if (host >= hosts) {
                    throw new IllegalArgumentException(setting + " was set for host " + host + ", but hosts is " + hosts);
                }
            }
        }

        private static int checkHostIndex(int host) {
            if (host < 0) {
                throw new IllegalArgumentException("host must be >= 0, was " + host);
            }
            return host;
        }

        private static Duration checkLatency(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isNegative()) {
                throw new IllegalArgumentException(name + " must not be negative, was " + d);
            }
            return d;
        }
    }
}
