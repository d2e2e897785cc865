package org.kcrawl.http.politeness;

/** A scheduled action that can still be called off. */
@FunctionalInterface
public interface Cancellable {
    /** Cancels the action if it has not run yet; does nothing otherwise. */
    void cancel();
}
