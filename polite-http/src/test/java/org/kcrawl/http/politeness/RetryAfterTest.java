package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Retry-After in its forms, and what a server's bad values become: a wait between zero and an hour. */
class RetryAfterTest {
    private final Instant now = Instant.parse("2030-01-01T00:00:00Z");

    @Test
    void readsDelaySeconds() {
        assertThat(RetryAfter.parse("120", now)).isEqualTo(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse(" 0 ", now)).isEqualTo(Duration.ZERO);
        assertThat(RetryAfter.parse("1.5", now)).as("a fraction, as some servers send").isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void readsAnHttpDateInEachOfItsThreeForms() {
        assertThat(RetryAfter.parse("Tue, 01 Jan 2030 00:01:30 GMT", now)).isEqualTo(Duration.ofSeconds(90));
        assertThat(RetryAfter.parse("Tuesday, 01-Jan-30 00:01:30 GMT", now)).as("RFC 850")
                .isEqualTo(Duration.ofSeconds(90));
        assertThat(RetryAfter.parse("Tue Jan  1 00:01:30 2030", now)).as("asctime").isEqualTo(Duration.ofSeconds(90));
        assertThat(RetryAfter.parse("Tue Jan 01 00:01:30 2030", now)).as("asctime, zero-padded")
                .isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void aTwoDigitYearMoreThanFiftyYearsAheadIsInThePast() {
        assertThat(RetryAfter.parse("Friday, 01-Jan-99 00:00:00 GMT", now)).as("1999, not 2099")
                .isEqualTo(Duration.ZERO);
    }

    @Test
    void aDateInThePastMeansNoWait() {
        assertThat(RetryAfter.parse("Mon, 31 Dec 2029 23:00:00 GMT", now)).isEqualTo(Duration.ZERO);
    }

    @Test
    void anAbsentHeaderIsNoHint() {
        assertThat(RetryAfter.parse(null, now)).isNull();
        assertThat(RetryAfter.parse("", now)).isNull();
        assertThat(RetryAfter.parse("   ", now)).isNull();
    }

    @Test
    void garbageAndNegativeValuesMeanNoWait() {
        for (String v : List.of("soon", "-5", "-0.5", "1e9", "0x10", "12 s", "Tue, 32 Jan 2030 00:00:00 GMT",
                "Wed, 01 Jan 2030 00:01:30 GMT" /* the wrong weekday */, "\u0000", "9".repeat(5000) + "x")) {
            assertThat(RetryAfter.parse(v, now)).as(v).isEqualTo(Duration.ZERO);
        }
    }

    @Test
    void longWaitsAreCutToOneHour() {
        assertThat(RetryAfter.parse("3600", now)).isEqualTo(Duration.ofHours(1));
        assertThat(RetryAfter.parse("99999999", now)).isEqualTo(RetryAfter.MAX);
        assertThat(RetryAfter.parse("99999999999999999999999", now)).isEqualTo(RetryAfter.MAX);
        assertThat(RetryAfter.parse("9".repeat(5000), now)).isEqualTo(RetryAfter.MAX);
        assertThat(RetryAfter.parse("Tue, 01 Jan 2041 00:00:00 GMT", now)).isEqualTo(RetryAfter.MAX);
        assertThat(RetryAfter.parse("Fri, 31 Dec 9999 23:59:59 GMT", now)).isEqualTo(RetryAfter.MAX);
    }

    @Test
    void neverThrowsWhateverTheValue() {
        for (String v : List.of("+", ".", "-", "+.", "1.", ".5", "Mon, 01 Jan -999999999 00:00:00 GMT",
                "Monday, 99-Foo-99 99:99:99 GMT", "Tue Jan 99 00:00:00 2030", "\uD800")) {
            assertThatCode(() -> RetryAfter.parse(v, now)).as(v).doesNotThrowAnyException();
        }
    }
}
