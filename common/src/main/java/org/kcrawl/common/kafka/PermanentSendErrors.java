package org.kcrawl.common.kafka;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;

/**
 * Sorts producer failures into the ones no retry can fix (the record itself is refused) and the
 * rest (broker unavailable, timeouts), by exception type.
 */
final class PermanentSendErrors {
    private PermanentSendErrors() {}

    /** True when {@code error} means this output can never be published. */
    static boolean isPermanent(Throwable error) {
        Throwable cause = unwrap(error);
        return cause instanceof RecordTooLargeException
                || cause instanceof RecordBatchTooLargeException
                || cause instanceof InvalidRecordException
                || cause instanceof SerializationException;
    }

    /** The cause under the future wrappers. */
    static Throwable unwrap(Throwable error) {
        Throwable t = error;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
