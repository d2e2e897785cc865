package org.kcrawl.parser.kafka;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.parser.pipeline.PageOutputs;

/**
 * Encodes one page's outputs as the producer records the worker sends: each followed link as a
 * {@link CrawlRequest} on the urls topic keyed by host, then the page's {@link PageRecord} on the
 * records topic keyed by URL. Runs on the parse pool, so the encoding cost is spread over the cores.
 * Thread-safe.
 */
public final class OutputRecords {
    private final CrawlTopics topics;

    /** Records for the topics of {@code topics}. */
    public OutputRecords(CrawlTopics topics) {
        if (topics == null) {
            throw new IllegalArgumentException("topics must not be null");
        }
        this.topics = topics;
    }

    /** The records of {@code outputs}: the links first, the page's record last. */
    public List<ProducerRecord<String, byte[]>> of(PageOutputs outputs) {
        if (outputs == null) {
            throw new IllegalArgumentException("outputs must not be null");
        }
        MessageCodec codec = MessageCodec.get();
        List<ProducerRecord<String, byte[]>> records = new ArrayList<>(outputs.requests().size() + 1);
        for (CrawlRequest request : outputs.requests()) {
            records.add(new ProducerRecord<>(topics.urls(), HostKey.of(request.url()), codec.encode(request)));
        }
        PageRecord record = outputs.record();
        records.add(new ProducerRecord<>(topics.records(), record.url(), codec.encode(record)));
        return records;
    }
}
