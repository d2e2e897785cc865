package org.kcrawl.fetcher.politeness;

/**
 * A {@link HostTask} that carries the host, partition and ownership epoch it was created for, which
 * the scheduler reads to queue it and to cancel it when the partition moves.
 */
public abstract class AbstractHostTask implements HostTask {
    private final String host;
    private final int partition;
    private final long epoch;

    /** A task of {@code host} for the urls {@code partition} as owned in {@code epoch}. */
    protected AbstractHostTask(String host, int partition, long epoch) {
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("host must not be empty");
        }
        if (partition < 0) {
            throw new IllegalArgumentException("partition must not be negative but was " + partition);
        }
        this.host = host;
        this.partition = partition;
        this.epoch = epoch;
    }

    @Override
    public final String host() {
        return host;
    }

    @Override
    public final int partition() {
        return partition;
    }

    @Override
    public final long epoch() {
        return epoch;
    }
}
