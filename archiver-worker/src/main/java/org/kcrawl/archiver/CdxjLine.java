package org.kcrawl.archiver;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.kcrawl.common.message.MessageCodec;
import org.netpreserve.jwarc.URIs;

/**
 * One line of a CDXJ index (as pywb and OutbackCDX read them): the URL's SURT key, the capture's
 * 14-digit timestamp, and a JSON block with the URL, MIME type, status, payload digest, and where the
 * record sits in its file (compressed offset and length, file name).
 */
final class CdxjLine {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);

    private CdxjLine() {}

    /**
     * The line of a capture of {@code url} at {@code date}; {@code mime} for a revisit is pywb's
     * {@code warc/revisit}. Null values are left out of the JSON block.
     */
    static String of(String url, Instant date, String mime, int status, String digest, long offset, long length,
                     String filename) {
        ObjectNode json = MessageCodec.get().mapper().createObjectNode();
        json.put("url", url);
        if (mime != null) {
            json.put("mime", mime);
        }
        if (status > 0) {
            json.put("status", Integer.toString(status));
        }
        if (digest != null) {
            json.put("digest", digest);
        }
        json.put("length", Long.toString(length));
        json.put("offset", Long.toString(offset));
        json.put("filename", filename);
        return URIs.toNormalizedSurt(url) + " " + STAMP.format(date) + " " + json;
    }
}
