package org.kcrawl.cli.admin;

import java.util.List;
import org.apache.kafka.common.TopicPartition;

/**
 * What {@code crawl status} shows: the crawl's topics, the lag of its worker groups and who is in
 * them, read at one moment.
 *
 * @param crawlName the crawl
 * @param bootstrap where its cluster is
 * @param topics one row per topic of the crawl
 * @param groups one row per worker group and the topic it consumes
 * @param members the members of those groups
 */
record StatusReport(String crawlName, String bootstrap, List<TopicRow> topics, List<GroupRow> groups,
                    List<MemberRow> members) {

    StatusReport {
        topics = List.copyOf(topics);
        groups = List.copyOf(groups);
        members = List.copyOf(members);
    }

    /**
     * A topic of the crawl.
     *
     * @param topic its name
     * @param partitions its partition count, 0 when the topic does not exist
     * @param messages messages ever produced to it (the sum of its end offsets)
     */
    record TopicRow(String topic, int partitions, long messages) {
        boolean exists() {
            return partitions > 0;
        }
    }

    /**
     * A worker group on the topic it consumes.
     *
     * @param group the group id
     * @param topic the topic
     * @param lag messages not yet committed by the group, summed over partitions (from the start of a
     *            partition the group never committed); -1 when the topic does not exist
     * @param committedPartitions partitions the group has committed an offset for
     * @param partitions partitions of the topic
     * @param state the group's state as the coordinator reports it, or "none" for a group that does not exist
     * @param members members in the group now
     */
    record GroupRow(String group, String topic, long lag, int committedPartitions, int partitions, String state,
                    int members) {
    }

    /**
     * A member of a worker group.
     *
     * @param group its group
     * @param clientId its client id
     * @param host the address it connects from
     * @param assignment the partitions it owns
     */
    record MemberRow(String group, String clientId, String host, List<TopicPartition> assignment) {
        MemberRow {
            assignment = List.copyOf(assignment);
        }
    }
}
