package org.kcrawl.common.message;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A record's text and Markdown are written from an array exactly as Jackson writes a string. */
class LongTextSerializerTest {
    /** Escapes (quote, backslash, controls, the line separators), text outside ASCII, a surrogate pair. */
    private static final String ALPHABET = "ab Z9\"\\\n\t\r\u0001\u001f/\u00e9\u0130\u4e2d\u2028\u2029\ud83d\ude00<>&";

    private final MessageCodec codec = MessageCodec.get();
    /** The codec's own mapper writing a bare string: the String road, with the codec's settings. */
    private final ObjectMapper plain = codec.mapper();

    @Test
    void textsOfEveryLengthAreWrittenAsJacksonWritesAString() throws Exception {
        Random random = new Random(36);
        for (int length : new int[] {1, 2, 100, 1_000, 5_000, 16_384, 40_000, 300_000}) {
            StringBuilder s = new StringBuilder();
            while (s.length() < length) {
                s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            String text = s.toString();
            String json = new String(codec.encode(new RecordText(text, false, text + "!", "h", "s", null)),
                    StandardCharsets.UTF_8);
            assertThat(json).as("length %d", length)
                    .isEqualTo("{\"text\":" + asString(text) + ",\"markdown\":" + asString(text + "!")
                            + ",\"text_hash\":\"h\",\"simhash\":\"s\"}");
        }
    }

    /** The string as the codec's mapper writes it to bytes (a lone surrogate escaped, as records are written). */
    private String asString(String text) throws Exception {
        return new String(plain.writeValueAsBytes(text), StandardCharsets.UTF_8);
    }

    @Test
    void anEmptyTextIsLeftOutAsBefore() {
        String json = new String(codec.encode(new RecordText("", false, "", null, null, null)), StandardCharsets.UTF_8);
        assertThat(json).isEqualTo("{}");
    }
}
