package org.kcrawl.archiver;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.kcrawl.common.message.Capture;
import org.kcrawl.common.message.FetchedPage;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.netpreserve.jwarc.Warcinfo;

/**
 * The WARC 1.1 records of one fetched page: a {@code request} (the request head as sent) and a
 * {@code response} (the response head as received, see {@link StoredHead}, then the body as kept), or,
 * for a recrawl's 304, a {@code request} and a {@code revisit} of profile server-not-modified that refers
 * to the earlier capture's date; a page a browser rendered adds a {@code conversion} record with its DOM
 * after the response, which holds the document as the server sent it. Each carries SHA-1 block and payload digests (base32, as the WARC
 * guidelines write them), the address dialed, and {@code WARC-Truncated: length} when the body was cut
 * at the fetcher's size cap or not read (a type fetched as metadata only). The capture's date is when the
 * fetch completed, the {@code fetched_at} of the page, its record and its URL status: a revisit's
 * {@code WARC-Refers-To-Date} is the previous fetch's {@code fetched_at}, so it names the earlier
 * response's {@code WARC-Date} exactly, as replay tools look the original up by URL and date.
 */
final class WarcRecords {
    /** The revisit profile of a 304 to a conditional request (WARC 1.1, section 6.7.2). */
    static final URI SERVER_NOT_MODIFIED = URI.create("http://netpreserve.org/warc/1.1/revisit/server-not-modified");

    private WarcRecords() {}

    /**
     * The records of {@code page}, which must carry its heads ({@link FetchedPage#capture}), each naming
     * {@code warcinfo} as its file's warcinfo record. Record IDs come from {@code ids}.
     */
    static List<WarcRecord> of(FetchedPage page, URI warcinfo, IdSource ids) throws IOException {
        Capture capture = page.capture();
        if (capture == null) {
            throw new IllegalArgumentException("page " + page.requestedUrl() + " carries no captured heads");
        }
        URI target = URI.create(page.requestedUrl());
        Instant date = page.fetchedAt();
        InetAddress ip = address(capture.ip());
        URI mainId = ids.next();
        WarcRecord main;
        if (page.notModified()) {
            main = revisit(page, capture, target, date, ip, warcinfo, mainId);
        } else if (page.rendered()) {
            main = response(page, capture.sourceBody(), capture.sourceTruncated(), capture, target, date, ip, warcinfo,
                    mainId);
        } else {
            main = response(page, page.body(), page.truncated(), capture, target, date, ip, warcinfo, mainId);
        }
        byte[] requestBlock = capture.request().getBytes(StandardCharsets.ISO_8859_1);
        WarcRequest.Builder request = new WarcRequest.Builder(target)
                .version(MessageVersion.WARC_1_1)
                .recordId(ids.next())
                .date(date)
                .warcinfoId(warcinfo)
                .concurrentTo(mainId)
                .body(MediaType.HTTP_REQUEST, requestBlock)
                .blockDigest(sha1(requestBlock));
        if (ip != null) {
            request.ipAddress(ip);
        }
        if (!page.rendered()) {
            return List.of(request.build(), main);
        }
        return List.of(request.build(), main, conversion(page, target, date, warcinfo, mainId, ids.next()));
    }

    /**
     * The DOM a browser built from the response {@code source}: a {@code conversion} record (WARC 1.1,
     * section 6.8) that refers to it, so a replay shows what the server sent and a reader finds what the
     * crawl parsed.
     */
    private static WarcRecord conversion(FetchedPage page, URI target, Instant date, URI warcinfo, URI source, URI id)
            throws IOException {
        byte[] dom = page.body();
        WarcConversion.Builder b = new WarcConversion.Builder()
                .version(MessageVersion.WARC_1_1)
                .addHeader("WARC-Target-URI", target.toString())
                .recordId(id)
                .date(date)
                .warcinfoId(warcinfo)
                .refersTo(source)
                .body(MediaType.parse(page.contentType()), dom)
                .blockDigest(sha1(dom))
                .payloadDigest(sha1(dom));
        if (page.truncated()) {
            b.truncated(WarcTruncationReason.LENGTH);
        }
        return b.build();
    }

    /** True when {@code page} can be archived as exchanged: it carries its heads, and a rendered page its source. */
    static boolean archivable(FetchedPage page) {
        Capture capture = page.capture();
        return capture != null && (!page.rendered() || capture.sourceBody() != null);
    }

    /** The {@code warcinfo} record that opens a file: {@code fields} as application/warc-fields, digested. */
    static Warcinfo warcinfo(String filename, java.util.Map<String, List<String>> fields, Instant date, URI id) {
        StringBuilder text = new StringBuilder();
        fields.forEach((name, values) -> values.forEach(v -> text.append(name).append(": ").append(v).append("\r\n")));
        byte[] block = text.toString().getBytes(StandardCharsets.UTF_8);
        return new Warcinfo.Builder()
                .version(MessageVersion.WARC_1_1)
                .recordId(id)
                .date(date)
                .filename(filename)
                .body(MediaType.WARC_FIELDS, block)
                .blockDigest(sha1(block))
                .build();
    }

    private static WarcRecord response(FetchedPage page, byte[] body, boolean truncated, Capture capture, URI target,
                                       Instant date, InetAddress ip, URI warcinfo, URI id) throws IOException {
        String stored = StoredHead.of(capture.response(), body.length);
        byte[] head = stored.getBytes(StandardCharsets.ISO_8859_1);
        byte[] block = new byte[head.length + body.length];
        System.arraycopy(head, 0, block, 0, head.length);
        System.arraycopy(body, 0, block, head.length, body.length);
        WarcResponse.Builder b = new WarcResponse.Builder(target)
                .version(MessageVersion.WARC_1_1)
                .recordId(id)
                .date(date)
                .warcinfoId(warcinfo)
                .body(MediaType.HTTP_RESPONSE, block)
                .blockDigest(sha1(block))
                .payloadDigest(sha1(body));
        if (ip != null) {
            b.ipAddress(ip);
        }
        if (truncated || skipped(page, body, stored)) {
            b.truncated(WarcTruncationReason.LENGTH);
        }
        return b.build();
    }

    private static WarcRecord revisit(FetchedPage page, Capture capture, URI target, Instant date, InetAddress ip,
                                      URI warcinfo, URI id) throws IOException {
        byte[] head = capture.response().getBytes(StandardCharsets.ISO_8859_1);
        WarcRevisit.Builder b = new WarcRevisit.Builder(target, SERVER_NOT_MODIFIED)
                .version(MessageVersion.WARC_1_1)
                .recordId(id)
                .date(date)
                .warcinfoId(warcinfo)
                .body(MediaType.HTTP_RESPONSE, head)
                .blockDigest(sha1(head));
        if (page.revisitOf() != null) {
            b.addHeader("WARC-Refers-To-Target-URI", target.toString());
            b.addHeader("WARC-Refers-To-Date", page.revisitOf().toString());
        }
        if (ip != null) {
            b.ipAddress(ip);
        }
        return b.build();
    }

    /**
     * True when the server announced more body than was kept though nothing was decoded: a type the
     * fetcher reads as metadata only (its body is not read at all).
     */
    private static boolean skipped(FetchedPage page, byte[] body, String storedHead) {
        String announced = page.headers().get("content-length");
        if (announced == null || storedHead.contains("X-Crawler-")) {
            return false;
        }
        try {
            return Long.parseLong(announced.trim()) > body.length;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static InetAddress address(String ip) {
        if (ip == null || ip.isBlank()) {
            return null;
        }
        try {
            // A literal: parsed, never resolved.
            return InetAddress.getByName(ip.startsWith("[") ? ip.substring(1, ip.length() - 1) : ip);
        } catch (IOException e) {
            return null;
        }
    }

    static WarcDigest sha1(byte[] data) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-1");
            d.update(data);
            return new WarcDigest(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    /** Where record IDs come from: random UUIDs in production, fixed ones in golden tests. */
    @FunctionalInterface
    interface IdSource {
        /** The next record ID. */
        URI next();

        /** Random {@code urn:uuid:} IDs. */
        IdSource RANDOM = () -> URI.create("urn:uuid:" + UUID.randomUUID());
    }
}
