package org.kcrawl.fetcher.crawl;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.compress.Compression;
import org.kcrawl.common.kafka.OutputWarmup;
import org.kcrawl.common.message.ContentHash;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.message.UrlStatus;
import org.kcrawl.common.topic.CrawlTopics;

/**
 * What a fetcher warms before it joins its group ({@link OutputWarmup}): the topics every crawl writes to (pages
 * and their seen markers, failures, retries and parked URLs, learned host rates) and one message of each type it
 * sends there. Taking up partitions starts the backlogs of their hosts at once, so a new fetcher's first
 * transaction holds a burst of pages, and nothing of that fetcher is committed yet: it must not wait for cold
 * code.
 */
final class FetcherWarmup {
    private static final String URL = "http://warmup.invalid/";

    private FetcherWarmup() {}

    /** Warms {@code producer}'s path to the fetcher's topics of {@code topics}; returns the topics warmed. */
    static List<String> warm(Producer<?, ?> producer, Compression compression, CrawlTopics topics) {
        return new OutputWarmup(producer, compression).warm(topics(topics), samples(Instant.now()));
    }

    /** The topics a fetcher writes to in every crawl. */
    static List<String> topics(CrawlTopics topics) {
        List<String> out = new ArrayList<>(List.of(topics.pages(), topics.seen(), topics.failures(), topics.urls(),
                topics.hostRates()));
        out.addAll(topics.parkedTopics());
        return List.copyOf(out);
    }

    /** One message of each type the fetcher sends, as of {@code now}. */
    static List<Object> samples(Instant now) {
        byte[] body = "<html><body>warm-up</body></html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        CrawlRequest request = CrawlRequest.seed(URL, now);
        return List.of(
                new FetchedPage(SchemaVersions.CURRENT, URL, URL, 200, Map.of("content-type", "text/html"),
                        "text/html", body, now, 1, 0, false, null, 0, true, false, false, null, null),
                new UrlStatus(SchemaVersions.CURRENT, URL, 0, 0, true, now, UrlStatus.Outcome.PAGE, 200, null, null,
                        ContentHash.of(body), now),
                FailureRecord.of(request, FailureReason.TIMEOUT, "warm-up", null, now),
                request.retry(now));
    }
}
