package org.kcrawl.testkit.kafka;

import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * What one test needs to crawl on the shared broker: where it is, and a crawl name (hence topics and
 * consumer groups) that no other test uses.
 *
 * @param bootstrapServers the shared broker
 * @param crawlName a crawl name unique to the test
 */
public record TestCrawl(String bootstrapServers, String crawlName) {

    public TestCrawl {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrapServers must name HOST:PORT but was '" + bootstrapServers + "'");
        }
        new CrawlTopics(crawlName); // rejects names that cannot prefix topic names
    }

    /** The test's topics and group names. */
    public CrawlTopics topics() {
        return new CrawlTopics(crawlName);
    }

    /** Client factory for the shared broker. */
    public KafkaClients clients() {
        return KafkaClients.of(bootstrapServers);
    }
}
