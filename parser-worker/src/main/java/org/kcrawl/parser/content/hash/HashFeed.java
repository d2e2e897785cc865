package org.kcrawl.parser.content.hash;

/**
 * Both hashes of a text from one reading of its {@linkplain TextNormalizer normal form}: the bytes go to
 * {@link Murmur3} ({@code text_hash}), the code points to {@link SimHash.Shingles} ({@code simhash}).
 */
final class HashFeed {
    private final Murmur3 exact = new Murmur3();
    private final SimHash.Shingles near = new SimHash.Shingles();
    private final int normalLength;

    private HashFeed(CharSequence text) {
        TextNormalizer.Normal normal = TextNormalizer.normalForm(text);
        char[] s = normal.chars();
        int n = normal.length();
        normalLength = n;
        if (normal.ascii()) {
            exact.addAscii(s, 0, n);
            near.addAscii(s, 0, n);
            return;
        }
        int i = 0;
        while (i < n) {
            int run = i;
            while (run < n && s[run] < 0x80) {
                run++;
            }
            if (run > i) { // most of a text outside ASCII is still ASCII: its runs go the fast way
                exact.addAscii(s, i, run);
                near.addAscii(s, i, run);
                i = run;
                continue;
            }
            int cp = Character.codePointAt(s, i, n);
            exact.addUtf8(cp);
            near.add(cp);
            i += Character.charCount(cp);
        }
    }

    /** The hashes of {@code text} (null reads as empty). */
    static HashFeed of(CharSequence text) {
        return new HashFeed(text);
    }

    /** True when the normal form has no character. */
    boolean isEmpty() {
        return normalLength == 0;
    }

    String textHash() {
        return exact.hex();
    }

    long simhash() {
        return near.finish();
    }
}
