package org.kcrawl.http.robots;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import java.time.Duration;
import java.util.List;
import org.kcrawl.common.message.FailureReason;

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

    private static final HostRobots ALLOW_ALL = new HostRobots(Kind.ALLOW_ALL, null, null, null, "", "");
    /** Retained bytes of the object and its fields, beyond what {@link #retainedBytes()} counts per rule. */
    private static final int OVERHEAD_BYTES = 200;
    /** Retained bytes of a rule or sitemap URL beyond its characters: the rule, the string, its array. */
    private static final int ENTRY_OVERHEAD_BYTES = 64;

    private final Kind kind;
    private final BaseRobotRules rules;
    private final Duration crawlDelay;
    private final FailureReason cause;
    private final String brief;
    private final String detail;

    private HostRobots(Kind kind, BaseRobotRules rules, Duration crawlDelay, FailureReason cause, String brief,
                       String detail) {
        this.kind = kind;
        this.rules = rules;
        this.crawlDelay = crawlDelay;
        this.cause = cause;
        this.brief = brief;
        this.detail = detail;
    }

    /** Parsed rules, with the (already capped) Crawl-delay or null. */
    public static HostRobots rules(BaseRobotRules rules, Duration crawlDelay) {
        if (rules == null) {
            throw new IllegalArgumentException("rules must not be null");
        }
        return new HostRobots(Kind.RULES, rules, crawlDelay, null, "", "");
    }

    /** No restrictions. */
    public static HostRobots allowAll() {
        return ALLOW_ALL;
    }

    /**
     * Unreachable: {@code cause} is the network reason of a failed fetch ({@code dns}, {@code connect},
     * {@code timeout}, ...) or {@code robots_unavailable} for a 5xx or 429 answer; {@code brief} says it in a
     * few words (the reason, or {@code HTTP 503}), {@code detail} in full.
     */
    public static HostRobots unreachable(FailureReason cause, String brief, String detail) {
        if (cause == null || brief == null || brief.isBlank()) {
            throw new IllegalArgumentException("cause and brief are required");
        }
        return new HostRobots(Kind.UNREACHABLE, null, null, cause, brief, detail == null ? brief : detail);
    }

    /** How these rules were obtained. */
    public Kind kind() {
        return kind;
    }

    /** The Crawl-delay to honour, or null. */
    public Duration crawlDelay() {
        return crawlDelay;
    }

    /** How the fetch of an unreachable robots.txt failed; null otherwise. */
    public FailureReason cause() {
        return cause;
    }

    /** Why robots.txt was unreachable, in a few words (empty otherwise). */
    public String brief() {
        return brief;
    }

    /** Why robots.txt was unreachable, in full (empty otherwise). */
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

    /**
     * An estimate of the heap these rules retain: per rule and sitemap URL its characters (two bytes
     * each, the worst case) and the objects around them, plus the texts of a failure. The shared allow-all
     * answer is counted at its overhead only.
     */
    public long retainedBytes() {
        long bytes = OVERHEAD_BYTES + 2L * (brief.length() + detail.length());
        if (kind == Kind.RULES) {
            if (rules instanceof SimpleRobotRules simple) {
                for (SimpleRobotRules.RobotRule rule : simple.getRobotRules()) {
                    bytes += ENTRY_OVERHEAD_BYTES + 2L * rule.getPrefix().length();
                }
            }
            for (String sitemap : rules.getSitemaps()) {
                bytes += ENTRY_OVERHEAD_BYTES + 2L * sitemap.length();
            }
        }
        return bytes;
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
