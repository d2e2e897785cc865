package org.kcrawl.cli.admin;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.kcrawl.cli.ExitCodes;
import org.kcrawl.cli.io.LineOutput;
import org.kcrawl.cli.io.OutputWriteException;
import org.kcrawl.cli.io.Terminal;
import org.kcrawl.common.runtime.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code crawl tail}: prints a crawl's records, failures or dead letters as JSON Lines. */
@Command(name = "tail", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        header = "Prints a crawl's records, failures or dead letters as JSON Lines.",
        description = {
            "Records and failures are printed as produced; a dead letter (or any message that is not JSON) is "
                    + "printed as {topic, partition, offset, timestamp, key, headers:[{key, value}], value} with "
                    + "values that are not UTF-8 as value_base64.",
            "Without --follow it prints what the topic holds now and exits; with --follow it prints new messages "
                    + "until Ctrl-C. Either way it stops with exit code 141 once the reader of its output has gone "
                    + "away (crawl tail records --follow | head -3), which it notices at the next message it prints.",
            "It joins no consumer group and commits nothing, so it never disturbs a crawl."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:printed what was asked", "1:Kafka failed, did not answer in time, or has no such topic",
            "2:bad options", "141:the reader of the output went away"})
public final class TailCommand extends ClusterCommand {
    @Parameters(index = "0", paramLabel = "records|failures|dead-letters", converter = TailTopic.Converter.class,
            completionCandidates = TailTopic.Labels.class, description = "Which topic to print.")
    TailTopic which;

    @Option(names = "--from-beginning",
            description = "With --follow, print what the topic already holds before the new messages.")
    boolean fromBeginning;

    @Option(names = {"-f", "--follow"}, description = "Keep printing new messages as they arrive.")
    boolean follow;

    @Option(names = "--max", paramLabel = "N", description = "Stop after N messages.")
    Long max;

    @Override
    void validate() {
        if (max != null && max < 1) {
            throw new UsageException("--max must be >= 1, got " + max);
        }
    }

    @Override
    int execute(KafkaCalls calls) throws InterruptedException {
        String topic = which.topic(cluster.topics());
        List<TopicPartition> partitions = partitionsOf(topic, calls);
        MessageLines lines = new MessageLines();
        TopicTail.Settings settings = new TopicTail.Settings(fromBeginning, follow, max == null ? 0 : max,
                cluster.timeout());
        KafkaConsumer<String, byte[]> consumer = cluster.clients(System.getenv())
                .consumer(null, cluster.crawlName + "-tail", 500);
        // Not picocli's writer, which hides write errors: a closed pipe (crawl tail ... | head) must end the
        // tail rather than leave it printing into nothing; and JSON Lines are UTF-8 on every platform.
        LineOutput stdout = LineOutput.stdout();
        TopicTail tail = new TopicTail(consumer, partitions, r -> which.line(lines, r), stdout, settings,
                System::nanoTime);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> stopAndWait(tail, finished), "crawl-tail-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            tail.run();
        } catch (OutputWriteException e) {
            if (e.worthTelling(Terminal.stderrIsTerminal())) {
                err().println("crawl: " + e.getMessage() + "; tail stopped");
            }
            return e.readerGone() ? ExitCodes.OUTPUT_CLOSED : FAILED;
        } finally {
            consumer.close(CloseOptions.timeout(cluster.timeout()));
            finished.countDown();
            removeHook(hook);
        }
        return OK;
    }

    private List<TopicPartition> partitionsOf(String topic, KafkaCalls calls) {
        // The admin client, unlike a consumer, never creates a topic by asking for it: a mistyped
        // --crawl-name must not leave topics behind.
        Admin admin = cluster.clients(System.getenv()).admin();
        try {
            TopicDescription description = calls.await(admin.describeTopics(List.of(topic)).allTopicNames(),
                    "describing " + topic).get(topic);
            return description.partitions().stream().map(p -> new TopicPartition(topic, p.partition())).toList();
        } catch (ClusterException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new ClusterException("there is no topic " + topic + " on " + calls.bootstrap()
                        + " (is --crawl-name right?)", e);
            }
            throw e;
        } finally {
            admin.close(cluster.timeout());
        }
    }

    private static void stopAndWait(TopicTail tail, CountDownLatch finished) {
        tail.stop();
        try {
            // Ctrl-C: let the main thread flush and close the consumer before the JVM goes.
            finished.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down (Ctrl-C): the hook is running and cannot be removed.
        }
    }
}
