package org.kcrawl.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.embedded.web.SiteGraph;

/**
 * Where a page without a record got lost, for a failure message: which pages link to it and whether they
 * were recorded (their links were parsed), and how often its URL stands on the urls topic and the parking
 * tiers (committed messages): no message with a recorded linker means the parser lost it; messages with no
 * request mean the fetchers did.
 */
final class MissingTrace {
    private MissingTrace() {}

    static Map<String, String> of(Set<String> missing, SiteGraph graph, CrawlOutcome outcome, CrawlHarness crawl) {
        Map<String, String> out = new TreeMap<>();
        if (missing.isEmpty()) {
            return out;
        }
        Map<String, Integer> onUrls = count(crawl, List.of(crawl.topics().urls()), missing);
        Map<String, Integer> parked = count(crawl, crawl.topics().parkedTopics(), missing);
        for (String url : missing) {
            List<String> linkers = new ArrayList<>();
            for (String page : graph.pages()) {
                if (graph.linksOf(page).contains(url)) {
                    linkers.add(page + (outcome.recordsByUrl().containsKey(page) ? " (recorded)" : " (no record)"));
                }
            }
            out.put(url, "linked from " + linkers + "; on urls " + onUrls.getOrDefault(url, 0) + "x, parked "
                    + parked.getOrDefault(url, 0) + "x");
        }
        return out;
    }

    private static Map<String, Integer> count(CrawlHarness crawl, List<String> topics, Set<String> urls) {
        Map<String, Integer> counts = new TreeMap<>();
        for (String topic : topics) {
            for (ConsumerRecord<String, byte[]> r : crawl.readAll(topic)) {
                String url = CrawlOutcome.decode(r.value(), CrawlRequest.class).url();
                if (urls.contains(url)) {
                    counts.merge(url, 1, Integer::sum);
                }
            }
        }
        return counts;
    }
}
