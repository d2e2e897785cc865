package org.kcrawl.chaos;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.MalformedMessageException;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;

/**
 * What a crawl published, read back from its topics: records per URL, failures, dead letters.
 *
 * @param recordsByUrl records per URL (more than one means a page was parsed or fetched again)
 * @param failures failure records, decoded
 * @param deadLetters messages on the dead-letter topic
 */
record CrawlOutcome(Map<String, Long> recordsByUrl, List<FailureRecord> failures,
                    List<ConsumerRecord<String, byte[]>> deadLetters) {

    CrawlOutcome {
        recordsByUrl = Map.copyOf(recordsByUrl);
        failures = List.copyOf(failures);
        deadLetters = List.copyOf(deadLetters);
    }

    /** Reads the records, failures and dead-letter topics of {@code crawl} to their ends. */
    static CrawlOutcome read(CrawlHarness crawl) {
        Map<String, Long> byUrl = new LinkedHashMap<>();
        for (ConsumerRecord<String, byte[]> r : crawl.readAll(crawl.topics().records())) {
            byUrl.merge(decode(r.value(), PageRecord.class).url(), 1L, Long::sum);
        }
        List<FailureRecord> failures = crawl.readAll(crawl.topics().failures()).stream()
                .map(r -> decode(r.value(), FailureRecord.class)).toList();
        return new CrawlOutcome(byUrl, failures, crawl.readAll(crawl.topics().deadLetters()));
    }

    /** Expected URLs without a record, sorted. */
    Set<String> missing(Collection<String> expected) {
        Set<String> out = new TreeSet<>(expected);
        out.removeAll(recordsByUrl.keySet());
        return out;
    }

    /** URLs with a record that were not expected, sorted. */
    Set<String> unexpected(Collection<String> expected) {
        Set<String> out = new TreeSet<>(recordsByUrl.keySet());
        out.removeAll(Set.copyOf(expected));
        return out;
    }

    /** Records beyond the first per URL. */
    long duplicateRecords() {
        return recordsByUrl.values().stream().mapToLong(n -> n - 1).sum();
    }

    static <T> T decode(byte[] bytes, Class<T> type) {
        try {
            return MessageCodec.get().decode(bytes, type);
        } catch (MalformedMessageException e) {
            throw new AssertionError("a worker published an undecodable " + type.getSimpleName() + ": " + e.getMessage(),
                    e);
        }
    }
}
