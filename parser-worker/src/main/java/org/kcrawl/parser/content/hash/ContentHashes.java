package org.kcrawl.parser.content.hash;

/**
 * The duplicate-content signals of a page's main text, as the record carries them.
 *
 * @param textHash exact-duplicate hash ({@link TextHash}): 32 hex digits, equal for texts equal once
 *                 {@linkplain TextNormalizer normalized}
 * @param simhash near-duplicate fingerprint ({@link SimHash}): 16 hex digits, near duplicates within
 *                {@value SimHash#NEAR_DUPLICATE_DISTANCE} bits
 */
public record ContentHashes(String textHash, String simhash) {
    /** The hashes of {@code mainText}, normalized once for both; null when it has no text (blank or null). */
    public static ContentHashes of(CharSequence mainText) {
        HashFeed feed = HashFeed.of(mainText);
        if (feed.isEmpty()) {
            return null;
        }
        return new ContentHashes(feed.textHash(), SimHash.hex(feed.simhash()));
    }

    /** Bits in which the two pages' simhashes differ. */
    public int distance(ContentHashes other) {
        return SimHash.distance(simhash, other.simhash);
    }

    /** True when the two pages' texts are the same once normalized, or near duplicates by their simhashes. */
    public boolean nearDuplicateOf(ContentHashes other) {
        return textHash.equals(other.textHash) || distance(other) <= SimHash.NEAR_DUPLICATE_DISTANCE;
    }
}
