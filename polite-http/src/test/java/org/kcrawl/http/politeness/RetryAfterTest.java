package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {
    private final Instant now = Instant.parse("2030-01-01T00:00:00Z");

    @Test
    void readsDelaySeconds() {
        assertThat(RetryAfter.parse("120", now)).isEqualTo(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse(" 0 ", now)).isEqualTo(Duration.ZERO);
    }

    @Test
    void readsAnHttpDate() {
        assertThat(RetryAfter.parse("Tue, 01 Jan 2030 00:01:30 GMT", now)).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void aDateInThePastMeansNoWait() {
        assertThat(RetryAfter.parse("Mon, 31 Dec 2029 23:00:00 GMT", now)).isEqualTo(Duration.ZERO);
    }

    @Test
    void absentOrUnreadableHeadersMeanNoHint() {
        assertThat(RetryAfter.parse(null, now)).isNull();
        assertThat(RetryAfter.parse("", now)).isNull();
        assertThat(RetryAfter.parse("soon", now)).isNull();
        assertThat(RetryAfter.parse("-5", now)).isNull();
    }

    @Test
    void hugeNumbersSaturateInsteadOfFailing() {
        assertThat(RetryAfter.parse("99999999999999999999999", now)).isGreaterThan(Duration.ofDays(365));
    }
}
