package org.kcrawl.parser.content.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The measure on hand-made pages whose scores are worked out by hand. */
class PageScoreTest {
    private static final String REFERENCE = "one two three four five six"; // shingles: 1-4, 2-5, 3-6

    @Test
    void tokensAreRunsOfLettersAndDigitsAndNothingElse() {
        assertThat(WordTokens.of("Hello, world! It's 2024-01-05 (v2.0)."))
                .containsExactly("Hello", "world", "It", "s", "2024", "01", "05", "v2", "0");
        assertThat(WordTokens.of("naïve café 日本語 — Ωμέγα")).containsExactly("naïve", "café", "日本語", "Ωμέγα");
        assertThat(WordTokens.of("cafe\u0301 हिन्दी")).as("combining marks stay in their word")
                .containsExactly("cafe\u0301", "हिन्दी");
        assertThat(WordTokens.of("# **bold** _it_ `code` | --- | > quote * - + ~ ½ ²"))
                .containsExactly("bold", "it", "code", "quote");
        assertThat(WordTokens.of("")).isEmpty();
        assertThat(WordTokens.of(null)).isEmpty();
    }

    @Test
    void shinglesAreFourTokenWindowsCountedWithRepeats() {
        assertThat(Shingles.of(REFERENCE).size()).isEqualTo(3);
        assertThat(Shingles.of("a b c d").size()).isEqualTo(1);
        assertThat(Shingles.of("a b c d a b c d").size()).isEqualTo(5);
        assertThat(Shingles.of("a b c d a b c d").common(Shingles.of("a b c d"))).isEqualTo(1);
        assertThat(Shingles.of("a b c d a b c d").common(Shingles.of("a b c d x a b c d"))).isEqualTo(2);
        assertThat(Shingles.of("...").size()).isZero();
    }

    @Test
    void aTextOfFewerThanFourTokensIsOneShingleOfItsWholeSequence() {
        assertThat(Shingles.of("Breaking news").size()).isEqualTo(1);
        assertThat(score("Breaking news", "Breaking  news!").f1()).isEqualTo(1.0);
        assertThat(score("Breaking news today", "Breaking news").f1()).as("a different sequence").isZero();
    }

    @Test
    void extraTextCostsPrecisionAndMissingTextCostsRecall() {
        PageScore extra = score("one two three four five six seven eight", REFERENCE); // 5 shingles, 3 right
        assertThat(extra.precision()).isCloseTo(3.0 / 5, within(1e-12));
        assertThat(extra.recall()).isEqualTo(1.0);
        assertThat(extra.f1()).isCloseTo(0.75, within(1e-12));

        PageScore missing = score("one two three four five", REFERENCE); // 2 shingles, both right
        assertThat(missing.precision()).isEqualTo(1.0);
        assertThat(missing.recall()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(missing.f1()).isCloseTo(0.8, within(1e-12));
        assertThat(missing.commonShingles()).isEqualTo(2);
    }

    @Test
    void punctuationCaseOfWhitespaceAndLineBreaksDoNotMatterButOrderAndCaseDo() {
        assertThat(score("One, two; three -- four!\n\nfive\tsix.", "One two three four five six").f1()).isEqualTo(1.0);
        assertThat(score("six five four three two one", REFERENCE).f1()).isZero();
        assertThat(score("ONE TWO THREE FOUR FIVE SIX", REFERENCE).f1()).isZero();
    }

    @Test
    void theArticleTwiceIsPenalisedAsRepeatedText() {
        PageScore twice = score(REFERENCE + " " + REFERENCE, REFERENCE); // 9 shingles, 3 match once each
        assertThat(twice.precision()).isCloseTo(3.0 / 9, within(1e-12));
        assertThat(twice.recall()).isEqualTo(1.0);
    }

    @Test
    void emptyOutputsAndEmptyReferencesScoreAsDocumented() {
        assertThat(score("", REFERENCE)).isEqualTo(new PageScore(0, 0, 0, 0, 3, 0));
        assertThat(score(" ... ", REFERENCE).f1()).as("no token is no output").isZero();
        assertThat(score("", "")).isEqualTo(new PageScore(1, 1, 1, 0, 0, 0));
        assertThat(score("anything at all here", "")).isEqualTo(new PageScore(0, 1, 0, 1, 0, 0));
        assertThat(score("seven eight nine ten", REFERENCE)).isEqualTo(new PageScore(0, 0, 0, 1, 3, 0));
    }

    @Test
    void meansAreTakenOverPagesNotOverShingles() {
        ScoreSummary summary = new ScoreSummary();
        summary.add(score(REFERENCE, REFERENCE), 1_000_000); // 1, 1, 1
        summary.add(score("one two three four five six seven eight", REFERENCE), 3_000_000); // 0.6, 1, 0.75
        summary.add(score("", REFERENCE), 2_000_000); // 0, 0, 0
        assertThat(summary.pages()).isEqualTo(3);
        assertThat(summary.precision()).isCloseTo(1.6 / 3, within(1e-12));
        assertThat(summary.recall()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(summary.f1()).isCloseTo(1.75 / 3, within(1e-12));
        assertThat(summary.millisPerPage()).isCloseTo(2.0, within(1e-12));
        assertThat(new ScoreSummary().f1()).isNaN();
    }

    private static PageScore score(String extracted, String reference) {
        return PageScore.of(extracted, reference);
    }
}
