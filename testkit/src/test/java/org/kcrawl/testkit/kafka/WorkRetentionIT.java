package org.kcrawl.testkit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.topic.TopicProvisioner;
import org.kcrawl.common.topic.WorkRetention;
import org.slf4j.LoggerFactory;

/**
 * The topics that hold unconsumed work (urls, pages, parking tiers) keep it however long a crawl is
 * paused: created without a retention limit, and, when someone created them with one, reported at
 * start-up naming the topic and the setting.
 */
@ExtendWith(SharedKafkaExtension.class)
class WorkRetentionIT {

    @Test
    void workTopicsAreCreatedWithoutARetentionThatCouldDeleteUnconsumedMessages(TestCrawl crawl) throws Exception {
        CrawlTopics topics = crawl.topics();
        try (Admin admin = crawl.clients().admin()) {
            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(1));
            List<String> work = TopicProvisioner.workTopics(topics, TopicLayout.local(1));
            List<String> expected = new java.util.ArrayList<>(List.of(topics.urls(), topics.render(), topics.pages()));
            expected.addAll(topics.parkedTopics());
            assertThat(work).as("the work topics").containsExactlyInAnyOrderElementsOf(expected);

            for (String topic : work) {
                Config config = config(admin, topic);
                assertThat(config.get(TopicConfig.RETENTION_MS_CONFIG).value()).as("%s retention.ms", topic)
                        .isEqualTo("-1");
                assertThat(config.get(TopicConfig.RETENTION_BYTES_CONFIG).value()).as("%s retention.bytes", topic)
                        .isEqualTo("-1");
            }
            assertThat(config(admin, topics.pages()).get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG).value())
                    .as("the pages topic keeps its message size").isEqualTo(
                            Integer.toString(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES));
            assertThat(config(admin, topics.parked(0)).get(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG).value())
                    .as("a tier keeps its append time").isEqualTo("LogAppendTime");
            assertThat(new WorkRetention(admin).check(work)).as("nothing to report").isEmpty();
        }
    }

    @Test
    void preCreatedWorkTopicsThatCouldLoseWorkAreReportedAtStartUpNamingTopicAndSetting(TestCrawl crawl)
            throws Exception {
        CrawlTopics topics = crawl.topics();
        Logger logger = (Logger) LoggerFactory.getLogger(TopicProvisioner.class);
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.start();
        logger.addAppender(logs);
        try (Admin admin = crawl.clients().admin()) {
            admin.createTopics(List.of(
                    new NewTopic(topics.urls(), 1, (short) 1).configs(Map.of(TopicConfig.RETENTION_MS_CONFIG,
                            Long.toString(TimeUnit.DAYS.toMillis(7)))),
                    new NewTopic(topics.pages(), 1, (short) 1).configs(Map.of(
                            TopicConfig.RETENTION_BYTES_CONFIG, "1073741824",
                            TopicConfig.RETENTION_MS_CONFIG, "-1")),
                    new NewTopic(topics.parked(2), 1, (short) 1).configs(Map.of(
                            TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT,
                            TopicConfig.RETENTION_MS_CONFIG, "-1"))))
                    .all().get(30, TimeUnit.SECONDS);
            // A created topic's settings show in the broker's answers a moment after the create returns (the
            // full suite once saw the defaults): the test waits to be a worker that starts later.
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> "604800000".equals(
                    config(admin, topics.urls()).get(TopicConfig.RETENTION_MS_CONFIG).value())
                    && "1073741824".equals(config(admin, topics.pages()).get(TopicConfig.RETENTION_BYTES_CONFIG).value())
                    && TopicConfig.CLEANUP_POLICY_COMPACT.equals(
                            config(admin, topics.parked(2)).get(TopicConfig.CLEANUP_POLICY_CONFIG).value()));

            new TopicProvisioner(admin).ensure(topics, TopicLayout.local(1));

            List<String> warnings = logs.list.stream().filter(e -> e.getLevel() == Level.WARN)
                    .map(ILoggingEvent::getFormattedMessage).toList();
            assertThat(warnings).anySatisfy(w -> assertThat(w)
                    .contains("topic " + topics.urls() + " has retention.ms=604800000 (7 days)")
                    .contains("--entity-name " + topics.urls() + " --add-config retention.ms=-1"));
            assertThat(warnings).anySatisfy(w -> assertThat(w)
                    .contains("topic " + topics.pages() + " has retention.bytes=1073741824")
                    .contains("retention.bytes=-1"));
            assertThat(warnings).anySatisfy(w -> assertThat(w)
                    .contains("topic " + topics.parked(2) + " has cleanup.policy=compact")
                    .contains("cleanup.policy=delete"));
            // The tiers this crawl created itself, with the default retention of the broker, are fine.
            assertThat(warnings).noneMatch(w -> w.contains(topics.parked(0)) || w.contains(topics.parked(3)));
            assertThat(warnings).as("one sentence per setting that could lose work").hasSize(3);
        } finally {
            logger.detachAppender(logs);
        }
    }

    private static Config config(Admin admin, String topic) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        return admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
    }
}
