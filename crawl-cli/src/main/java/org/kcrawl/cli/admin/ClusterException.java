package org.kcrawl.cli.admin;

/**
 * The cluster could not do what an admin command needed (unreachable, refused, a topic missing):
 * reported as one line on stderr with exit code 1.
 */
final class ClusterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ClusterException(String message) {
        super(message);
    }

    ClusterException(String message, Throwable cause) {
        super(message, cause);
    }
}
