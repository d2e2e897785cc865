package org.kcrawl.parser.html;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.util.function.LongSupplier;

/**
 * A reader that reports end of input once a deadline has passed. jsoup reads its input in chunks,
 * so wrapping the decoded body in this reader bounds the time one pathological page can hold a core:
 * the parse ends with the document built so far.
 */
final class DeadlineReader extends FilterReader {
    private final LongSupplier nanoClock;
    private final long deadlineNanos;
    private boolean expired;

    DeadlineReader(Reader in, LongSupplier nanoClock, long deadlineNanos) {
        super(in);
        this.nanoClock = nanoClock;
        this.deadlineNanos = deadlineNanos;
    }

    @Override
    public int read() throws IOException {
        if (checkExpired()) {
            return -1;
        }
        return super.read();
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        if (checkExpired()) {
            return -1;
        }
        return super.read(buf, off, len);
    }

    /** True once a read found the deadline passed. */
    boolean expired() {
        return expired;
    }

    private boolean checkExpired() {
        if (!expired && nanoClock.getAsLong() - deadlineNanos >= 0) {
            expired = true;
        }
        return expired;
    }
}
