package org.kcrawl.common.message;

import java.nio.charset.StandardCharsets;

/**
 * The wire form of a seen-set entry on the compacted seen topic: key = the URL fingerprint as 16
 * lower-case hex digits, value = a one-byte marker (a null value would be a tombstone and delete it).
 */
public final class SeenMarkers {
    /** The value of every marker. */
    private static final byte[] COMPLETED = "1".getBytes(StandardCharsets.US_ASCII);
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private SeenMarkers() {}

    /** The record key of {@code fingerprint}. */
    public static String key(long fingerprint) {
        char[] out = new char[16];
        for (int i = 15; i >= 0; i--) {
            out[i] = HEX[(int) (fingerprint & 0xF)];
            fingerprint >>>= 4;
        }
        return new String(out);
    }

    /** The fingerprint in a record key; throws naming the key when it is not 16 hex digits. */
    public static long fingerprint(String key) {
        if (key == null || key.length() != 16) {
            throw new IllegalArgumentException("seen key must be 16 hex digits but was '" + key + "'");
        }
        try {
            return Long.parseUnsignedLong(key, 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seen key must be 16 hex digits but was '" + key + "'", e);
        }
    }

    /** The marker value; a fresh copy, since producers may hold on to it. */
    public static byte[] value() {
        return COMPLETED.clone();
    }
}
