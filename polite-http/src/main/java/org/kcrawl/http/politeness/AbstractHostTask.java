package org.kcrawl.http.politeness;

import org.kcrawl.common.Checks;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;

/**
 * A {@link HostTask} that carries the host and the partition claim it was created for, which the
 * scheduler reads to queue it and to cancel it when the partition moves.
 */
public abstract class AbstractHostTask implements HostTask {
    private final String host;
    private final Claim claim;

    /** A task of {@code host} for the partition as owned under {@code claim}. */
    protected AbstractHostTask(String host, Claim claim) {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("host must not be empty");
        }
        this.host = host;
        this.claim = Checks.notNull(claim, "claim");
    }

    @Override
    public final String host() {
        return host;
    }

    @Override
    public final Claim claim() {
        return claim;
    }
}
