package org.kcrawl.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.url.UrlFingerprint;
import org.kcrawl.common.message.SeenMarkers;

/**
 * Where the copies of a page recorded more than once came from, for the churn logs: each copy on the records
 * topic, each fetched copy on the pages topic and each seen marker of its fetches, with its partition, offset and
 * the time its producer gave it (wall clock, to read against the workers' logs). One fetched copy and two records means a parser
 * committed the page twice; the pages partition and offset say which span of which partition it redid.
 */
final class DuplicateTrace {
    private DuplicateTrace() {}

    /** Writes one line per copy of each URL of {@code outcome} with more than one record to {@code file}. */
    static void write(Path file, CrawlOutcome outcome, CrawlHarness crawl) {
        Set<String> twice = outcome.recordsByUrl().entrySet().stream().filter(e -> e.getValue() > 1)
                .map(e -> e.getKey()).collect(Collectors.toSet());
        if (twice.isEmpty()) {
            return;
        }
        List<String> lines = new ArrayList<>();
        lines.add("url\ttopic\tpartition\toffset\tproduced");
        for (ConsumerRecord<String, byte[]> r : crawl.readAll(crawl.topics().pages())) {
            String url = CrawlOutcome.decode(r.value(), FetchedPage.class).requestedUrl();
            if (twice.contains(url)) {
                lines.add(line(url, r));
            }
        }
        // The seen markers of their fetches: one per fetch committed, where the fetcher that fetched the page
        // again should have found the first.
        Map<String, String> byKey = new HashMap<>();
        twice.forEach(url -> byKey.put(SeenMarkers.key(UrlFingerprint.of(url)), url));
        for (ConsumerRecord<String, byte[]> r : crawl.readAll(crawl.topics().seen())) {
            String url = byKey.get(r.key());
            if (url != null) {
                lines.add(line(url, r));
            }
        }
        for (ConsumerRecord<String, byte[]> r : crawl.readAll(crawl.topics().records())) {
            String url = CrawlOutcome.decode(r.value(), PageRecord.class).url();
            if (twice.contains(url)) {
                lines.add(line(url, r));
            }
        }
        try {
            Files.write(file, lines.stream().sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String line(String url, ConsumerRecord<String, byte[]> r) {
        return url + "\t" + r.topic() + "\t" + r.partition() + "\t" + r.offset() + "\t"
                + Instant.ofEpochMilli(r.timestamp());
    }
}
