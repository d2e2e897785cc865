package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.Revisit;

class RevisitScheduleTest {
    private final RevisitSchedule schedule =
            new RevisitSchedule(Duration.ofDays(1), Duration.ofHours(1), Duration.ofDays(30));

    @Test
    void aFirstFetchGetsTheConfiguredInterval() {
        assertThat(schedule.next(null, RevisitSchedule.Change.UNKNOWN)).isEqualTo(Duration.ofDays(1));
        assertThat(schedule.next(revisit(Duration.ZERO), RevisitSchedule.Change.CHANGED)).isEqualTo(Duration.ofDays(1));
    }

    @Test
    void aChangedPageIsVisitedTwiceAsOftenAnUnchangedOneHalfAsOftenWithinBounds() {
        assertThat(schedule.next(revisit(Duration.ofDays(1)), RevisitSchedule.Change.CHANGED)).isEqualTo(Duration.ofHours(12));
        assertThat(schedule.next(revisit(Duration.ofDays(1)), RevisitSchedule.Change.UNCHANGED)).isEqualTo(Duration.ofDays(2));
        assertThat(schedule.next(revisit(Duration.ofDays(1)), RevisitSchedule.Change.UNKNOWN)).isEqualTo(Duration.ofDays(1));
        assertThat(schedule.next(revisit(Duration.ofMinutes(90)), RevisitSchedule.Change.CHANGED)).isEqualTo(Duration.ofHours(1));
        assertThat(schedule.next(revisit(Duration.ofDays(20)), RevisitSchedule.Change.UNCHANGED)).isEqualTo(Duration.ofDays(30));
    }

    @Test
    void equalBoundsTurnAdaptationOff() {
        RevisitSchedule fixed = new RevisitSchedule(Duration.ofDays(7), Duration.ofDays(7), Duration.ofDays(7));
        assertThat(fixed.next(revisit(Duration.ofDays(7)), RevisitSchedule.Change.CHANGED)).isEqualTo(Duration.ofDays(7));
        assertThat(fixed.next(revisit(Duration.ofDays(7)), RevisitSchedule.Change.UNCHANGED)).isEqualTo(Duration.ofDays(7));
    }

    @Test
    void boundsOutOfOrderAreRefusedNamingTheKeys() {
        assertThatThrownBy(() -> new RevisitSchedule(Duration.ofDays(1), Duration.ofDays(2), Duration.ofDays(1)))
                .hasMessageContaining("revisit_max_interval");
        assertThatThrownBy(() -> new RevisitSchedule(Duration.ofDays(60), Duration.ofDays(1), Duration.ofDays(30)))
                .hasMessageContaining("revisit_interval must lie between");
        assertThatThrownBy(() -> new RevisitSchedule(Duration.ofDays(1), Duration.ZERO, Duration.ofDays(30)))
                .hasMessageContaining("revisit_min_interval");
    }

    private static Revisit revisit(Duration interval) {
        return new Revisit(Instant.parse("2026-11-29T12:00:00Z"), null, null, null, interval.toSeconds());
    }
}
