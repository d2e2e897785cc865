package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.UrlStatus;
import org.kcrawl.common.topic.CrawlTopics;
import org.junit.jupiter.api.Test;

class FetcherWarmupTest {
    /** The topics of a fetcher's every crawl: a first page, its seen marker, a failure, a retry, a parked URL. */
    @Test
    void warmsTheTopicsEveryCrawlWritesTo() {
        CrawlTopics topics = new CrawlTopics("c");

        assertThat(FetcherWarmup.topics(topics)).contains(topics.pages(), topics.seen(), topics.failures(),
                topics.urls(), topics.hostRates()).containsAll(topics.parkedTopics())
                .doesNotContain(topics.records());
    }

    /** One message of each type a fetcher sends, valid (their constructors check) and encodable. */
    @Test
    void samplesAreOneOfEachTypeTheFetcherSendsAndEncode() {
        var samples = FetcherWarmup.samples(Instant.parse("2026-12-07T00:00:00Z"));

        assertThat(samples).hasExactlyElementsOfTypes(FetchedPage.class, UrlStatus.class, FailureRecord.class,
                CrawlRequest.class);
        samples.forEach(s -> assertThat(MessageCodec.get().encode(s)).isNotEmpty());
    }
}
