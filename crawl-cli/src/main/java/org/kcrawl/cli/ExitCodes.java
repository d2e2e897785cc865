package org.kcrawl.cli;

/** The exit codes scripts can rely on. */
public final class ExitCodes {
    /** The crawl drained or hit its limit. */
    public static final int OK = 0;
    /** Something failed at run time (the message says what). */
    public static final int FAILED = 1;
    /** Bad options, URLs or configuration. */
    public static final int USAGE = 2;
    /** Stopped by Ctrl-C or SIGTERM; what was written is kept. */
    public static final int INTERRUPTED = 130;
    /**
     * Stopped because the reader of the output went away ({@code crawl --out - | head}); what was written
     * is kept. 141 is what a shell reports for a process killed by SIGPIPE, which Java ignores.
     */
    public static final int OUTPUT_CLOSED = 141;

    private ExitCodes() {}
}
