package org.kcrawl.parser.content.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.kcrawl.parser.content.Whitespace;

/**
 * The normal form's fast roads (ASCII, and text outside ASCII read as an array) give what its definition
 * gives: {@code Whitespace.collapse(NFKC(text).toLowerCase(Locale.ROOT))}; and the hashes read it whole.
 */
class TextNormalizerTest {
    /** Characters that exercise every road: case, spaces of every kind, compatibility forms, context casing. */
    private static final String ALPHABET = "aZ9 \t\n.\u00a0\u2003\u3000\u00e9\u00c9\u00df\u1e9e\ufb01\uff21\u2460"
            + "\u03a3\u03c3\u0130\u0131\u0301\u4e2d\u0e01\ud83d\ude00\ud83d\u212a\u00bd";

    @Test
    void randomTextsAgreeWithTheDefinition() {
        agreeWithTheDefinition(ALPHABET, 12, 36);
    }

    /** Without a capital sigma, text outside ASCII takes the one-pass road whole: longer texts, every mix. */
    @Test
    void longerTextsWithoutSigmaAgreeWithTheDefinition() {
        agreeWithTheDefinition(ALPHABET.replace("\u03a3", ""), 60, 37);
        agreeWithTheDefinition("a\u0130 \u0130\u0130", 40, 38); // dotted capital Is, each two characters
    }

    /**
     * Characters whose normal form depends on their neighbours, among ones read from the table: marks that
     * join the letter before them (ASCII or not) and reorder, Hangul jamo that join into syllables, a
     * half-width voiced mark, compatibility forms that expand (a ligature, an ellipsis, U+FDFA's eighteen
     * characters) or become a capital sigma (the lunate sigma), math letters outside the BMP.
     */
    @Test
    void charactersThatNeedTheirNeighboursAgreeWithTheDefinition() {
        String alphabet = "ae \u00e9\u0301\u0323\u0308\u1100\u1161\u11a8\uac00\uff76\uff9e\u00aa\u2026\ufdfa"
                + "\ufb01\u00a0\u3000\u03f9\u0130\u00c5\u212b\u4e2d\ud835\udc00\u0640x";
        agreeWithTheDefinition(alphabet, 30, 39);
        agreeWithTheDefinition(alphabet.replace("\u03f9", ""), 30, 40);
    }

    private static void agreeWithTheDefinition(String alphabet, int maxLength, long seed) {
        Random random = new Random(seed);
        for (int t = 0; t < 20_000; t++) {
            StringBuilder s = new StringBuilder();
            for (int i = random.nextInt(maxLength); i > 0; i--) {
                s.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = s.toString();
            String expected = Whitespace.collapse(Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT));
            assertThat(TextNormalizer.normalize(text)).as("'%s'", text).isEqualTo(expected);
            assertThat(TextHash.of(text)).as("'%s'", text).isEqualTo(murmurOf(expected));
            assertThat(SimHash.of(text)).as("'%s'", text).isEqualTo(SimHash.ofNormalized(expected));
        }
    }

    @Test
    void greekSigmaAndDottedCapitalIAreLowerCasedByTheirContext() {
        assertThat(TextNormalizer.normalize("\u039f\u0394\u039f\u03a3 \u0130STANBUL")).isEqualTo("\u03bf\u03b4\u03bf\u03c2 i\u0307stanbul");
        assertThat(TextNormalizer.normalize("Caf\u00c9\u00a0\u00a0AU  LAIT\u3000")).isEqualTo("caf\u00e9 au lait");
    }

    private static String murmurOf(String normal) {
        Murmur3 m = new Murmur3();
        for (byte b : normal.getBytes(StandardCharsets.UTF_8)) {
            m.add(b);
        }
        return m.hex();
    }
}
