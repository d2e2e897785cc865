package org.kcrawl.common.topic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopicLayoutTest {

    @Test
    void aClusterKeepsThreeCopiesWhereItHasThreeBrokersAndFewerOnSmallerOnes() {
        assertThat(TopicLayout.forCluster(12, 1).replication()).isEqualTo((short) 1);
        assertThat(TopicLayout.forCluster(12, 2).replication()).isEqualTo((short) 2);
        assertThat(TopicLayout.forCluster(12, 3).replication()).isEqualTo((short) 3);
        assertThat(TopicLayout.forCluster(12, 9).replication()).isEqualTo((short) 3);
        TopicLayout layout = TopicLayout.forCluster(12, 9);
        assertThat(layout.urlPartitions()).isEqualTo(12);
        assertThat(layout.pagePartitions()).isEqualTo(12);
        assertThat(layout.outputPartitions()).isEqualTo(12);
        assertThat(layout.maxMessageBytes()).isEqualTo(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
    }

    @Test
    void crawlNamesFollowTheTopicNameRules() {
        assertThat(CrawlTopics.isLegalName("news-2026.v1_a")).isTrue();
        assertThat(CrawlTopics.isLegalName("a b")).isFalse();
        assertThat(CrawlTopics.isLegalName("")).isFalse();
        assertThat(CrawlTopics.isLegalName("x".repeat(201))).isFalse();
        assertThat(CrawlTopics.isLegalName(null)).isFalse();
    }
}
