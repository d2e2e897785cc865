package org.kcrawl.parser.html;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 bytes to chars, with what the JDK's decoder replaces (malformed input) replaced as it does. A page is
 * mostly ASCII with a few two- and three-byte characters (typographic quotes, dashes, non-breaking spaces);
 * after the first of them the JDK's decoder goes on one character at a time through its general loop, which
 * on the crawl's C1-compiled code cost about 5 % of the parser's CPU on a documentation site. This loop
 * decodes ASCII and well-formed two- and three-byte sequences itself and hands the rest of the input to the
 * JDK's decoder at the first sequence it does not take (four-byte, malformed, or cut off by the end), which,
 * UTF-8 synchronizing at every sequence start, decodes it exactly as it would have.
 */
final class Utf8Chars {
    private Utf8Chars() {}

    /**
     * Decodes {@code src[from, to)} into {@code dst} from index 0; {@code dst} must hold {@code to - from + 1}
     * chars (UTF-8 never makes more chars than bytes). Returns the number of chars written.
     */
    static int decode(byte[] src, int from, int to, char[] dst) {
        int sp = from;
        int dp = 0;
        while (sp < to) {
            int b1 = src[sp];
            if (b1 >= 0) {
                dst[dp++] = (char) b1;
                sp++;
                continue;
            }
            b1 &= 0xff;
            if (b1 >= 0xc2 && b1 <= 0xdf && sp + 1 < to) {
                int b2 = src[sp + 1];
                if ((b2 & 0xc0) == 0x80) {
                    dst[dp++] = (char) (((b1 & 0x1f) << 6) | (b2 & 0x3f));
                    sp += 2;
                    continue;
                }
            } else if (b1 >= 0xe0 && b1 <= 0xef && sp + 2 < to) {
                int b2 = src[sp + 1] & 0xff;
                int b3 = src[sp + 2];
                boolean secondValid = b1 == 0xe0 ? b2 >= 0xa0 && b2 <= 0xbf
                        : b1 == 0xed ? b2 >= 0x80 && b2 <= 0x9f // no surrogates
                        : (b2 & 0xc0) == 0x80;
                if (secondValid && (b3 & 0xc0) == 0x80) {
                    dst[dp++] = (char) (((b1 & 0x0f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f));
                    sp += 3;
                    continue;
                }
            }
            return dp + jdk(src, sp, to, dst, dp);
        }
        return dp;
    }

    /** The JDK's decoding of {@code src[from, to)} into {@code dst} from {@code at}; returns the chars written. */
    private static int jdk(byte[] src, int from, int to, char[] dst, int at) {
        CharsetDecoder decoder = PageParser.replacingDecoder(StandardCharsets.UTF_8);
        CharBuffer out = CharBuffer.wrap(dst, at, dst.length - at);
        decoder.decode(ByteBuffer.wrap(src, from, to - from), out, true);
        decoder.flush(out);
        return out.position() - at;
    }
}
