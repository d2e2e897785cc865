package org.kcrawl.http.client;

import org.kcrawl.common.message.FailureReason;

/**
 * A fetch the client refused or abandoned for a reason of its own, not the server's: the caller
 * exceeded the in-flight caps it agreed to, the body found no memory in time, or the client was closed. The URL itself is not at
 * fault, so the caller should requeue it rather than record a failure. Its reason is
 * {@link FailureReason#INTERNAL} for callers that only look at the reason.
 */
public final class FetchRejectedException extends FetchException {
    private static final long serialVersionUID = 1L;

    /** Why the client refused. */
    public enum Kind {
        /** Starting it would have exceeded maxConnections or maxConnectionsPerHost fetches in flight. */
        CAPACITY,
        /** The body could not get the memory it needed in time (see {@link BodyMemory}). */
        MEMORY,
        /** The client is closed or closing. */
        CLOSED
    }

    private final Kind kind;

    public FetchRejectedException(Kind kind, String detail) {
        super(FailureReason.INTERNAL, detail);
        if (kind == null) {
            throw new IllegalArgumentException("kind must not be null");
        }
        this.kind = kind;
    }

    /** Why the client refused. */
    public Kind kind() {
        return kind;
    }
}
