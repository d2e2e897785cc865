package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Utf8CharsTest {

    @Test
    void decodesWellFormedTextAsTheJdkDoes() throws Exception {
        String text = "plain ASCII, caf\u00e9, \u2014 dashes \u201cquoted\u201d, \u00a0nbsp, \u4e2d\u6587, emoji \ud83d\ude00 end";
        assertDecodesAsJdk(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void replacesMalformedAndCutOffSequencesAsTheJdkDoes() throws Exception {
        byte[][] cases = {
            {(byte) 0xc3}, // cut off at the end
            {'a', (byte) 0xe2, (byte) 0x80}, // a three-byte sequence cut off
            {(byte) 0xc0, (byte) 0x80, 'b'}, // overlong
            {(byte) 0xe0, (byte) 0x80, (byte) 0x80}, // overlong three-byte
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80, 'c'}, // a surrogate
            {(byte) 0x80, 'd', (byte) 0xbf}, // stray continuations
            {(byte) 0xf0, (byte) 0x9f, (byte) 0x98}, // four-byte cut off
            {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}, // beyond Unicode
            {(byte) 0xc3, 'e', (byte) 0xa9},
        };
        for (byte[] bytes : cases) {
            assertDecodesAsJdk(bytes);
        }
    }

    @Test
    void agreesWithTheJdkOnRandomBytes() throws Exception {
        SplittableRandom random = new SplittableRandom(11);
        byte[] alphabet = {'a', '<', ' ', (byte) 0xc3, (byte) 0xa9, (byte) 0xe2, (byte) 0x80, (byte) 0x94,
            (byte) 0xed, (byte) 0xa0, (byte) 0xe0, (byte) 0xf0, (byte) 0x9f, (byte) 0xbf, (byte) 0xc1, (byte) 0xff};
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes = new byte[random.nextInt(12)];
            for (int j = 0; j < bytes.length; j++) {
                bytes[j] = random.nextInt(3) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
            }
            assertDecodesAsJdk(bytes);
        }
    }

    private static void assertDecodesAsJdk(byte[] bytes) throws CharacterCodingException {
        CharBuffer expected = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(bytes));
        // A prefix the decoder must skip, as a byte-order mark is skipped.
        byte[] padded = new byte[bytes.length + 3];
        System.arraycopy(bytes, 0, padded, 3, bytes.length);
        char[] out = new char[bytes.length + 1];
        int n = Utf8Chars.decode(padded, 3, padded.length, out);
        assertThat(new String(out, 0, n)).as("%s", java.util.Arrays.toString(bytes)).isEqualTo(expected.toString());
    }
}
