package org.kcrawl.common.url;

import java.util.Locale;

/** A URL the normalizer refuses, with the classified problem and the offending input. */
public final class InvalidUrlException extends Exception {
    private static final long serialVersionUID = 1L;
    private static final int MAX_QUOTED = 200;

    /** Why a URL was refused. A bounded set, so callers can count by it. */
    public enum Problem {
        /** A scheme other than http or https (mailto:, javascript:, data:, ftp:, ...). */
        UNSUPPORTED_SCHEME,
        /** Longer than the normalizer accepts. */
        TOO_LONG,
        /** Not a usable absolute URL: no authority, a bad host or port, an undecodable host. */
        MALFORMED
    }

    private final Problem problem;
    private final String url;

    public InvalidUrlException(Problem problem, String url, String detail) {
        super(problem.name().toLowerCase(Locale.ROOT) + ": " + detail + ": " + quote(url));
        this.problem = problem;
        this.url = url;
    }

    /** The classification. */
    public Problem problem() {
        return problem;
    }

    /** The refused input, as given. */
    public String url() {
        return url;
    }

    private static String quote(String url) {
        if (url == null) {
            return "null";
        }
        return url.length() <= MAX_QUOTED ? url : url.substring(0, MAX_QUOTED) + "...";
    }
}
