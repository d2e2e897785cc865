package org.kcrawl.common.kafka;

import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;

/** Which failures of a transactional producer leave it unusable, so that only a new producer goes on. */
final class TransactionErrors {
    private TransactionErrors() {}

    /**
     * True for the errors after which the producer can neither commit nor abort (it was fenced by a newer
     * one of its transactional id, or by its coordinator after the transaction timed out; the broker lacks
     * transactions; its sequence broke), and for a producer found in the wrong state.
     */
    static boolean isFatal(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ProducerFencedException || t instanceof InvalidProducerEpochException
                    || t instanceof OutOfOrderSequenceException || t instanceof UnsupportedVersionException
                    || t instanceof TransactionalIdAuthorizationException || t instanceof AuthorizationException
                    || t instanceof IllegalStateException) {
                return true;
            }
        }
        return false;
    }
}
