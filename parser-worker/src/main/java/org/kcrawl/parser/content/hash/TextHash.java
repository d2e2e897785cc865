package org.kcrawl.parser.content.hash;

/**
 * A page's exact-duplicate hash, {@code text_hash}: the 128-bit MurmurHash3 (x64, seed 0; {@link Murmur3})
 * of the UTF-8 bytes of its main text's {@linkplain TextNormalizer normal form}, as 32 lower-case hex
 * digits in the byte order of Guava's {@code Hashing.murmur3_128()} and Python's {@code mmh3.hash_bytes}.
 * Anyone can recompute it from the text (normalize, hash), and at 128 bits two different texts of a crawl
 * never share one in practice.
 */
public final class TextHash {
    private TextHash() {}

    /** The hash of {@code text}, normalized first. */
    public static String of(CharSequence text) {
        return HashFeed.of(text).textHash();
    }
}
