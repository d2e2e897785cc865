package org.kcrawl.cli.recrawl;

import java.time.Duration;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.topic.CrawlTopics;

/** Runs a {@link RecrawlPublisher} with clients of its own, for the crawl and submit commands. */
public final class Recrawls {
    private Recrawls() {}

    /** Publishes the recrawl {@code selection} asks for on {@code topics}' crawl and returns what it did. */
    public static RecrawlPublisher.Result start(KafkaClients clients, CrawlTopics topics, RecrawlSelection selection,
                                                Duration timeout) {
        String id = topics.crawlName() + "-recrawl";
        try (KafkaConsumer<String, byte[]> consumer = clients.consumer(null, id, 10_000);
             KafkaProducer<String, byte[]> producer = clients.producer(id)) {
            return new RecrawlPublisher(consumer, producer, topics, timeout).publish(selection);
        }
    }

    /** The line a command prints about a recrawl it started. */
    public static String summary(RecrawlSelection selection, RecrawlPublisher.Result result) {
        String line = String.format("recrawl: %,d known URL%s, %,d %s: fetched again, conditionally", result.statuses(),
                result.statuses() == 1 ? "" : "s", result.published(), selection.describe());
        if (result.withoutStatus() > 0) {
            line += String.format(" (%,d seen markers carry no status, from a build before recrawls: not recrawled)",
                    result.withoutStatus());
        }
        return line;
    }
}
