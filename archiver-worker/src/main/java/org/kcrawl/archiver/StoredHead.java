package org.kcrawl.archiver;

import java.util.Locale;
import java.util.Set;

/**
 * The response head a WARC response record stores before the body the fetcher kept. The fetcher keeps
 * bodies as the page's content: de-chunked, and inflated when gzip or deflate encoded. A head that still
 * said {@code Transfer-Encoding: chunked} or {@code Content-Encoding: gzip} would make every WARC reader
 * decode the stored body a second time, so those fields, and the {@code Content-Length} that counted the
 * encoded bytes, keep their values under an {@code X-Crawler-} name (as StormCrawler's WARC module
 * does), and a {@code Content-Length} of the stored body is added. A head whose body went over the wire
 * as stored (no transfer or content coding) is kept byte for byte.
 */
final class StoredHead {
    /** The content codings the fetcher decodes (its ContentDecompressor's). */
    private static final Set<String> DECODED = Set.of("gzip", "x-gzip", "deflate", "x-deflate");
    private static final String RENAMED = "X-Crawler-";

    private StoredHead() {}

    /** {@code head} (a status line, header lines, the empty line) as it goes before {@code bodyLength} stored bytes. */
    static String of(String head, int bodyLength) {
        if (!needsRewrite(head)) {
            return head;
        }
        StringBuilder out = new StringBuilder(head.length() + 64);
        int at = 0;
        boolean first = true;
        while (at < head.length()) {
            int nl = head.indexOf('\n', at);
            int end = nl < 0 ? head.length() : nl + 1;
            String line = head.substring(at, end);
            at = end;
            String bare = line.strip();
            if (bare.isEmpty()) {
                out.append("Content-Length: ").append(bodyLength).append("\r\n");
                out.append(line);
                continue;
            }
            if (!first && renames(bare)) {
                out.append(RENAMED);
            }
            first = false;
            out.append(line);
        }
        return out.toString();
    }

    /** True when the head names a transfer coding or a content coding the fetcher decoded. */
    private static boolean needsRewrite(String head) {
        int at = head.indexOf('\n');
        while (at >= 0 && at + 1 < head.length()) {
            int nl = head.indexOf('\n', at + 1);
            String line = head.substring(at + 1, nl < 0 ? head.length() : nl).strip();
            if (line.isEmpty()) {
                return false;
            }
            String name = name(line);
            if (name.equals("transfer-encoding") || (name.equals("content-encoding") && DECODED.contains(value(line)))) {
                return true;
            }
            at = nl;
        }
        return false;
    }

    /** True for the framing fields that no longer describe the stored body. */
    private static boolean renames(String line) {
        String name = name(line);
        return name.equals("transfer-encoding") || name.equals("content-length")
                || (name.equals("content-encoding") && DECODED.contains(value(line)));
    }

    private static String name(String line) {
        int colon = line.indexOf(':');
        return colon < 0 ? "" : line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
    }

    private static String value(String line) {
        int colon = line.indexOf(':');
        return colon < 0 ? "" : line.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
    }
}
