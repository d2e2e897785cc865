package org.kcrawl.cli.admin;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.TopicPartition;

/** Renders a {@link StatusReport} as the tables {@code crawl status} prints. */
final class StatusTable {
    private StatusTable() {}

    /** The report as text: topics, group lag, group members. */
    static String render(StatusReport report) {
        StringBuilder out = new StringBuilder();
        out.append("crawl '").append(report.crawlName()).append("' on ").append(report.bootstrap()).append("\n\n");

        TextTable topics = new TextTable("TOPIC", ">PARTITIONS", ">MESSAGES");
        for (StatusReport.TopicRow t : report.topics()) {
            topics.row(t.topic(), t.exists() ? t.partitions() : "missing", t.exists() ? t.messages() : "-");
        }
        out.append(topics.render()).append('\n');

        TextTable groups = new TextTable("GROUP", "TOPIC", ">LAG", ">COMMITTED", "STATE", ">MEMBERS");
        for (StatusReport.GroupRow g : report.groups()) {
            groups.row(g.group(), g.topic(), g.lag() < 0 ? "-" : g.lag(),
                    g.committedPartitions() + "/" + g.partitions(), g.state(), g.members());
        }
        out.append(groups.render()).append('\n');

        if (report.members().isEmpty()) {
            out.append("no worker is a member of these groups now\n");
        } else {
            TextTable members = new TextTable("GROUP", "CLIENT", "HOST", "PARTITIONS");
            for (StatusReport.MemberRow m : report.members()) {
                members.row(m.group(), m.clientId(), m.host(), partitions(m.assignment()));
            }
            out.append(members.render());
        }
        return out.toString();
    }

    /** Partitions per topic as ranges: {@code crawl.urls[0-3,7]}; {@code -} for none. */
    static String partitions(Collection<TopicPartition> assignment) {
        if (assignment.isEmpty()) {
            return "-";
        }
        Map<String, TreeSet<Integer>> byTopic = new TreeMap<>();
        assignment.forEach(tp -> byTopic.computeIfAbsent(tp.topic(), t -> new TreeSet<>()).add(tp.partition()));
        List<String> parts = new ArrayList<>();
        byTopic.forEach((topic, numbers) -> parts.add(topic + "[" + ranges(numbers) + "]"));
        return String.join(" ", parts);
    }

    private static String ranges(TreeSet<Integer> numbers) {
        List<String> ranges = new ArrayList<>();
        Integer first = null;
        Integer last = null;
        for (int n : numbers) {
            if (last != null && n == last + 1) {
                last = n;
                continue;
            }
            if (first != null) {
                ranges.add(range(first, last));
            }
            first = n;
            last = n;
        }
        ranges.add(range(first, last));
        return String.join(",", ranges);
    }

    private static String range(int first, int last) {
        return first == last ? Integer.toString(first) : first + "-" + last;
    }
}
