package org.kcrawl.parser.content.hash;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A page's exact-duplicate hash, {@code text_hash}: the first 128 bits of the SHA-256 of the UTF-8 bytes
 * of its main text's {@linkplain TextNormalizer normal form}, as 32 lower-case hex digits. Anyone can
 * recompute it from the text (normalize, SHA-256, keep 16 bytes), and at 128 bits two different texts of
 * a crawl never share one in practice.
 */
public final class TextHash {
    /** Bytes of the digest kept. */
    static final int BYTES = 16;

    private TextHash() {}

    /** The hash of {@code text}, normalized first. */
    public static String of(CharSequence text) {
        return ofNormalized(TextNormalizer.normalForm(text));
    }

    /** The hash of a text already in {@linkplain TextNormalizer normal form}. */
    static String ofNormalized(TextNormalizer.Normal normal) {
        byte[] utf8;
        if (normal.ascii()) {
            utf8 = new byte[normal.length()]; // ASCII is its own UTF-8
            char[] c = normal.chars();
            for (int i = 0; i < utf8.length; i++) {
                utf8[i] = (byte) c[i];
            }
        } else {
            utf8 = new String(normal.chars(), 0, normal.length()).getBytes(StandardCharsets.UTF_8);
        }
        byte[] digest = sha256().digest(utf8);
        return HexFormat.of().formatHex(digest, 0, BYTES);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
