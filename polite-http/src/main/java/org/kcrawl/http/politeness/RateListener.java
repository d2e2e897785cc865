package org.kcrawl.http.politeness;

/**
 * Hears the rates hosts learn from their servers' refusals, so that they can outlive the worker (see
 * {@link HostScheduler#resumeRates}). Called on the thread that released the request, outside the
 * scheduler's lock, after every change of a host's learned rate: it must not block.
 */
@FunctionalInterface
public interface RateListener {
    /** Hears nothing. */
    RateListener NONE = rate -> { };

    /** {@code rate} is what the host keeps to now. */
    void changed(HostRate rate);
}
