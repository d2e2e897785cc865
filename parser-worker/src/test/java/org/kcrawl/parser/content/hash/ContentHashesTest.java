package org.kcrawl.parser.content.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact and near-duplicate hashes on real text (SQLite's documentation) and on its edits. */
class ContentHashesTest {
    private static final String APP = Texts.fixture("sqlite-appfileformat.txt");
    private static final String WHEN = Texts.fixture("sqlite-whentouse.txt");
    private static final String LOCKING = Texts.fixture("sqlite-lockingv3.txt");
    private static final String ABOUT = Texts.fixture("sqlite-about.txt");

    @Test
    void equalTextsHaveEqualHashes() {
        ContentHashes a = ContentHashes.of(APP);
        ContentHashes b = ContentHashes.of(new StringBuilder(APP));
        assertThat(b).isEqualTo(a);
        assertThat(a.distance(b)).isZero();
        assertThat(a.textHash()).matches("[0-9a-f]{32}");
        assertThat(a.simhash()).matches("[0-9a-f]{16}");
    }

    @Test
    void layoutCaseAndCompatibilityCharactersDoNotChangeTheText() {
        String relaid = "  " + APP.replace("\n\n", "\n \t\n").replace(" the ", " \u00a0The\u2003 ").toUpperCase() + "\n";
        assertThat(ContentHashes.of(relaid)).isEqualTo(ContentHashes.of(APP));
        assertThat(TextHash.of("\ufb01le \uff21")).isEqualTo(TextHash.of("file a")); // ligature fi, full-width A
    }

    @Test
    void theTextHashIsMurmurHash3OfTheNormalFormAsGuavaAndMmh3WriteIt() {
        // Guava 33.4: Hashing.murmur3_128().hashBytes("hello world".getBytes(UTF_8)).toString()
        assertThat(TextHash.of("  Hello\n\nWORLD ")).isEqualTo("0e617feb46603f53b163eb607d4697ab");
        assertThat(TextHash.of("Caf\u00e9 \u4e2d\u6587 \ud83d\ude00")).isEqualTo("0c4c0401889f9801577740ee7ab287cc");
        assertThat(TextHash.of("The quick brown fox jumps over the lazy dog"))
                .isEqualTo("b386ade2fee9e4bc7f4b6e4074e3e20a");
    }

    @Test
    void aOneSentenceEditIsANearDuplicateButNotAnExactOne() {
        String edited = Texts.replaceSentence(APP, "An SQLite database file with a defined schema often makes",
                "A SQLite database with a fixed schema is frequently an excellent application file format.");
        ContentHashes a = ContentHashes.of(APP);
        ContentHashes b = ContentHashes.of(edited);
        assertThat(b.textHash()).isNotEqualTo(a.textHash());
        assertThat(a.distance(b)).isLessThanOrEqualTo(SimHash.NEAR_DUPLICATE_DISTANCE);
        assertThat(a.nearDuplicateOf(b)).isTrue();
    }

    @Test
    void aDifferentFooterIsANearDuplicate() {
        ContentHashes a = ContentHashes.of(WHEN + "\n\n" + Texts.FOOTER_A);
        ContentHashes b = ContentHashes.of(WHEN + "\n\n" + Texts.FOOTER_B);
        assertThat(a.textHash()).isNotEqualTo(b.textHash());
        assertThat(a.distance(b)).isLessThanOrEqualTo(SimHash.NEAR_DUPLICATE_DISTANCE);
    }

    @Test
    void unrelatedPagesOfOneSiteAreFarApart() {
        List<ContentHashes> pages = List.of(ContentHashes.of(APP), ContentHashes.of(WHEN), ContentHashes.of(LOCKING),
                ContentHashes.of(ABOUT));
        for (int i = 0; i < pages.size(); i++) {
            for (int j = i + 1; j < pages.size(); j++) {
                assertThat(pages.get(i).distance(pages.get(j))).as("pages %d and %d", i, j).isGreaterThan(12);
                assertThat(pages.get(i).nearDuplicateOf(pages.get(j))).isFalse();
            }
        }
    }

    @Test
    void aTextWithoutWordsHasNoHashesAndAShortOneHasSome() {
        assertThat(ContentHashes.of(null)).isNull();
        assertThat(ContentHashes.of(" \n\t\u00a0")).isNull();
        assertThat(SimHash.of("...")).isZero();
        assertThat(SimHash.of("one")).isNotZero();
        assertThat(SimHash.of("one two")).isNotEqualTo(SimHash.of("two one"));
        assertThat(ContentHashes.of("-").simhash()).isEqualTo("0000000000000000");
    }

    @Test
    void wordOrderAndPunctuation() {
        assertThat(SimHash.of("Hello, world! How are you?")).isEqualTo(SimHash.of("hello world how are you"));
        assertThat(SimHash.of("a b c d e f g h")).isNotEqualTo(SimHash.of("h g f e d c b a"));
    }

    @Test
    void textWithoutSpacesIsShingledByCharacter() {
        String ja = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。";
        String jaEdited = ja.replace("名前はまだ無い", "名前はもう有る");
        String zh = "天下大势，分久必合，合久必分。周末七国分争，并入于秦。及秦灭之后，楚、汉分争，又并入于汉。";
        assertThat(SimHash.distance(SimHash.of(ja), SimHash.of(jaEdited))).isLessThan(SimHash.distance(SimHash.of(ja), SimHash.of(zh)));
        assertThat(SimHash.of(ja)).isNotEqualTo(SimHash.of("吾輩"));
    }

    @Test
    void hexRoundTripsAndBadHexIsRefused() {
        long h = SimHash.of(APP);
        assertThat(SimHash.parse(SimHash.hex(h))).isEqualTo(h);
        assertThat(SimHash.hex(1L)).isEqualTo("0000000000000001");
        assertThat(SimHash.distance("0000000000000000", "ffffffffffffffff")).isEqualTo(64);
        assertThatThrownBy(() -> SimHash.parse("abc")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16 hex");
        assertThatThrownBy(() -> SimHash.parse("zzzzzzzzzzzzzzzz")).isInstanceOf(IllegalArgumentException.class);
    }
}
