package org.kcrawl.common.runtime;

/** A worker's command line that cannot be understood; the message says which argument is wrong. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
