package org.kcrawl.http.politeness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The learned rate's descent and recovery on a fake clock: halves at a refusal far from any known one,
 * loses 4 % near the last refused rate, comes back quickly to just under it, then probes slowly,
 * and ignores what was sent before a cut.
 */
class LearnedRateTest {
    private static final long MS = 1_000_000L;

    private long now = 1_000 * MS;

    /** A request sent now and refused one millisecond later. */
    private boolean refuse(LearnedRate r) {
        long sent = now;
        now += MS;
        return r.refused(r.rate(), sent, now);
    }

    /** {@code n} requests sent at the learned rate, each answered. */
    private void answer(LearnedRate r, int n) {
        for (int i = 0; i < n; i++) {
            now += r.intervalNanos();
            r.answered(now, true);
        }
    }

    @Test
    void aFirstRefusalHalvesTheRate() {
        LearnedRate r = new LearnedRate(50);
        assertThat(r.limited()).isFalse();

        assertThat(refuse(r)).isTrue();

        assertThat(r.rate()).isEqualTo(25);
        assertThat(r.refusedAt()).isEqualTo(50);
        assertThat(r.limited()).isTrue();
        assertThat(r.intervalNanos()).isEqualTo(40 * MS);
    }

    @Test
    void refusalsFarBelowTheLastRefusedRateHalveItAgainNearOnesCutFourPercent() {
        LearnedRate r = new LearnedRate(50);
        refuse(r);
        refuse(r); // at 25, half the rate refused before: the limit is lower still
        assertThat(r.rate()).isEqualTo(12.5);
        answer(r, 200); // back to 90 % of 25, then probing past it
        double before = r.rate();
        assertThat(before).isGreaterThan(0.8 * 25);

        refuse(r);

        assertThat(r.rate()).isCloseTo(0.96 * before, within(1e-9));
    }

    @Test
    void aRefusalOfARequestSentBeforeTheLastCutChangesNothing() {
        LearnedRate r = new LearnedRate(50);
        long sentEarlier = now;
        refuse(r);

        assertThat(r.refused(r.rate(), sentEarlier, now + MS)).isFalse();
        assertThat(r.answered(sentEarlier, true)).isFalse();

        assertThat(r.rate()).isEqualTo(25);
    }

    @Test
    void answersBringTheRateBackQuicklyToJustUnderTheRefusedOneThenSlowly() {
        LearnedRate r = new LearnedRate(50);
        refuse(r);
        refuse(r);
        refuse(r); // 50 -> 25 -> 12.5 -> 6.25; last refused at 12.5

        answer(r, 10);
        assertThat(r.rate()).as("within 10 answers, most of the way back to 90 % of 12.5")
                .isBetween(0.85 * 12.5, 0.9 * 12.5);

        answer(r, 40);
        double at = r.rate();
        answer(r, 10);
        assertThat(r.rate() - at).as("then 0.08 % of the refused rate per answer")
                .isCloseTo(10 * 0.0008 * 12.5, within(1e-9));
    }

    @Test
    void aLimitJustUnderASteadyLimitIsProbedByAboutOneRequestInFifty() {
        // A server that refuses every request sent above 10/s: the learned rate's sawtooth stays between
        // 9.6 and 10 per second, refused about once every 50 answers.
        LearnedRate r = new LearnedRate(50);
        int refused = 0;
        int requests = 0;
        double sum = 0;
        for (int i = 0; i < 3_000; i++) {
            now += r.intervalNanos();
            long sent = now;
            requests++;
            if (i > 500) {
                sum += r.rate();
            }
            if (r.rate() > 10) {
                if (i > 500) {
                    refused++;
                }
                r.refused(r.rate(), sent, sent + MS);
            } else {
                r.answered(sent, true);
            }
        }
        double mean = sum / (requests - 501);
        assertThat(mean).as("mean rate after the descent").isBetween(9.7, 10.0);
        assertThat((double) refused / (requests - 501)).as("share refused").isBetween(0.01, 0.03);
    }

    @Test
    void neverAboveTheConfiguredRateNorBelowOneRequestAMinute() {
        LearnedRate r = new LearnedRate(2);
        refuse(r);
        answer(r, 100_000);
        assertThat(r.rate()).isEqualTo(2);
        assertThat(r.limited()).isFalse();
        assertThat(r.answered(now, true)).as("nothing to recover").isFalse();

        for (int i = 0; i < 300; i++) {
            refuse(r);
        }
        assertThat(r.rate()).isEqualTo(LearnedRate.MIN_RATE);
        assertThat(r.intervalNanos()).isEqualTo(60_000 * MS);
    }

    @Test
    void aConfiguredRateSlowerThanTheFloorIsNeverCut() {
        LearnedRate r = new LearnedRate(0.01);
        refuse(r);
        assertThat(r.rate()).isEqualTo(0.01);
        assertThat(r.limited()).isFalse();
    }

    @Test
    void answersSentOffPaceDoNotClimb() {
        LearnedRate r = new LearnedRate(50);
        refuse(r);
        now += 10_000 * MS;
        assertThat(r.answered(now, false)).isFalse();
        assertThat(r.rate()).isEqualTo(25);
    }

    @Test
    void aRefusalWhileSomethingElseHeldTheHostSlowerCutsFromThatRate() {
        LearnedRate r = new LearnedRate(50);
        long sent = now;
        r.refused(2, sent, sent + MS); // a Crawl-delay of 0.5 s held it to 2/s
        assertThat(r.rate()).isEqualTo(1);
        assertThat(r.refusedAt()).isEqualTo(2);
    }

    @Test
    void aRateLearnedBeforeIsResumedWithinBounds() {
        assertThat(new LearnedRate(50, 9.5, 10).rate()).isEqualTo(9.5);
        assertThat(new LearnedRate(50, 9.5, 10).refusedAt()).isEqualTo(10);
        assertThat(new LearnedRate(5, 9.5, 10).rate()).as("a lower --rate now").isEqualTo(5);
        assertThat(new LearnedRate(50, 0.0001, 0).rate()).isEqualTo(LearnedRate.MIN_RATE);
        assertThat(new LearnedRate(50, Double.NaN, Double.NaN).rate()).isEqualTo(50);
        assertThat(new LearnedRate(50, -1, -1).refusedAt()).isZero();
    }
}
