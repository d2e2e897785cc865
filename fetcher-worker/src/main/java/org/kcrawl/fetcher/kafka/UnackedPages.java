package org.kcrawl.fetcher.kafka;

import java.util.concurrent.atomic.AtomicLong;
import org.kcrawl.fetcher.politeness.StartGate;

/**
 * The byte budget of fetched pages the broker has not acknowledged yet. A page's body counts from
 * the moment it is handed to {@link Outputs} until the broker has it (or refused it); while the
 * budget is spent the gate is closed and no new request starts, so a slow or absent broker pauses
 * fetching instead of piling pages up in memory. Requests already on the wire still land: memory
 * stays within the budget plus {@code concurrency x max_body_bytes}.
 *
 * <p>Thread-safe and lock-free: counted from event loops, released from the producer's I/O thread,
 * read under the scheduler's lock.
 */
public final class UnackedPages implements StartGate {
    private final long limit;
    private final AtomicLong held = new AtomicLong();
    private volatile Runnable onRoom = () -> { };

    /** A budget of {@code limit} bytes. */
    public UnackedPages(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be >= 1 byte but was " + limit);
        }
        this.limit = limit;
    }

    /** Tells {@code action} (which must not block) whenever the budget has room again after being spent. */
    public void onRoom(Runnable action) {
        if (action == null) {
            throw new IllegalArgumentException("action must not be null");
        }
        this.onRoom = action;
    }

    @Override
    public boolean open() {
        return held.get() < limit;
    }

    /** Bytes held now. */
    public long held() {
        return held.get();
    }

    /** The budget in bytes. */
    public long limit() {
        return limit;
    }

    /** A page of {@code bytes} waits for the broker. */
    void take(long bytes) {
        held.addAndGet(bytes);
    }

    /** A page of {@code bytes} reached the broker, or will never. */
    void give(long bytes) {
        long after = held.addAndGet(-bytes);
        if (after < limit && after + bytes >= limit) {
            onRoom.run();
        }
    }
}
