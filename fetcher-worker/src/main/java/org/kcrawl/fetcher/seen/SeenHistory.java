package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.Long2IntMap;
import java.util.Collection;
import java.util.Map;

/** Where the completed fingerprints of newly assigned partitions, and their last fetch times, come from. */
@FunctionalInterface
public interface SeenHistory {

    /**
     * The completed fingerprints of each of {@code partitions}, each mapped to its last fetch time
     * ({@link FetchTimes}); may block until they are read.
     */
    Map<Integer, ? extends Long2IntMap> restore(Collection<Integer> partitions);
}
