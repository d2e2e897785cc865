package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParkingTiersTest {
    private final ParkingTiers tiers = ParkingTiers.defaults();

    @Test
    void aWaitGoesToTheLongestTierThatDoesNotPassIt() {
        assertThat(tiers.tierFor(Duration.ofSeconds(5))).as("shorter than every tier").isZero();
        assertThat(tiers.tierFor(Duration.ofSeconds(30))).isZero();
        assertThat(tiers.tierFor(Duration.ofMinutes(1))).isEqualTo(1);
        assertThat(tiers.tierFor(Duration.ofMinutes(9))).isEqualTo(1);
        assertThat(tiers.tierFor(Duration.ofMinutes(10))).isEqualTo(2);
        assertThat(tiers.tierFor(Duration.ofMinutes(59))).isEqualTo(2);
        assertThat(tiers.tierFor(Duration.ofHours(5))).isEqualTo(3);
    }

    @Test
    void theShortestTierMustFitWithinTheHoldLimit() {
        tiers.checkFits(Duration.ofSeconds(10));
        assertThatThrownBy(() -> tiers.checkFits(Duration.ofSeconds(5))).hasMessageContaining("max_hold");
    }

    @Test
    void tiersMustBeFourIncreasingPositiveDelays() {
        assertThatThrownBy(() -> new ParkingTiers(List.of(Duration.ofMinutes(1))))
                .hasMessageContaining("exactly 4");
        assertThatThrownBy(() -> new ParkingTiers(List.of(Duration.ofSeconds(1), Duration.ofMinutes(1),
                Duration.ofMinutes(1), Duration.ofHours(1)))).hasMessageContaining("increase");
        assertThatThrownBy(() -> new ParkingTiers(List.of(Duration.ZERO, Duration.ofSeconds(1), Duration.ofMinutes(1),
                Duration.ofHours(1)))).hasMessageContaining("positive");
    }
}
