package org.kcrawl.common.kafka;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/** Adapts the producer's callback API to futures, so "all outputs acknowledged" is one allOf. */
public final class Sends {
    private Sends() {}

    /** Sends {@code record}; the future completes when the broker acknowledged it (acks=all). */
    public static CompletableFuture<RecordMetadata> send(Producer<String, byte[]> producer,
                                                         ProducerRecord<String, byte[]> record) {
        CompletableFuture<RecordMetadata> f = new CompletableFuture<>();
        try {
            producer.send(record, (metadata, error) -> {
                if (error != null) {
                    f.completeExceptionally(error);
                } else {
                    f.complete(metadata);
                }
            });
        } catch (RuntimeException e) {
            // send() throws directly for serialization and buffer errors; surface them the same way.
            f.completeExceptionally(e);
        }
        return f;
    }

    /** Completes when every future has; fails when any fails. */
    public static CompletableFuture<Void> all(List<? extends CompletableFuture<?>> futures) {
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
    }
}
