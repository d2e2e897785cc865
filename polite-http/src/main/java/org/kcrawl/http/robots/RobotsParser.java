package org.kcrawl.http.robots;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Parses robots.txt with crawler-commons (RFC 9309 matching: longest match wins, {@code *} and
 * {@code $} patterns) and adds what it leaves out: the size cap and a Crawl-delay cap.
 */
public final class RobotsParser {
    private final List<String> agentNames;
    private final int maxBytes;
    private final Duration maxCrawlDelay;

    public RobotsParser(String agentToken, int maxBytes, Duration maxCrawlDelay) {
        if (agentToken == null || agentToken.isBlank()) {
            throw new IllegalArgumentException("agentToken must not be blank");
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes must be >= 1 but was " + maxBytes);
        }
        if (maxCrawlDelay == null || maxCrawlDelay.isNegative()) {
            throw new IllegalArgumentException("maxCrawlDelay must be >= 0");
        }
        this.agentNames = List.of(agentToken.toLowerCase(Locale.ROOT));
        this.maxBytes = maxBytes;
        this.maxCrawlDelay = maxCrawlDelay;
    }

    /** The parser for {@code settings}. */
    public static RobotsParser of(RobotsSettings settings) {
        return new RobotsParser(settings.agentToken(), settings.maxBytes(), settings.maxCrawlDelay());
    }

    /** Parses a 2xx robots.txt body fetched from {@code robotsUrl}. */
    public HostRobots parse(String robotsUrl, byte[] body, String contentType) {
        byte[] content = cap(body == null ? new byte[0] : body);
        // Unlimited crawl delay in the library: past its own limit it would disallow the whole host,
        // while we honour the delay up to our cap instead.
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE, 5);
        SimpleRobotRules rules = parser.parseContent(robotsUrl, content,
                contentType == null ? "text/plain" : contentType, agentNames);
        return HostRobots.rules(rules, crawlDelay(rules));
    }

    private Duration crawlDelay(BaseRobotRules rules) {
        long ms = rules.getCrawlDelay();
        if (ms == BaseRobotRules.UNSET_CRAWL_DELAY || ms <= 0) {
            return null;
        }
        Duration d = Duration.ofMillis(ms);
        return d.compareTo(maxCrawlDelay) > 0 ? maxCrawlDelay : d;
    }

    /**
     * Keeps the first {@code maxBytes}, cut after the last complete line so a rule cut in half
     * (an {@code Allow: /a} that was {@code Allow: /ab}) cannot widen what is allowed.
     */
    private byte[] cap(byte[] body) {
        if (body.length <= maxBytes) {
            return body;
        }
        int end = maxBytes;
        while (end > 0 && body[end - 1] != '\n' && body[end - 1] != '\r') {
            end--;
        }
        return Arrays.copyOf(body, end == 0 ? maxBytes : end);
    }
}
