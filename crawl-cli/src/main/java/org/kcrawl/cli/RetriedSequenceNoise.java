package org.kcrawl.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.slf4j.Marker;

/**
 * Keeps one retried broker error off the crawl's terminal: with transactions (version 2, KIP-890), a
 * producer's second batch to a partition may reach the broker before its first, and the broker refuses
 * it (the partition has no state for the producer yet) with an error the producer retries and that
 * always succeeds on the retry (KAFKA-18202). The embedded broker logs each refusal at ERROR with a stack
 * trace, tens of them per crawl, though nothing failed. Any other error of the broker still shows.
 */
public final class RetriedSequenceNoise extends TurboFilter {
    private static final String REPLICA_MANAGER = "kafka.server.ReplicaManager";
    private static final String RETRIED = "idempotent producer with no existing state";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        if (t instanceof OutOfOrderSequenceException && REPLICA_MANAGER.equals(logger.getName())
                && t.getMessage() != null && t.getMessage().contains(RETRIED)) {
            return FilterReply.DENY;
        }
        return FilterReply.NEUTRAL;
    }
}
