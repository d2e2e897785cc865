package org.kcrawl.cli;

import java.time.Duration;
import org.kcrawl.fetcher.crawl.WaitSummary;
import org.kcrawl.http.robots.RobotsUnreachable;

/**
 * The progress line's note for a crawl with nothing on the wire or queued whose URLs wait on timers:
 * what for, told by the URL due first. A host whose robots.txt cannot be fetched is named for it, with the
 * network's reason ({@code waiting: 1 host, robots.txt unreachable (connect), retry 2/3 in 2 s}); a
 * retry after a failed fetch by its attempt ({@code waiting: 2 hosts, retry 2/3 in 1 s}); anything
 * else by when the next URL goes ({@code waiting: 3 hosts, next URL in 40 s}). Without it, a crawl
 * that waits looks like one that hangs.
 */
final class IdleWaitNote {
    private IdleWaitNote() {}

    /** The note for {@code waiting}, or "" when no URL waits. */
    static String of(WaitSummary waiting) {
        if (waiting.isEmpty()) {
            return "";
        }
        String due = " in " + seconds(waiting.dueIn());
        RobotsUnreachable robots = waiting.robots();
        if (robots != null) {
            return "waiting: " + hosts(waiting.unreachableHosts()) + ", robots.txt unreachable (" + robots.brief()
                    + "), " + attempt(waiting) + due;
        }
        if (waiting.attempt() > 1) {
            return "waiting: " + hosts(waiting.hosts()) + ", " + attempt(waiting) + due;
        }
        return "waiting: " + hosts(waiting.hosts()) + ", next URL" + due;
    }

    private static String attempt(WaitSummary w) {
        return "retry " + w.attempt() + "/" + w.maxAttempts();
    }

    private static String hosts(int n) {
        return n == 1 ? "1 host" : n + " hosts";
    }

    /** Whole seconds, rounded up: "in 0 s" would read as "now" while the URL still waits. */
    private static String seconds(Duration d) {
        long s = (d.toMillis() + 999) / 1000;
        return s + " s";
    }
}
