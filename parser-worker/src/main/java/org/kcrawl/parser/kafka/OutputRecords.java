package org.kcrawl.parser.kafka;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.ScopeRecords;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.parser.pipeline.PageOutputs;

/**
 * Encodes one page's outputs as the producer records the worker sends: each followed link as a
 * {@link CrawlRequest} on the urls topic keyed by host (and so the target of a meta refresh the page
 * redirects by), the site a seed moved to on the scope topic keyed by site, then the page's
 * {@link PageRecord} on the records topic keyed by URL, or its {@link FailureRecord} on the failures
 * topic. The record is encoded within a {@link RecordSizeCap}, so extraction rules cannot make it too
 * large to publish. Runs on the parse pool, so the encoding cost is spread over the cores. Thread-safe.
 */
public final class OutputRecords {
    private final CrawlTopics topics;
    private final RecordSizeCap recordCap;

    /** Records for the topics of {@code topics}, page records capped at {@link RecordSizeCap#DEFAULT_MAX_BYTES}. */
    public OutputRecords(CrawlTopics topics) {
        this(topics, new RecordSizeCap(RecordSizeCap.DEFAULT_MAX_BYTES));
    }

    /** Records for the topics of {@code topics}, page records encoded within {@code recordCap}. */
    public OutputRecords(CrawlTopics topics, RecordSizeCap recordCap) {
        if (topics == null || recordCap == null) {
            throw new IllegalArgumentException("topics and recordCap must not be null");
        }
        this.topics = topics;
        this.recordCap = recordCap;
    }

    /**
     * The records of {@code outputs}: the links first (at most {@code max_outlinks}, or
     * {@code max_sitemap_urls} for a sitemap, each a small message), then the refresh's target and the
     * seed's move when there are, the page's record (or failure) last.
     */
    public List<ProducerRecord<String, byte[]>> of(PageOutputs outputs) {
        if (outputs == null) {
            throw new IllegalArgumentException("outputs must not be null");
        }
        if (outputs.render() != null) {
            return List.of(render(outputs.render()));
        }
        List<ProducerRecord<String, byte[]>> records = new ArrayList<>(outputs.requests().size() + 3);
        for (CrawlRequest request : outputs.requests()) {
            records.add(link(request));
        }
        if (outputs.redirect() != null) {
            records.add(link(outputs.redirect()));
        }
        if (outputs.moved() != null) {
            records.add(scope(outputs.moved()));
        }
        records.add(outputs.record() != null ? record(outputs.record()) : failure(outputs.failure()));
        return records;
    }

    /** The urls-topic record of one followed link, keyed by its host. */
    public ProducerRecord<String, byte[]> link(CrawlRequest request) {
        if (request == null) {
            throw new IllegalArgumentException("request must not be null");
        }
        return new ProducerRecord<>(topics.urls(), HostKey.of(request.url()), MessageCodec.get().encode(request));
    }

    /** The render-topic record of a page sent to be rendered, keyed by its host like a link. */
    public ProducerRecord<String, byte[]> render(CrawlRequest request) {
        if (request == null) {
            throw new IllegalArgumentException("request must not be null");
        }
        return new ProducerRecord<>(topics.render(), HostKey.of(request.url()), MessageCodec.get().encode(request));
    }

    /** The failures-topic record of a page that ended as a failure, keyed by its URL. */
    public ProducerRecord<String, byte[]> failure(FailureRecord failure) {
        if (failure == null) {
            throw new IllegalArgumentException("failure must not be null");
        }
        return new ProducerRecord<>(topics.failures(), failure.url(), MessageCodec.get().encode(failure));
    }

    /** The scope-topic record of a site a seed moved to, keyed by the site. */
    public ProducerRecord<String, byte[]> scope(ScopeSite site) {
        if (site == null) {
            throw new IllegalArgumentException("site must not be null");
        }
        return ScopeRecords.of(topics, site);
    }

    /** The records-topic record of a page, keyed by its URL and encoded within the size cap. */
    public ProducerRecord<String, byte[]> record(PageRecord record) {
        if (record == null) {
            throw new IllegalArgumentException("record must not be null");
        }
        return new ProducerRecord<>(topics.records(), record.url(), recordCap.encode(record));
    }
}
