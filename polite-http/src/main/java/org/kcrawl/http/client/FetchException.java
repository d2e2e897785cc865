package org.kcrawl.http.client;

import org.kcrawl.common.message.FailureReason;

/**
 * A fetch that ended without a usable response, classified at the point where the cause is known
 * (by exception type and protocol state, never by message text).
 *
 * <p>Not final: {@link FetchRejectedException} marks fetches the client refused for reasons of its own.
 */
public class FetchException extends Exception {
    private static final long serialVersionUID = 1L;

    private final FailureReason reason;
    private final Integer status;

    public FetchException(FailureReason reason, String detail, Integer status, Throwable cause) {
        super(detail, cause);
        this.reason = reason;
        this.status = status;
    }

    public FetchException(FailureReason reason, String detail) {
        this(reason, detail, null, null);
    }

    /** The classified reason. */
    public FailureReason reason() {
        return reason;
    }

    /** The HTTP status if a response had started, else null. */
    public Integer status() {
        return status;
    }
}
