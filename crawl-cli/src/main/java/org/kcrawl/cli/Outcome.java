package org.kcrawl.cli;

/** Why a local crawl stopped: the word its last progress line starts with, and the exit code. */
enum Outcome {
    DRAINED("drained", ExitCodes.OK),
    LIMIT_REACHED("limit reached", ExitCodes.OK),
    INTERRUPTED("interrupted", ExitCodes.INTERRUPTED),
    /** The reader of an output went away (a closed pipe). */
    OUTPUT_CLOSED("output closed", ExitCodes.OUTPUT_CLOSED),
    /** An output file could not be written. */
    OUTPUT_FAILED("output failed", ExitCodes.FAILED);

    private final String label;
    private final int exitCode;

    Outcome(String label, int exitCode) {
        this.label = label;
        this.exitCode = exitCode;
    }

    /** How the final progress line names it, e.g. "drained". */
    String label() {
        return label;
    }

    int exitCode() {
        return exitCode;
    }

    /**
     * What stands when {@code next} happens after {@code current} (null for none yet): the first reason to
     * stop, except that a failure after a success wins, so a crawl that drained but could not write its
     * last lines does not exit 0.
     */
    static Outcome settle(Outcome current, Outcome next) {
        if (current == null) {
            return next;
        }
        boolean failureAfterSuccess = current.exitCode == ExitCodes.OK && next.exitCode != ExitCodes.OK;
        return failureAfterSuccess ? next : current;
    }
}
