package org.kcrawl.cli.admin;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.common.topic.CrawlTopics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code crawl replay dead-letters}: puts a crawl's dead letters back on the topics they came from. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        header = "Puts a crawl's dead letters back on the topics they came from, once the cause is fixed.",
        description = {
            "Run it after fixing what refused them: every worker upgraded (a worker reads messages of its own "
                    + "schema version and the one before, and dead-letters newer ones), a bug fixed, a limit raised. "
                    + "See why they were refused first with: crawl tail dead-letters.",
            "Each dead letter goes back to its original topic with its key, value and headers (without the "
                    + "dlq.* ones). It replays what the topic holds now, from where the last replay of the crawl "
                    + "stopped (consumer group <crawl-name>.replay), and marks them replayed only once the broker "
                    + "has them back: a replay that fails can be run again, one that succeeded is not repeated. "
                    + "A message refused again becomes a new dead letter.",
            "Truncated dead letters (only their first KiB was kept) cannot be put back; they are counted."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:replayed (or, with --dry-run, counted) what the topic held",
            "1:Kafka failed, did not answer in time, or has no such topic", "2:bad options"})
public final class ReplayCommand extends ClusterCommand {
    private static final String DEAD_LETTERS = "dead-letters";

    @Parameters(index = "0", paramLabel = DEAD_LETTERS, description = "What to replay: dead-letters.")
    String what;

    @Option(names = "--dry-run", description = "Count what would be put back, by topic, without writing anything.")
    boolean dryRun;

    @Override
    void validate() {
        if (!DEAD_LETTERS.equals(what)) {
            throw new UsageException("can only replay dead-letters, got '" + what + "'");
        }
    }

    @Override
    int execute(KafkaCalls calls) {
        CrawlTopics topics = cluster.topics();
        KafkaClients clients = cluster.clients(System.getenv());
        List<TopicPartition> partitions = partitionsOf(topics.deadLetters(), clients, calls);
        DeadLetterReplay.Outcome outcome;
        try (KafkaConsumer<String, byte[]> consumer = clients.consumer(replayGroup(topics),
                topics.crawlName() + "-replay", 500);
             KafkaProducer<String, byte[]> producer = clients.producer(topics.crawlName() + "-replay")) {
            outcome = new DeadLetterReplay(consumer, producer, topics, cluster.timeout(), dryRun, System::nanoTime)
                    .run(partitions);
        } catch (org.apache.kafka.common.KafkaException e) {
            throw new ClusterException("cannot replay the dead letters of " + topics.deadLetters() + " on "
                    + calls.bootstrap() + ": " + KafkaCalls.describe(e), e);
        }
        out().println(summary(outcome, topics));
        return OK;
    }

    /** The consumer group whose offsets say how far the crawl's dead letters have been replayed. */
    static String replayGroup(CrawlTopics topics) {
        return topics.crawlName() + ".replay";
    }

    private String summary(DeadLetterReplay.Outcome outcome, CrawlTopics topics) {
        long n = outcome.replayed();
        StringBuilder line = new StringBuilder(dryRun ? "would replay " : "replayed ").append(n)
                .append(n == 1 ? " dead letter" : " dead letters");
        if (n > 0) {
            line.append(": ").append(outcome.replayedByTopic().entrySet().stream()
                    .map(e -> e.getValue() + " to " + e.getKey()).collect(Collectors.joining(", ")));
        }
        if (outcome.truncated() > 0) {
            line.append(System.lineSeparator()).append("left ").append(outcome.truncated())
                    .append(" truncated (only their first KiB was kept, so they cannot be put back)");
        }
        if (outcome.foreign() > 0) {
            line.append(System.lineSeparator()).append("left ").append(outcome.foreign())
                    .append(" whose original topic is not one of crawl '").append(topics.crawlName()).append("'");
        }
        return line.toString();
    }

    private static List<TopicPartition> partitionsOf(String topic, KafkaClients clients, KafkaCalls calls) {
        // The admin client never creates a topic by asking for it: a mistyped --crawl-name leaves nothing behind.
        try (Admin admin = clients.admin()) {
            Map<String, TopicDescription> found = calls.await(admin.describeTopics(List.of(topic)).allTopicNames(),
                    "describing " + topic);
            return found.get(topic).partitions().stream().map(p -> new TopicPartition(topic, p.partition())).toList();
        } catch (ClusterException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new ClusterException("there is no topic " + topic + " on " + calls.bootstrap()
                        + " (is --crawl-name right?)", e);
            }
            throw e;
        }
    }
}
