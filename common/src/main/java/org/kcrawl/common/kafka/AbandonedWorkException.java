package org.kcrawl.common.kafka;

/**
 * Completes the stage of a record whose work was dropped on purpose (for example URLs still waiting
 * for their politeness slot when the worker stops). The record is neither retried nor committed: the
 * next owner of the partition receives it again.
 */
public final class AbandonedWorkException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AbandonedWorkException(String why) {
        super(why, null, false, false);
    }
}
