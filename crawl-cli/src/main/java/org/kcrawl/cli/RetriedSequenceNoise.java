package org.kcrawl.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.slf4j.Marker;

/**
 * Keeps one retried broker error off the crawl's terminal: a producer's batches to one partition may reach
 * the broker out of order (several requests in flight; with transactions version 2, KIP-890, the second
 * batch of a transaction before its first), and the broker refuses the early one with an out-of-order
 * sequence error the producer retries, with success (KAFKA-18202). The embedded broker logs each refusal
 * at ERROR with a stack trace, tens of them per crawl, though nothing failed. A refusal the producer cannot
 * get past fails its transaction, which the worker reports itself; every other error of the broker shows.
 */
public final class RetriedSequenceNoise extends TurboFilter {
    private static final String REPLICA_MANAGER = "kafka.server.ReplicaManager";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        if (t instanceof OutOfOrderSequenceException && REPLICA_MANAGER.equals(logger.getName())) {
            return FilterReply.DENY;
        }
        return FilterReply.NEUTRAL;
    }
}
