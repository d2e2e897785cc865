package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.pipeline.PageOutputs;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.kcrawl.parser.testing.Pages;

class OutputRecordsTest {
    private static final CrawlTopics TOPICS = new CrawlTopics("unit");
    private final OutputRecords records = new OutputRecords(TOPICS);

    @Test
    void linksGoToTheUrlsTopicKeyedByHostAndTheRecordLastKeyedByUrl() throws Exception {
        PageOutputs outputs = ParserWorker.processor(ParserConfig.defaults(), new ParserMetrics(new SimpleMeterRegistry()))
                .process(Pages.html("http://Site.Example/dir/page", "<title>P</title><a href='a'>a</a>"
                        + "<a href='//SITE.example:80/b?utm_source=x'>b</a><a href='http://other.example/'>out</a>"));

        List<ProducerRecord<String, byte[]>> out = records.of(outputs);

        assertThat(out).hasSize(3);
        assertThat(out.subList(0, 2)).allSatisfy(r -> {
            assertThat(r.topic()).isEqualTo(TOPICS.urls());
            assertThat(r.key()).isEqualTo("site.example");
        });
        assertThat(out.subList(0, 2)).extracting(r -> MessageCodec.get().decode(r.value(), CrawlRequest.class).url())
                .containsExactly("http://site.example/dir/a", "http://site.example/b");
        ProducerRecord<String, byte[]> last = out.get(2);
        assertThat(last.topic()).isEqualTo(TOPICS.records());
        assertThat(last.key()).isEqualTo("http://Site.Example/dir/page");
        PageRecord record = MessageCodec.get().decode(last.value(), PageRecord.class);
        assertThat(record.title()).isEqualTo("P");
    }

    @Test
    void refusesMissingArguments() {
        assertThatThrownBy(() -> new OutputRecords(null)).hasMessageContaining("topics");
        assertThatThrownBy(() -> records.of(null)).hasMessageContaining("outputs");
    }
}
