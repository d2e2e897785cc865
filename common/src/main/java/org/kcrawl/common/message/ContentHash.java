package org.kcrawl.common.message;

import java.util.zip.CRC32C;

/**
 * The content hash a {@link UrlStatus} keeps of a body, to tell a changed page from an unchanged one
 * when the server gives no validators: {@code crc32c:} and the body's CRC-32C in 8 hex digits, then
 * {@code /} and its length. A change detector, not a cryptographic digest (WARC files carry SHA-1
 * digests of their own): CRC-32C is a CPU instruction, so hashing a 30 KB page costs a few
 * microseconds, which every fetched page can afford.
 */
public final class ContentHash {
    private ContentHash() {}

    /** The hash of {@code body}, or null when it is empty (nothing to compare). */
    public static String of(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        CRC32C crc = new CRC32C();
        crc.update(body, 0, body.length);
        String hex = Long.toHexString(crc.getValue());
        return "crc32c:" + "0".repeat(8 - hex.length()) + hex + "/" + body.length;
    }
}
