package org.kcrawl.cli.admin;

/** A mistake in an admin command line: reported as one line on stderr with exit code 2. */
final class AdminUsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AdminUsageException(String message) {
        super(message);
    }
}
