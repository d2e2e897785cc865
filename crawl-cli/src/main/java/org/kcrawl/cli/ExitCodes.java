package org.kcrawl.cli;

/** The exit codes scripts can rely on. */
final class ExitCodes {
    /** The crawl drained or hit its limit. */
    static final int OK = 0;
    /** Something failed at run time (the message says what). */
    static final int FAILED = 1;
    /** Bad options, URLs or configuration. */
    static final int USAGE = 2;
    /** Stopped by Ctrl-C or SIGTERM; what was written is kept. */
    static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
