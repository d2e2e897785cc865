package org.kcrawl.archiver;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Finds where the whole gzip members of a file end (RFC 1952): a WARC file written a record a member is
 * whole up to the end of its last member whose trailer was written and whose CRC-32 and length match.
 * A reader of WARC records cannot tell that (it reads a record's body without its trailer), and the
 * recovery of a file an archiver died writing must never cut a record that was synced whole.
 */
final class GzipMembers {
    private static final int FTEXT_FHCRC = 0x02;
    private static final int FEXTRA = 0x04;
    private static final int FNAME = 0x08;
    private static final int FCOMMENT = 0x10;

    private GzipMembers() {}

    /** The length of {@code file}'s prefix made of whole, valid gzip members (0 when the first is not). */
    static long wholeLength(Path file) throws IOException {
        byte[] buf = new byte[64 * 1024];
        byte[] out = new byte[64 * 1024];
        long whole = 0;
        try (PushbackInputStream in = new PushbackInputStream(
                new BufferedInputStream(Files.newInputStream(file), 64 * 1024), buf.length)) {
            while (true) {
                int first = in.read();
                if (first < 0) {
                    return whole;
                }
                long header = header(first, in);
                if (header < 0) {
                    return whole;
                }
                Inflater inflater = new Inflater(true);
                CRC32 crc = new CRC32();
                try {
                    int lastRead = 0;
                    while (!inflater.finished()) {
                        if (inflater.needsInput()) {
                            lastRead = in.read(buf);
                            if (lastRead < 0) {
                                return whole;
                            }
                            inflater.setInput(buf, 0, lastRead);
                        }
                        int n = inflater.inflate(out);
                        crc.update(out, 0, n);
                        if (n == 0 && (inflater.needsDictionary() || (!inflater.finished() && !inflater.needsInput()))) {
                            return whole;
                        }
                    }
                    int left = inflater.getRemaining();
                    if (left > 0) {
                        in.unread(buf, lastRead - left, left);
                    }
                    long deflated = inflater.getBytesRead();
                    long size = inflater.getBytesWritten();
                    byte[] trailer = in.readNBytes(8);
                    if (trailer.length < 8 || le32(trailer, 0) != crc.getValue()
                            || le32(trailer, 4) != (size & 0xFFFF_FFFFL)) {
                        return whole;
                    }
                    whole += header + deflated + 8;
                } catch (DataFormatException e) {
                    return whole;
                } finally {
                    inflater.end();
                }
            }
        }
    }

    /** Reads a member header whose first byte was {@code first}; its length, or -1 when it is not one or cut. */
    private static long header(int first, InputStream in) throws IOException {
        byte[] fixed = in.readNBytes(9);
        if (first != 0x1f || fixed.length < 9 || (fixed[0] & 0xFF) != 0x8b || fixed[1] != 8) {
            return -1;
        }
        int flags = fixed[2] & 0xFF;
        long length = 10;
        if ((flags & FEXTRA) != 0) {
            byte[] xlen = in.readNBytes(2);
            if (xlen.length < 2) {
                return -1;
            }
            int n = (xlen[0] & 0xFF) | (xlen[1] & 0xFF) << 8;
            if (in.readNBytes(n).length < n) {
                return -1;
            }
            length += 2 + n;
        }
        for (int flag : new int[] {FNAME, FCOMMENT}) {
            if ((flags & flag) != 0) {
                int c;
                do {
                    c = in.read();
                    length++;
                } while (c > 0);
                if (c < 0) {
                    return -1;
                }
            }
        }
        if ((flags & FTEXT_FHCRC) != 0) {
            if (in.readNBytes(2).length < 2) {
                return -1;
            }
            length += 2;
        }
        return length;
    }

    private static long le32(byte[] b, int at) {
        return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
    }
}
