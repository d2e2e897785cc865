package org.kcrawl.fetcher.seen;

import it.unimi.dsi.fastutil.longs.LongSet;
import java.util.Collection;
import java.util.Map;

/** Where the completed fingerprints of newly assigned partitions come from. */
@FunctionalInterface
public interface SeenHistory {

    /** The completed fingerprints of each of {@code partitions}; may block until they are read. */
    Map<Integer, ? extends LongSet> restore(Collection<Integer> partitions);
}
