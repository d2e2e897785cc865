package org.kcrawl.parser.dedup;

/**
 * A fast 64-bit hash of a URL for the parser's {@link FingerprintSet} of published links. That set lives
 * only in one parser's memory, so unlike the fetcher's persisted seen-set fingerprints (SHA-256, which
 * must never change) its hash can be chosen for speed: a page yields a hundred links, and SHA-256 of
 * each cost more than judging them. The characters are mixed one at a time by multiplication and
 * finished with MurmurHash3's 64-bit avalanche, so every bit depends on every character; collisions are
 * as rare as for any well-mixed 64-bit value (a collision only means one link is published again or,
 * at one in 2^64, suppressed once on one page).
 */
public final class LinkHash {
    private LinkHash() {}

    /** The hash of {@code url}. */
    public static long of(String url) {
        long h = 0x9E3779B97F4A7C15L ^ url.length();
        for (int i = 0; i < url.length(); i++) {
            h = (h ^ url.charAt(i)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 29;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return h;
    }
}
