package org.kcrawl.parser.content.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** MurmurHash3 x64 128 against the values Guava 33.4's {@code Hashing.murmur3_128()} gives for the same bytes. */
class Murmur3Test {
    @Test
    void eachLengthAroundABlockGivesGuavasValue() {
        assertThat(bytes("")).isEqualTo("00000000000000000000000000000000");
        assertThat(bytes("a")).isEqualTo("897859f6655555855a890e51483ab5e6");
        assertThat(bytes("0123456789abcde")).isEqualTo("5123bfc0f6d52da6f04c547c0cf5cc4f");
        assertThat(bytes("0123456789abcdef")).isEqualTo("a7d14acf946de04bda08a7635c5bc387");
        assertThat(bytes("0123456789abcdef0")).isEqualTo("75c0a58587ae24ebca283131b368fb73");
    }

    @Test
    void asciiRunsGiveWhatTheBytesOneByOneGive() {
        String text = "the quick brown fox jumps over the lazy dog";
        for (int split = 0; split <= text.length(); split++) {
            Murmur3 runs = new Murmur3();
            char[] c = text.toCharArray();
            runs.addAscii(c, 0, split);
            runs.addAscii(c, split, c.length);
            assertThat(runs.hex()).as("split at %d", split).isEqualTo("b386ade2fee9e4bc7f4b6e4074e3e20a");
        }
    }

    @Test
    void codePointsAreAddedAsTheirUtf8() {
        String text = "caf\u00e9 \u4e2d\u6587 \ud83d\ude00";
        Murmur3 m = new Murmur3();
        text.codePoints().forEach(m::addUtf8);
        assertThat(m.hex()).isEqualTo("0c4c0401889f9801577740ee7ab287cc").isEqualTo(bytes(text));
        Murmur3 lone = new Murmur3();
        lone.addUtf8('\ud83d'); // a high surrogate without its pair: '?', as String.getBytes writes it
        assertThat(lone.hex()).isEqualTo(bytes("?"));
    }

    private static String bytes(String s) {
        Murmur3 m = new Murmur3();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            m.add(b);
        }
        return m.hex();
    }
}
