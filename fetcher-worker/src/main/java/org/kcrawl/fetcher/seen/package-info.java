/**
 * The seen-set: a URL is fetched at most once per crawl.
 *
 * <p>It lives with the fetcher owning the URL's urls partition, as 64-bit fingerprints per
 * partition. Completed URLs are persisted as markers on the compacted seen topic, in the partition
 * of the same number, sent only after the URL's terminal outputs are acknowledged; they are read
 * back on assignment, so the set survives restarts and rebalances. URLs accepted but not finished
 * are claims held in memory only, which keeps at-least-once: a crash loses claims, never outputs.
 *
 * <p>The completed fingerprints live in a {@link org.kcrawl.fetcher.seen.SeenStore}: the heap (read
 * from the topic's beginning at every assignment) or RocksDB (checkpointed with the topic offset it
 * reflects, so an assignment reads only the tail); {@link org.kcrawl.fetcher.seen.SeenRestorer}
 * catches either up with the topic.
 */
package org.kcrawl.fetcher.seen;
