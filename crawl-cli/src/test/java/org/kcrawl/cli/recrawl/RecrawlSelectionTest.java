package org.kcrawl.cli.recrawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.message.UrlStatus;

class RecrawlSelectionTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    @Test
    void agesAreANumberAndAUnitOrAnIsoDuration() {
        assertThat(RecrawlSelection.parseAge("0s")).isEqualTo(Duration.ZERO);
        assertThat(RecrawlSelection.parseAge("90m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(RecrawlSelection.parseAge("12h")).isEqualTo(Duration.ofHours(12));
        assertThat(RecrawlSelection.parseAge("7D")).isEqualTo(Duration.ofDays(7));
        assertThat(RecrawlSelection.parseAge("PT12H")).isEqualTo(Duration.ofHours(12));
        for (String bad : new String[] {"", "7", "7w", "-1d", "PT-1H", "soon"}) {
            assertThatThrownBy(() -> RecrawlSelection.parseAge(bad)).as(bad)
                    .hasMessageContaining("a recrawl age is a number with s, m, h or d").hasMessageContaining(bad);
        }
    }

    @Test
    void olderThanTakesUrlsFetchedBeforeTheCutoffAndZeroTakesEveryUrlFetchedBeforeTheRun() {
        RecrawlSelection day = RecrawlSelection.olderThan(Duration.ofDays(1), NOW);
        assertThat(day.selects(status(NOW.minus(Duration.ofHours(25)), NOW.plus(Duration.ofDays(3))))).isTrue();
        assertThat(day.selects(status(NOW.minus(Duration.ofHours(23)), NOW.minus(Duration.ofHours(1))))).isFalse();
        RecrawlSelection all = RecrawlSelection.olderThan(Duration.ZERO, NOW);
        assertThat(all.selects(status(NOW.minusMillis(1), NOW.plus(Duration.ofDays(1))))).isTrue();
        assertThat(all.selects(status(NOW, NOW.plus(Duration.ofDays(1))))).as("fetched by this run").isFalse();
    }

    @Test
    void dueTakesUrlsWhoseNextFetchDateHasCome() {
        RecrawlSelection due = RecrawlSelection.due(NOW);
        assertThat(due.selects(status(NOW.minus(Duration.ofDays(2)), NOW))).isTrue();
        assertThat(due.selects(status(NOW.minus(Duration.ofDays(2)), NOW.plusSeconds(1)))).isFalse();
    }

    private static UrlStatus status(Instant fetchedAt, Instant next) {
        return new UrlStatus(SchemaVersions.CURRENT, "http://127.0.0.1:8080/a", 1, 0, false, fetchedAt,
                UrlStatus.Outcome.PAGE, 200, null, null, null, next);
    }
}
