package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.http.robots.RobotsUnreachable;

/**
 * Counts the URLs held on timers (by the handler and the parking forwarder) and keeps the one due
 * first, to make a {@link WaitSummary}. Not thread-safe: one caller fills it, under the holders' locks.
 */
final class WaitTally {
    /** One URL per host: robots.txt is asked about per origin, and a host's URLs mostly share one. */
    private final Map<String, String> urlByHost = new LinkedHashMap<>();
    private int urls;
    private CrawlRequest first;
    private Duration firstDueIn;

    /** Counts {@code request}, which is held and goes in {@code dueIn} (negative: it is due). */
    void add(CrawlRequest request, Duration dueIn) {
        urls++;
        urlByHost.putIfAbsent(HostKey.of(request.url()), request.url());
        Duration due = dueIn.isNegative() ? Duration.ZERO : dueIn;
        if (first == null || due.compareTo(firstDueIn) < 0) {
            first = request;
            firstDueIn = due;
        }
    }

    /** What the counted URLs wait for, with their hosts' robots.txt state from {@code robots}. */
    WaitSummary waiting(RobotsPolicy robots, int maxAttempts) {
        if (first == null) {
            return WaitSummary.none();
        }
        int unreachable = 0;
        for (String url : urlByHost.values()) {
            if (robots.unreachable(url).isPresent()) {
                unreachable++;
            }
        }
        RobotsUnreachable why = robots.unreachable(first.url()).orElse(null);
        return new WaitSummary(urls, urlByHost.size(), unreachable, first.attempt(), maxAttempts, firstDueIn, why);
    }
}
