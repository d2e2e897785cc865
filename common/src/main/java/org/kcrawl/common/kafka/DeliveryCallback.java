package org.kcrawl.common.kafka;

import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A send callback that also hears when the broker has the record. At least once the two are one moment
 * and only {@link #onCompletion} runs; exactly once {@link #onCompletion} runs when the record is in the
 * transaction (no offset yet) and {@link #delivered} when the broker acknowledged it, with its offset:
 * what a store that checkpoints by offset needs.
 */
public interface DeliveryCallback extends Callback {
    /** The broker acknowledged the record ({@code error} null) or never will. */
    void delivered(RecordMetadata metadata, Exception error);
}
