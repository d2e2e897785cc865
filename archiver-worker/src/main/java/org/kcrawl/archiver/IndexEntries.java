package org.kcrawl.archiver;

import java.io.IOException;
import org.kcrawl.common.message.FetchedPage;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

/**
 * The CDXJ entries of capture records: a response (its MIME type, status and payload digest) or a
 * revisit (pywb's {@code warc/revisit}); requests and warcinfo records are not indexed. The same entry
 * whether made from the page being written or from a record read back (the recovery of a file).
 */
final class IndexEntries {
    /** The MIME type pywb gives revisit records in an index. */
    static final String REVISIT_MIME = "warc/revisit";

    private IndexEntries() {}

    /** The entry of the main record of {@code page} (response or revisit) whose payload digest is {@code digest}. */
    static WarcFile.IndexEntry of(FetchedPage page, WarcRecord main) {
        String digest = main instanceof WarcResponse r ? r.payloadDigest().map(WarcDigest::prefixedBase32).orElse(null)
                : null;
        // A rendered page's own type is its DOM's; the response record holds what the server sent, and its type.
        String mime = page.notModified() ? REVISIT_MIME
                : mediaType(page.rendered() ? headerOf(page.capture().response(), "content-type") : page.contentType());
        return new WarcFile.IndexEntry(page.requestedUrl(), main.date(), mime, page.status(), digest);
    }

    /** The entry of a record read back, or null when it is no capture record. */
    static WarcFile.IndexEntry of(WarcRecord record) throws IOException {
        if (record instanceof WarcResponse r) {
            return new WarcFile.IndexEntry(r.target(), r.date(), mediaType(r.http().contentType().toString()),
                    r.http().status(), r.payloadDigest().map(WarcDigest::prefixedBase32).orElse(null));
        }
        if (record instanceof WarcRevisit v) {
            return new WarcFile.IndexEntry(v.target(), v.date(), REVISIT_MIME, v.http().status(), null);
        }
        return null;
    }

    /** The value of header {@code name} (lower case) in a response head, or null when it has none. */
    private static String headerOf(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon == name.length() && line.regionMatches(true, 0, name, 0, colon)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    private static String mediaType(String contentType) {
        if (contentType == null) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return type.isEmpty() ? null : type.toLowerCase(java.util.Locale.ROOT);
    }
}
