package org.kcrawl.common.kafka;

/**
 * The parts of a {@link WorkerLoop} that keep account of its partitions' work, which its
 * {@link PartitionHandover} brings up to date as partitions change hands: one holder, so that the hand-over
 * takes them as one argument rather than six beside its own settings. The loop's poll thread alone uses them.
 *
 * @param tracker the records pending and completed per partition, and the offsets safe to commit
 * @param ownership which partitions the loop owns, a claim for each stretch of owning one
 * @param commits where completed offsets go: to the consumer, or with the output transaction
 * @param rewinds the partitions sent back to their committed offsets, their records handled again
 * @param completions the outcomes of consumed records, applied on the poll thread
 * @param flow which partitions are kept paused while too much of their work is pending
 */
record PartitionBookkeeping(OffsetTracker tracker, PartitionOwnership ownership, LoopCommits commits,
                            Rewinds rewinds, Completions completions, FlowControl flow) {
}
