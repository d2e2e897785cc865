package org.kcrawl.common.runtime;

/**
 * A command line that cannot be understood (a worker's, the crawl command's or an admin command's): reported
 * as one line on stderr with exit code 2; the message says which argument is wrong and how.
 */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
