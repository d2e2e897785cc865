package org.kcrawl.fetcher.seen;

import java.util.Collection;
import java.util.Map;

/** Where the completed fingerprints of newly assigned partitions, and their last fetch times, come from. */
@FunctionalInterface
public interface SeenHistory {

    /**
     * The completed set of each of {@code partitions}, with last fetch times ({@link FetchTimes}),
     * caught up with the seen topic; may block until they are read. The caller owns the sets and
     * closes them.
     */
    Map<Integer, CompletedSet> restore(Collection<Integer> partitions);
}
