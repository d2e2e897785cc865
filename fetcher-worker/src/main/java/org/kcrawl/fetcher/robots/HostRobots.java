package org.kcrawl.fetcher.robots;

import crawlercommons.robots.BaseRobotRules;
import java.time.Duration;
import java.util.List;

/** What one host's robots.txt means for this crawler: rules, allow-all, or unreachable. */
public final class HostRobots {

    /** How the rules were obtained. */
    public enum Kind {
        /** Parsed from a 2xx robots.txt. */
        RULES,
        /** No restrictions apply (4xx, too many redirects, or a failure the page fetch will report itself). */
        ALLOW_ALL,
        /** 5xx or unreachable: everything is disallowed until it is fetched again. */
        UNREACHABLE
    }

    private static final HostRobots ALLOW_ALL = new HostRobots(Kind.ALLOW_ALL, null, null, "");

    private final Kind kind;
    private final BaseRobotRules rules;
    private final Duration crawlDelay;
    private final String detail;

    private HostRobots(Kind kind, BaseRobotRules rules, Duration crawlDelay, String detail) {
        this.kind = kind;
        this.rules = rules;
        this.crawlDelay = crawlDelay;
        this.detail = detail;
    }

    /** Parsed rules, with the (already capped) Crawl-delay or null. */
    public static HostRobots rules(BaseRobotRules rules, Duration crawlDelay) {
        if (rules == null) {
            throw new IllegalArgumentException("rules must not be null");
        }
        return new HostRobots(Kind.RULES, rules, crawlDelay, "");
    }

    /** No restrictions. */
    public static HostRobots allowAll() {
        return ALLOW_ALL;
    }

    /** Unreachable, with a detail for logs. */
    public static HostRobots unreachable(String detail) {
        return new HostRobots(Kind.UNREACHABLE, null, null, detail == null ? "" : detail);
    }

    /** How these rules were obtained. */
    public Kind kind() {
        return kind;
    }

    /** The Crawl-delay to honour, or null. */
    public Duration crawlDelay() {
        return crawlDelay;
    }

    /** Why robots.txt was unreachable (empty otherwise). */
    public String detail() {
        return detail;
    }

    /**
     * The file's {@code Sitemap:} URLs as crawler-commons resolved them (any host); empty unless the
     * file was parsed.
     */
    public List<String> sitemaps() {
        return kind == Kind.RULES ? rules.getSitemaps() : List.of();
    }

    /** True when {@code url} may be fetched; always false while unreachable. */
    public boolean allows(String url) {
        return switch (kind) {
            case RULES -> rules.isAllowed(url);
            case ALLOW_ALL -> true;
            case UNREACHABLE -> false;
        };
    }
}
