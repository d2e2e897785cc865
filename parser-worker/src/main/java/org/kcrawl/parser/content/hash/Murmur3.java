package org.kcrawl.parser.content.hash;

import java.util.HexFormat;

/**
 * MurmurHash3 x64 128 (Austin Appleby's public-domain hash, seed 0) of a stream of bytes, fed one at a
 * time: what {@code text_hash} is, so that anyone can recompute it with a common library (Guava's
 * {@code Hashing.murmur3_128()}, Python's {@code mmh3.hash_bytes}), at a few nanoseconds a byte where
 * SHA-256 costs tens under the JIT's first tier. Not a cryptographic hash: it finds duplicates among
 * texts nobody made collide on purpose.
 */
final class Murmur3 {
    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;

    private long h1;
    private long h2;
    /** The block being filled: its bytes 0-7 in {@code low}, 8-15 in {@code high}, little-endian. */
    private long low;
    private long high;
    private int filled;
    private long length;

    /** Adds one byte (the low 8 bits of {@code b}). */
    void add(int b) {
        long v = b & 0xFFL;
        if (filled < 8) {
            low |= v << (filled << 3);
        } else {
            high |= v << ((filled - 8) << 3);
        }
        length++;
        if (++filled == 16) {
            block(low, high);
            low = 0;
            high = 0;
            filled = 0;
        }
    }

    /**
     * Adds {@code s[from, to)}, every one ASCII (its own UTF-8 byte): whole blocks at a time where it can,
     * which is most of a text.
     */
    void addAscii(char[] s, int from, int to) {
        int i = from;
        while (i < to && filled != 0) {
            add(s[i++]);
        }
        for (; i + 16 <= to; i += 16) {
            block(ascii8(s, i), ascii8(s, i + 8));
            length += 16;
        }
        while (i < to) {
            add(s[i++]);
        }
    }

    /** Adds the UTF-8 bytes of {@code codePoint}; a lone surrogate as {@code ?}, as {@code String.getBytes} writes it. */
    void addUtf8(int codePoint) {
        if (codePoint < 0x80) {
            add(codePoint);
        } else if (codePoint < 0x800) {
            add(0xC0 | codePoint >> 6);
            add(0x80 | codePoint & 0x3F);
        } else if (codePoint < 0x10000) {
            if (Character.isSurrogate((char) codePoint)) {
                add('?'); // a lone surrogate, as String.getBytes(UTF_8) writes it
                return;
            }
            add(0xE0 | codePoint >> 12);
            add(0x80 | codePoint >> 6 & 0x3F);
            add(0x80 | codePoint & 0x3F);
        } else {
            add(0xF0 | codePoint >> 18);
            add(0x80 | codePoint >> 12 & 0x3F);
            add(0x80 | codePoint >> 6 & 0x3F);
            add(0x80 | codePoint & 0x3F);
        }
    }

    /** The hash of the bytes added, as 32 lower-case hex digits (Guava's and mmh3's byte order). */
    String hex() {
        if (filled > 8) {
            h2 ^= mixK2(high);
        }
        if (filled > 0) {
            h1 ^= mixK1(low);
        }
        long a = h1 ^ length;
        long b = h2 ^ length;
        a += b;
        b += a;
        a = fmix(a);
        b = fmix(b);
        a += b;
        b += a;
        HexFormat hex = HexFormat.of();
        return hex.toHexDigits(Long.reverseBytes(a)) + hex.toHexDigits(Long.reverseBytes(b));
    }

    private void block(long k1, long k2) {
        h1 ^= mixK1(k1);
        h1 = Long.rotateLeft(h1, 27);
        h1 += h2;
        h1 = h1 * 5 + 0x52dce729;
        h2 ^= mixK2(k2);
        h2 = Long.rotateLeft(h2, 31);
        h2 += h1;
        h2 = h2 * 5 + 0x38495ab5;
    }

    private static long mixK1(long k1) {
        return Long.rotateLeft(k1 * C1, 31) * C2;
    }

    private static long mixK2(long k2) {
        return Long.rotateLeft(k2 * C2, 33) * C1;
    }

    /** Eight ASCII characters from {@code s[i]} as a little-endian long. */
    private static long ascii8(char[] s, int i) {
        return s[i] | (long) s[i + 1] << 8 | (long) s[i + 2] << 16 | (long) s[i + 3] << 24 | (long) s[i + 4] << 32
                | (long) s[i + 5] << 40 | (long) s[i + 6] << 48 | (long) s[i + 7] << 56;
    }

    /** MurmurHash3's 64-bit finalizer: every input bit flips each output bit with probability about 1/2. */
    static long fmix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
