package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import org.kcrawl.common.Checks;
import org.kcrawl.common.message.Revisit;

/**
 * When a fetched URL is due again: its revisit interval, adapted per URL within bounds. A URL fetched
 * for the first time gets {@code interval}; a recrawled one gets half its previous interval when it
 * changed and twice when it did not (a 304, or the same content hash), held within {@code min} and
 * {@code max}, as Heritrix's and StormCrawler's adaptive schedules do. {@code min == max} turns the
 * adaptation off. Pure: the caller says what happened.
 *
 * @param interval the interval of a URL fetched for the first time
 * @param min the shortest interval adaptation may reach
 * @param max the longest interval adaptation may reach
 */
record RevisitSchedule(Duration interval, Duration min, Duration max) {
    RevisitSchedule {
        FetcherSettings.REVISIT_MIN_INTERVAL.check(Checks.notNull(min, "revisit_min_interval"), "revisit_min_interval");
        if (max == null || max.compareTo(min) < 0) {
            throw new IllegalArgumentException("revisit_max_interval must be >= revisit_min_interval (" + min
                    + ") but was " + max);
        }
        if (interval == null || interval.compareTo(min) < 0 || interval.compareTo(max) > 0) {
            throw new IllegalArgumentException("revisit_interval must lie between revisit_min_interval (" + min
                    + ") and revisit_max_interval (" + max + ") but was " + interval);
        }
    }

    /** What a fetch found, as far as the schedule cares. */
    enum Change { CHANGED, UNCHANGED, UNKNOWN }

    /** The interval until the next fetch of a URL whose previous fetch was {@code previous} (null: none). */
    Duration next(Revisit previous, Change change) {
        if (previous == null || previous.interval() <= 0) {
            return interval;
        }
        Duration before = Duration.ofSeconds(previous.interval());
        Duration next = switch (change) {
            case CHANGED -> before.dividedBy(2);
            case UNCHANGED -> before.multipliedBy(2);
            case UNKNOWN -> before;
        };
        if (next.compareTo(min) < 0) {
            return min;
        }
        return next.compareTo(max) > 0 ? max : next;
    }
}
