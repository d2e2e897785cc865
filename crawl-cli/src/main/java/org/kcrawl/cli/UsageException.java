package org.kcrawl.cli;

/** A mistake in what the user typed: reported as one line on stderr with exit code 2. */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
