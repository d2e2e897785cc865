package org.kcrawl.http.client;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.kcrawl.common.kafka.UnackedPages;
import org.kcrawl.http.politeness.StartGate;

/**
 * The memory a fetcher's pages take, from the first byte of a response body to the broker's
 * acknowledgement of its page: one budget shared by the bodies being received and the fetched pages the
 * broker has not acknowledged, so that a fetcher holds at most {@code max_unacked_page_bytes +
 * max_inflight_body_bytes} of pages, plus what one socket read brings a connection that was told to stop
 * reading, whatever the servers send and however long the broker is away.
 *
 * <ul>
 *   <li><b>New requests</b> start (the {@link StartGate} is open) while the pages the broker has not
 *       acknowledged stay under {@code max_unacked_page_bytes}, all pages stay under the budget less one
 *       reserve, and no body waits for memory. A slow or absent broker thus pauses fetching.</li>
 *   <li><b>A body's buffer grows</b> while all pages stay under the budget less the reserve, in the order
 *       the bodies asked: a body that must wait stops its connection reading, and bodies that ask later
 *       wait behind it, so none starves.</li>
 *   <li><b>The reserve</b> ({@code max_body_bytes}) is for one body at a time, the first that had to wait:
 *       it may grow to its cap and finish. Without it every body in flight could hold part of the budget
 *       and wait for more forever. What arrives while a body waits (the rest of the socket read that was
 *       under way) is counted but not refused, and does not count against the reserve.</li>
 *   <li><b>A body becomes a page</b>: the HTTP client counts a body until its response has been handed on,
 *       and the worker's outputs count a page from its hand-over until the broker answered; the two overlap
 *       for a moment and never leave a gap.</li>
 * </ul>
 *
 * <p>Thread-safe: bodies ask from event loops, pages are counted from event loops and given back from the
 * producer's I/O thread, the gate is read under the scheduler's lock (a volatile read). Callbacks (a grant,
 * the gate opening) run outside this object's lock.
 */
public final class PageMemory implements StartGate, BodyMemory, UnackedPages {
    private final long unackedLimit;
    private final long limit;
    private final long reserve;
    private final Object lock = new Object();
    private final ArrayDeque<Body> waiting = new ArrayDeque<>();
    private long granted;
    private long overdrawn;
    private long unacked;
    private Body privileged;
    private volatile boolean open = true;
    private volatile long receivingView;
    private volatile long unackedView;
    private volatile Runnable onRoom = () -> { };

    /**
     * A budget of {@code maxUnackedPageBytes + maxInflightBodyBytes}, new requests holding back at
     * {@code maxUnackedPageBytes} of unacknowledged pages, with a reserve of {@code maxBodyBytes} (a body
     * at its cap).
     */
    public PageMemory(long maxUnackedPageBytes, long maxInflightBodyBytes, long maxBodyBytes) {
        if (maxUnackedPageBytes < 1) {
            throw new IllegalArgumentException("maxUnackedPageBytes must be >= 1 but was " + maxUnackedPageBytes);
        }
        if (maxBodyBytes < 1 || maxInflightBodyBytes < maxBodyBytes) {
            throw new IllegalArgumentException("maxInflightBodyBytes (" + maxInflightBodyBytes
                    + ") must hold at least one body of maxBodyBytes (" + maxBodyBytes + ")");
        }
        this.unackedLimit = maxUnackedPageBytes;
        this.limit = saturatedAdd(maxUnackedPageBytes, maxInflightBodyBytes);
        this.reserve = maxBodyBytes;
    }

    /** A budget that never holds anything back (tests that need no back-pressure). */
    public static PageMemory unbounded() {
        return new PageMemory(Long.MAX_VALUE / 4, Long.MAX_VALUE / 4, 1);
    }

    /** Tells {@code action} (which must not block) whenever the gate opens again after being closed. */
    public void onRoom(Runnable action) {
        if (action == null) {
            throw new IllegalArgumentException("action must not be null");
        }
        this.onRoom = action;
    }

    @Override
    public boolean open() {
        return open;
    }

    @Override
    public BodyMemory.Claim claim() {
        return new Body();
    }

    /** Bytes of fetched pages the broker has not acknowledged. */
    public long unacked() {
        return unackedView;
    }

    /** Bytes held by bodies being received: granted, and overdrawn while they waited. */
    public long receiving() {
        return receivingView;
    }

    /** The whole budget, unacknowledged pages and bodies being received together. */
    public long limit() {
        return limit;
    }

    @Override
    public void take(long bytes) {
        synchronized (lock) {
            unacked += bytes;
            update(); // only grows what is held: nothing to wake
        }
    }

    @Override
    public void give(long bytes) {
        List<Runnable> grants;
        Runnable wake;
        synchronized (lock) {
            unacked -= bytes;
            grants = serve();
            wake = update();
        }
        runAll(grants);
        wake.run();
    }

    /** Whether {@code body} may have {@code more} bytes now; may make it the one that uses the reserve. */
    private boolean admits(Body body, long more) {
        long after = granted + unacked + more;
        if (body == privileged) {
            return after <= limit;
        }
        if (!waiting.isEmpty() && waiting.peekFirst() != body) {
            return false;
        }
        if (after <= limit - reserve) {
            return true;
        }
        if (privileged == null) {
            privileged = body;
            return after <= limit;
        }
        return false;
    }

    private void grant(Body body, long bytes) {
        long extraBefore = body.extra();
        granted += bytes - body.granted;
        body.granted = bytes;
        body.size = Math.max(body.size, bytes);
        overdrawn += body.extra() - extraBefore;
    }

    /** Grants the waiting bodies in order, as far as they fit; returns their callbacks. Under the lock. */
    private List<Runnable> serve() {
        List<Runnable> out = new ArrayList<>();
        while (!waiting.isEmpty()) {
            Body head = waiting.peekFirst();
            long more = head.wanted - head.granted;
            if (more > 0 && !admits(head, more)) {
                break;
            }
            waiting.pollFirst();
            grant(head, Math.max(head.wanted, head.granted));
            out.add(head.callback);
            head.callback = null;
        }
        return out;
    }

    /** Refreshes what other threads read; returns the wake-up to run outside the lock (or nothing). */
    private Runnable update() {
        receivingView = granted + overdrawn;
        unackedView = unacked;
        boolean was = open;
        open = unacked < unackedLimit && granted + overdrawn + unacked < limit - reserve && waiting.isEmpty();
        return !was && open ? onRoom : () -> { };
    }

    private static void runAll(List<Runnable> callbacks) {
        for (Runnable r : callbacks) {
            r.run();
        }
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /** One body's claim. Its fields are guarded by the budget's lock. */
    private final class Body implements BodyMemory.Claim {
        private long granted;
        private long size;
        private long wanted;
        private Runnable callback;
        private boolean closed;

        /** Bytes held beyond the grant. */
        long extra() {
            return Math.max(0, size - granted);
        }

        @Override
        public boolean reserve(long bytes, Runnable onGranted) {
            // Only grows what is held: the gate can close here, never open, so nothing is woken.
            synchronized (lock) {
                if (closed) {
                    throw new IllegalStateException("the claim was closed");
                }
                if (bytes <= granted || admits(this, bytes - granted)) {
                    grant(this, Math.max(bytes, granted));
                    update();
                    return true;
                }
                wanted = bytes;
                callback = onGranted;
                if (this == privileged) {
                    waiting.addFirst(this); // the one body that must be able to finish goes first
                } else {
                    waiting.addLast(this);
                }
                update();
                return false;
            }
        }

        @Override
        public void overdraw(long bytes) {
            synchronized (lock) {
                if (closed) {
                    return;
                }
                long extraBefore = extra();
                size = Math.max(size, bytes);
                overdrawn += extra() - extraBefore;
                update(); // only grows what is held: nothing to wake
            }
        }

        @Override
        public long granted() {
            synchronized (lock) {
                return granted;
            }
        }

        @Override
        public void close() {
            List<Runnable> grants;
            Runnable wake;
            synchronized (lock) {
                if (closed) {
                    return;
                }
                closed = true;
                PageMemory.this.granted -= granted;
                overdrawn -= extra();
                waiting.remove(this);
                callback = null;
                if (privileged == this) {
                    privileged = null;
                }
                grants = serve();
                wake = update();
            }
            runAll(grants);
            wake.run();
        }
    }
}
