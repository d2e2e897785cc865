package org.kcrawl.parser.content.hash;

import java.util.HexFormat;

/**
 * A page's near-duplicate fingerprint, {@code simhash} (Charikar's similarity hash): 64 bits, each the
 * majority vote of that bit over the 64-bit hashes of the text's word shingles, so texts that share most
 * shingles differ in few bits. Words are the runs of letters and digits of the text's
 * {@linkplain TextNormalizer normal form}, except in scripts written without spaces (Han, kana, Thai),
 * where each character is a word; shingles are {@value #SHINGLE_WORDS} consecutive words, each occurrence
 * counted. Written as 16 lower-case hex digits (a JSON number would lose bits in JavaScript); compare two
 * with {@link #distance}: {@value #NEAR_DUPLICATE_DISTANCE} bits or fewer means near duplicates (see
 * {@code docs/duplicates.md} for the measurements behind that number and other choices).
 */
public final class SimHash {
    /** Words in a shingle. */
    public static final int SHINGLE_WORDS = 3;
    /** The largest {@link #distance} of two near duplicates. */
    public static final int NEAR_DUPLICATE_DISTANCE = 6;

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final long MIX = 0x9e3779b97f4a7c15L;
    /** The ASCII characters of words: letters and digits. */
    private static final boolean[] ASCII_WORD = new boolean[0x80];

    static {
        for (char c = 0; c < 0x80; c++) {
            ASCII_WORD[c] = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z';
        }
    }

    private SimHash() {}

    /** The fingerprint of {@code text}, normalized first; 0 for a text without words. */
    public static long of(CharSequence text) {
        return HashFeed.of(text).simhash();
    }

    /** The fingerprint of a text already in {@linkplain TextNormalizer normal form}. */
    static long ofNormalized(String normal) {
        Shingles shingles = new Shingles();
        normal.codePoints().forEach(shingles::add);
        return shingles.finish();
    }

    /** {@code simhash} as 16 lower-case hex digits. */
    public static String hex(long simhash) {
        return HexFormat.of().toHexDigits(simhash);
    }

    /** The fingerprint written by {@link #hex}. */
    public static long parse(String hex) {
        if (hex == null || hex.length() != 16) {
            throw new IllegalArgumentException("a simhash is 16 hex digits, not '" + hex + "'");
        }
        return HexFormat.fromHexDigitsToLong(hex);
    }

    /** Bits in which two fingerprints differ: 0 for the same text, about 32 for unrelated ones. */
    public static int distance(long a, long b) {
        return Long.bitCount(a ^ b);
    }

    /** {@link #distance(long, long)} of two fingerprints written by {@link #hex}. */
    public static int distance(String a, String b) {
        return distance(parse(a), parse(b));
    }

    private static boolean isWordChar(int cp) {
        return cp < 0x80 ? cp >= 'a' && cp <= 'z' || cp >= '0' && cp <= '9' || cp >= 'A' && cp <= 'Z'
                : Character.isLetterOrDigit(cp) || Character.getType(cp) == Character.NON_SPACING_MARK
                        || Character.getType(cp) == Character.COMBINING_SPACING_MARK;
    }

    /** Scripts written without spaces between words, where a character stands for a word. */
    private static boolean isUnspaced(int cp) {
        return cp >= 0x0E00 && (Character.isIdeographic(cp) || cp >= 0x3040 && cp <= 0x30FF
                || cp >= 0x0E00 && cp <= 0x0E7F);
    }

    /**
     * The shingles of a text read one code point at a time: words are hashed (FNV-1a) as they end, and each
     * run of {@value #SHINGLE_WORDS} word hashes votes.
     */
    static final class Shingles {
        private final BitVotes votes = new BitVotes();
        private long w1;
        private long w2;
        private long word;
        private boolean inWord;
        private int words;

        /** The next code point of the text. */
        void add(int cp) {
            if (!isWordChar(cp)) {
                if (inWord) {
                    endWord();
                }
            } else if (isUnspaced(cp)) {
                if (inWord) {
                    endWord();
                }
                shingle((FNV_OFFSET ^ cp) * FNV_PRIME);
            } else {
                if (!inWord) {
                    word = FNV_OFFSET;
                    inWord = true;
                }
                word = (word ^ cp) * FNV_PRIME;
            }
        }

        /**
         * {@code s[from, to)}, every one ASCII: {@link #add} without a call a character, and the shingles'
         * state in locals (the JIT's first tier keeps fields in memory, and a page's text is thousands of
         * words).
         */
        void addAscii(char[] s, int from, int to) {
            long word = this.word;
            boolean inWord = this.inWord;
            long w1 = this.w1;
            long w2 = this.w2;
            int words = this.words;
            long[] planes = votes.planes;
            long added = votes.added;
            for (int i = from; i < to; i++) {
                char c = s[i];
                if (ASCII_WORD[c]) {
                    if (!inWord) {
                        word = FNV_OFFSET;
                        inWord = true;
                    }
                    word = (word ^ c) * FNV_PRIME;
                } else if (inWord) {
                    inWord = false; // a word ends: the shingle it ends votes (as shingle() does)
                    if (++words >= SHINGLE_WORDS) {
                        BitVotes.count(planes, Murmur3.fmix((w1 * MIX + w2) * MIX + word));
                        added++;
                    }
                    w1 = w2;
                    w2 = word;
                }
            }
            this.word = word;
            this.inWord = inWord;
            this.w1 = w1;
            this.w2 = w2;
            this.words = words;
            votes.added = added;
        }

        /** The fingerprint of what was added; 0 for a text without words. */
        long finish() {
            if (inWord) {
                endWord();
            }
            if (words > 0 && words < SHINGLE_WORDS) {
                votes.add(Murmur3.fmix(w1 * MIX + w2)); // a text shorter than a shingle is its one shingle
            }
            return votes.majority();
        }

        private void endWord() {
            inWord = false;
            shingle(word);
        }

        private void shingle(long h) {
            words++;
            if (words >= SHINGLE_WORDS) {
                votes.add(Murmur3.fmix((w1 * MIX + w2) * MIX + h));
            }
            w1 = w2;
            w2 = h;
        }
    }

    /**
     * The 64 per-bit counts of the hashes added, kept bit-sliced (plane k holds bit k of every count), so
     * adding a hash is a few word operations instead of 64 additions.
     */
    private static final class BitVotes {
        final long[] planes = new long[32];
        long added;

        void add(long h) {
            count(planes, h);
            added++;
        }

        /** Adds {@code h}'s bits to the counts in {@code planes}: a ripple of carries through the planes. */
        static void count(long[] planes, long h) {
            long carry = h;
            for (int k = 0; carry != 0; k++) {
                long next = planes[k] & carry;
                planes[k] ^= carry;
                carry = next;
            }
        }

        /** Bit b set when more than half the hashes had it set. */
        long majority() {
            long result = 0;
            for (int b = 0; b < 64; b++) {
                long count = 0;
                for (int k = 0; k < planes.length; k++) {
                    count |= ((planes[k] >>> b) & 1L) << k;
                }
                if (2 * count > added) {
                    result |= 1L << b;
                }
            }
            return result;
        }
    }
}
