package org.kcrawl.render.cdp;

/** A DevTools command that did not succeed: the browser answered with an error, did not answer in time, or went away. */
public final class CdpException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** How the command failed. */
    public enum Kind {
        /** The browser answered with a protocol error (the message says which). */
        PROTOCOL,
        /** No answer within the command timeout: the target the command went to (a tab, or the browser) may be hung. */
        TIMEOUT,
        /** The connection to the browser closed before the answer came. */
        CLOSED,
        /** The answer was longer than the largest message accepted, and skipped. */
        TOO_LARGE
    }

    private final Kind kind;

    /** A failure of {@code kind}, with {@code message} naming the command. */
    public CdpException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    /** How the command failed. */
    public Kind kind() {
        return kind;
    }
}
