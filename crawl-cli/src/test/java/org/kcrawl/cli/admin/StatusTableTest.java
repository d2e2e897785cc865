package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class StatusTableTest {
    @Test
    void rendersTopicsLagAndMembersAsAlignedTables() {
        StatusReport report = new StatusReport("news", "kafka-1:9092",
                List.of(new StatusReport.TopicRow("news.urls", 4, 1234),
                        new StatusReport.TopicRow("news.pages", 4, 1200),
                        new StatusReport.TopicRow("news.dead-letters", 0, 0)),
                List.of(new StatusReport.GroupRow("news.fetcher", "news.urls", 34, 4, 4, "Stable", 2),
                        new StatusReport.GroupRow("news.parser", "news.pages", -1, 0, 0, "none", 0)),
                List.of(new StatusReport.MemberRow("news.fetcher", "fetcher-a", "/10.0.0.7",
                                List.of(tp("news.urls", 0), tp("news.urls", 1))),
                        new StatusReport.MemberRow("news.fetcher", "fetcher-b", "/10.0.0.8",
                                List.of(tp("news.urls", 3), tp("news.urls", 2)))));

        assertThat(StatusTable.render(report)).isEqualTo("""
                crawl 'news' on kafka-1:9092

                TOPIC              PARTITIONS  MESSAGES
                news.urls                   4      1234
                news.pages                  4      1200
                news.dead-letters     missing         -

                GROUP         TOPIC       LAG  COMMITTED  STATE   MEMBERS
                news.fetcher  news.urls    34        4/4  Stable        2
                news.parser   news.pages    -        0/0  none          0

                GROUP         CLIENT     HOST       PARTITIONS
                news.fetcher  fetcher-a  /10.0.0.7  news.urls[0-1]
                news.fetcher  fetcher-b  /10.0.0.8  news.urls[2-3]
                """);
    }

    @Test
    void saysSoWhenNoWorkerIsInTheGroups() {
        StatusReport report = new StatusReport("c", "h:1", List.of(new StatusReport.TopicRow("c.urls", 1, 0)),
                List.of(new StatusReport.GroupRow("c.fetcher", "c.urls", 0, 0, 1, "none", 0)), List.of());

        assertThat(StatusTable.render(report)).endsWith("\nno worker is a member of these groups now\n");
    }

    @Test
    void partitionsAreShownAsRangesPerTopic() {
        assertThat(StatusTable.partitions(List.of(tp("u", 7), tp("u", 0), tp("u", 2), tp("u", 1), tp("p", 5),
                tp("u", 9), tp("u", 10)))).isEqualTo("p[5] u[0-2,7,9-10]");
        assertThat(StatusTable.partitions(List.of())).isEqualTo("-");
    }

    private static TopicPartition tp(String topic, int partition) {
        return new TopicPartition(topic, partition);
    }
}
