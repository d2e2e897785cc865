package org.kcrawl.parser.html;

/** A UTF-8 validity check over bytes, without decoding them. */
final class Utf8 {
    private Utf8() {}

    /**
     * True when {@code b[from, to)} is well-formed UTF-8 (no overlongs, no surrogates). A sequence
     * cut off by the end counts as valid, since bodies are often truncated at a size cap.
     */
    static boolean isValid(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            int lead = b[i] & 0xFF;
            if (lead < 0x80) {
                i++;
                continue;
            }
            int count;
            int min2 = 0x80;
            int max2 = 0xBF;
            if (lead >= 0xC2 && lead <= 0xDF) {
                count = 1;
            } else if (lead >= 0xE0 && lead <= 0xEF) {
                count = 2;
                if (lead == 0xE0) {
                    min2 = 0xA0; // overlong
                } else if (lead == 0xED) {
                    max2 = 0x9F; // surrogates
                }
            } else if (lead >= 0xF0 && lead <= 0xF4) {
                count = 3;
                if (lead == 0xF0) {
                    min2 = 0x90;
                } else if (lead == 0xF4) {
                    max2 = 0x8F; // above U+10FFFF
                }
            } else {
                return false;
            }
            for (int k = 1; k <= count; k++) {
                if (i + k >= to) {
                    return true; // truncated at the end
                }
                int c = b[i + k] & 0xFF;
                int lo = k == 1 ? min2 : 0x80;
                int hi = k == 1 ? max2 : 0xBF;
                if (c < lo || c > hi) {
                    return false;
                }
            }
            i += count + 1;
        }
        return true;
    }
}
