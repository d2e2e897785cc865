package org.kcrawl.common.kafka;

import org.apache.kafka.common.KafkaException;

/**
 * An output transaction could not commit and is gone (aborted, or its producer replaced): every record
 * whose outputs it held must be handled again.
 */
public final class TransactionFailedException extends KafkaException {
    private static final long serialVersionUID = 1L;

    public TransactionFailedException(String outcome, Throwable cause) {
        super("the output transaction failed (" + outcome + "): " + cause, cause);
    }
}
