package org.kcrawl.cli.io;

import java.io.IOException;

/**
 * A {@link LineOutput} can no longer be written: its reader went away (a closed pipe, as in
 * {@code crawl --out - | head}) or its file failed (a full disk, a missing permission).
 *
 * <p>Which of the two is decided by what the output is, not by the error's text: Java has no
 * exception type for EPIPE, and the text of the one it throws depends on the platform and the locale.
 * A write that fails on a pipe (FIFO) or a socket means the reader is gone; one that fails on anything
 * else (a full disk, {@code /dev/full}) is a failure to report.
 */
public final class OutputWriteException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String output;
    private final boolean readerGone;

    OutputWriteException(String output, boolean readerGone, IOException cause) {
        super(readerGone ? output + " was closed by its reader"
                : "cannot write " + output + ": " + describe(cause), cause);
        this.output = output;
        this.readerGone = readerGone;
    }

    /** The output, as a person would name it: {@code stdout} or the file's path. */
    public String output() {
        return output;
    }

    /** True when the output's reader went away (nobody reads any more), false when writing failed. */
    public boolean readerGone() {
        return readerGone;
    }

    /**
     * Whether to tell the user on stderr: always when writing failed; when the reader went away only if
     * stderr is a terminal, since a pipeline's own stderr is not the place for what its reader chose.
     */
    public boolean worthTelling(boolean stderrIsTerminal) {
        return !readerGone || stderrIsTerminal;
    }

    private static String describe(IOException cause) {
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
