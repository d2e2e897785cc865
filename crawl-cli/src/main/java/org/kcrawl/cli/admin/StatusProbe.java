package org.kcrawl.cli.admin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * Reads a crawl's state from the cluster in a handful of admin requests: topic partitions, start and
 * end offsets, the worker groups' committed offsets and their members. The groups are the fetchers'
 * (on urls), the parking forwarders' (on the parked-URL tiers) and the parsers' (on pages).
 *
 * <p>Lag is computed here from the same offsets the topic counts come from, rather than with
 * {@link org.kcrawl.common.kafka.ConsumerLag} (which asks for them again per group), so the numbers of
 * one report belong to one moment; the rule is the same: a partition without a commit counts from its
 * start offset, as a new group with {@code auto.offset.reset=earliest} reads it.
 */
final class StatusProbe {
    private final Admin admin;
    private final KafkaCalls calls;

    StatusProbe(Admin admin, KafkaCalls calls) {
        this.admin = admin;
        this.calls = calls;
    }

    /** The status of {@code topics}' crawl; throws {@link ClusterException} when there is no such crawl. */
    StatusReport read(CrawlTopics topics) {
        Set<String> existing = calls.await(admin.listTopics().names(), "listing topics");
        if (!existing.contains(topics.urls())) {
            throw new ClusterException("there is no crawl '" + topics.crawlName() + "' on " + calls.bootstrap()
                    + ": no topic " + topics.urls() + " (is --crawl-name right?)");
        }
        List<String> present = topics.all().stream().filter(existing::contains).toList();
        Map<String, TopicDescription> descriptions = calls.await(admin.describeTopics(present).allTopicNames(),
                "describing the crawl's topics");
        List<TopicPartition> partitions = new ArrayList<>();
        descriptions.forEach((name, d) -> d.partitions().forEach(p -> partitions.add(new TopicPartition(name, p.partition()))));
        Map<TopicPartition, Long> ends = offsets(partitions, OffsetSpec.latest());
        Map<TopicPartition, Long> starts = offsets(partitions, OffsetSpec.earliest());

        List<StatusReport.TopicRow> topicRows = new ArrayList<>();
        for (String topic : topics.all()) {
            TopicDescription d = descriptions.get(topic);
            long messages = ends.entrySet().stream().filter(e -> e.getKey().topic().equals(topic))
                    .mapToLong(Map.Entry::getValue).sum();
            topicRows.add(new StatusReport.TopicRow(topic, d == null ? 0 : d.partitions().size(), messages));
        }

        List<StatusReport.GroupRow> groupRows = new ArrayList<>();
        List<StatusReport.MemberRow> memberRows = new ArrayList<>();
        for (Map.Entry<String, List<String>> consumer : consumers(topics).entrySet()) {
            String group = consumer.getKey();
            ConsumerGroupDescription description = describe(group);
            List<MemberDescription> members = description == null ? List.of() : List.copyOf(description.members());
            String state = description == null ? "none" : description.groupState().toString();
            Map<TopicPartition, OffsetAndMetadata> committed = calls.await(
                    admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata(),
                    "reading the offsets of group " + group);
            for (String topic : consumer.getValue()) {
                groupRows.add(lag(group, topic, descriptions.get(topic), committed, starts, ends, state,
                        members.size()));
            }
            members.stream()
                    .sorted(Comparator.comparing(MemberDescription::clientId).thenComparing(MemberDescription::consumerId))
                    .forEach(m -> memberRows.add(new StatusReport.MemberRow(group, m.clientId(), m.host(),
                            List.copyOf(m.assignment().topicPartitions()))));
        }
        return new StatusReport(topics.crawlName(), calls.bootstrap(), topicRows, groupRows, memberRows);
    }

    /** The crawl's worker groups and the topics each consumes, in the order the data flows. */
    private static Map<String, List<String>> consumers(CrawlTopics topics) {
        Map<String, List<String>> consumers = new LinkedHashMap<>();
        consumers.put(topics.fetcherGroup(), List.of(topics.urls()));
        consumers.put(topics.parkingGroup(), topics.parkedTopics());
        consumers.put(topics.rendererGroup(), List.of(topics.render()));
        consumers.put(topics.parserGroup(), List.of(topics.pages()));
        return consumers;
    }

    private static StatusReport.GroupRow lag(String group, String topic, TopicDescription description,
                                             Map<TopicPartition, OffsetAndMetadata> committed,
                                             Map<TopicPartition, Long> starts, Map<TopicPartition, Long> ends,
                                             String state, int members) {
        if (description == null) {
            return new StatusReport.GroupRow(group, topic, -1, 0, 0, state, members);
        }
        long lag = 0;
        int committedPartitions = 0;
        for (var p : description.partitions()) {
            TopicPartition tp = new TopicPartition(topic, p.partition());
            OffsetAndMetadata c = committed.get(tp);
            if (c != null) {
                committedPartitions++;
            }
            long position = c != null ? c.offset() : starts.get(tp);
            lag += Math.max(0, ends.get(tp) - position);
        }
        return new StatusReport.GroupRow(group, topic, lag, committedPartitions, description.partitions().size(),
                state, members);
    }

    /** The group's description, or null when the coordinator knows no such group. */
    private ConsumerGroupDescription describe(String group) {
        try {
            return calls.await(admin.describeConsumerGroups(List.of(group)).describedGroups().get(group),
                    "describing group " + group);
        } catch (ClusterException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return null;
            }
            throw e;
        }
    }

    private Map<TopicPartition, Long> offsets(List<TopicPartition> partitions, OffsetSpec spec) {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        partitions.forEach(tp -> request.put(tp, spec));
        Map<TopicPartition, ListOffsetsResultInfo> result = calls.await(admin.listOffsets(request).all(),
                "listing offsets");
        Map<TopicPartition, Long> offsets = new HashMap<>();
        result.forEach((tp, info) -> offsets.put(tp, info.offset()));
        return offsets;
    }
}
