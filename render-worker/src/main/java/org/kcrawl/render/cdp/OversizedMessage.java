package org.kcrawl.render.cdp;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DevTools message skipped for its size: its first bytes, which name the command an answer is for (Chromium
 * writes an answer's id first), and its length so far.
 */
final class OversizedMessage {
    private static final Pattern ID = Pattern.compile("^\\{\\s*\"id\"\\s*:\\s*(\\d{1,18})[,}]");
    private static final int HEAD = 64;

    private final String head;
    private long bytes;

    /** A message of which {@code read} has been read. */
    OversizedMessage(byte[] read) {
        this.head = new String(read, 0, Math.min(read.length, HEAD), StandardCharsets.ISO_8859_1);
        this.bytes = read.length;
    }

    /** {@code n} more bytes of it were read and dropped. */
    void skipped(int n) {
        bytes += n;
    }

    /** Its length so far. */
    long bytes() {
        return bytes;
    }

    /** The id of the command the message answers, or -1 when it is an event or its head does not say. */
    long id() {
        Matcher m = ID.matcher(head);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
