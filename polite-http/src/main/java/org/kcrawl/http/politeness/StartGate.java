package org.kcrawl.http.politeness;

/**
 * A condition outside politeness that every new request waits for, such as room for the pages
 * already fetched to reach the broker. When a closed gate opens again, its owner calls
 * {@link HostScheduler#wake()} so that waiting requests start.
 */
@FunctionalInterface
public interface StartGate {
    /** Always open. */
    StartGate OPEN = () -> true;

    /** True when new requests may start now; called under the scheduler's lock, so it must be quick and lock-free. */
    boolean open();
}
