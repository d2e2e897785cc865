package org.kcrawl.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Every check returns what it was given, and a failed one names the field, the rule and the value. */
class ChecksTest {

    @Test
    void atLeastReturnsTheValueAndNamesFieldBoundAndValueWhenBelow() {
        assertThat(Checks.atLeast(3, 1, "per_host")).isEqualTo(3);
        assertThat(Checks.atLeast(5_000_000_000L, 1024, "max_body_bytes")).isEqualTo(5_000_000_000L);
        assertThatThrownBy(() -> Checks.atLeast(0, 1, "per_host"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("per_host must be >= 1 but was 0");
        assertThatThrownBy(() -> Checks.atLeast(512L, 1024L, "max_body_bytes"))
                .hasMessage("max_body_bytes must be >= 1024 but was 512");
    }

    @Test
    void positiveDurationsRefuseNullZeroAndNegativeWithAnExample() {
        assertThat(Checks.positive(Duration.ofSeconds(1), "read_timeout")).isEqualTo(Duration.ofSeconds(1));
        for (Duration bad : new Duration[] {null, Duration.ZERO, Duration.ofSeconds(-1)}) {
            assertThatThrownBy(() -> Checks.positive(bad, "read_timeout"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("read_timeout must be a positive duration (for example PT30S) but was " + bad);
        }
    }

    @Test
    void notNegativeDurationsAcceptZero() {
        assertThat(Checks.notNegative(Duration.ZERO, "drain_timeout")).isZero();
        assertThatThrownBy(() -> Checks.notNegative(Duration.ofMillis(-1), "drain_timeout"))
                .hasMessage("drain_timeout must be a duration >= 0 (for example PT30S) but was PT-0.001S");
        assertThatThrownBy(() -> Checks.notNegative((Duration) null, "drain_timeout"))
                .hasMessageStartingWith("drain_timeout must be a duration >= 0");
    }

    @Test
    void numbersAndReferencesNameTheField() {
        assertThat(Checks.notNegative(0L, "offset")).isZero();
        assertThatThrownBy(() -> Checks.notNegative(-1, "depth")).hasMessage("depth must be >= 0 but was -1");
        assertThatThrownBy(() -> Checks.notNull(null, "url")).hasMessage("url must not be null");
    }
}
