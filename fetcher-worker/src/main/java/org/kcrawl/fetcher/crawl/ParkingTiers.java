package org.kcrawl.fetcher.crawl;

import java.time.Duration;
import java.util.List;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * The delays of the parking tiers ({@link CrawlTopics#parked(int)}), shortest first. A URL that
 * must wait longer than the hold limit goes to the tier with the longest delay that does not pass
 * its wait, comes back to the urls topic after that delay, and is parked again (in a shorter tier)
 * or held until its time. A wait of hours thus costs a handful of hops, and no tier ever holds a URL
 * past its time.
 *
 * <p>Every URL of a tier waits the same delay from the time the broker stored it, so within a tier
 * partition URLs fall due in the order they are stored, and the forwarder never has one URL wait
 * behind a later one. That holds as long as no URL is parked for less than the shortest delay: the
 * shortest tier must not be longer than the hold limit ({@code max_hold}), below which URLs are not
 * parked in a tier at all.
 *
 * @param delays one delay per tier, strictly increasing; every fetcher of a crawl must use the same
 */
public record ParkingTiers(List<Duration> delays) {

    public ParkingTiers {
        if (delays == null || delays.size() != CrawlTopics.PARKING_TIERS) {
            throw new IllegalArgumentException("park_tiers must list exactly " + CrawlTopics.PARKING_TIERS
                    + " delays but was " + delays);
        }
        for (int i = 0; i < delays.size(); i++) {
            Duration d = delays.get(i);
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("park_tiers must be positive durations but tier " + i + " was " + d);
            }
            if (i > 0 && d.compareTo(delays.get(i - 1)) <= 0) {
                throw new IllegalArgumentException("park_tiers must increase from tier to tier but were " + delays);
            }
        }
        delays = List.copyOf(delays);
    }

    /** Defaults: 10 seconds, 1 minute, 10 minutes, 1 hour. */
    public static ParkingTiers defaults() {
        return new ParkingTiers(List.of(Duration.ofSeconds(10), Duration.ofMinutes(1), Duration.ofMinutes(10),
                Duration.ofHours(1)));
    }

    /** Checks that the shortest tier is not longer than {@code holdLimit} (see the class comment). */
    public void checkFits(Duration holdLimit) {
        if (delays.get(0).compareTo(holdLimit) > 0) {
            throw new IllegalArgumentException("the shortest of park_tiers (" + delays.get(0)
                    + ") must not be longer than max_hold (" + holdLimit + "): a URL parked for just over max_hold"
                    + " would come back late and hold up the tier behind it");
        }
    }

    /** The tier for a URL that must wait {@code wait}: the longest delay not past it, else the shortest. */
    public int tierFor(Duration wait) {
        for (int tier = delays.size() - 1; tier > 0; tier--) {
            if (delays.get(tier).compareTo(wait) <= 0) {
                return tier;
            }
        }
        return 0;
    }

    /** The delay of {@code tier}. */
    public Duration delay(int tier) {
        return delays.get(tier);
    }
}
