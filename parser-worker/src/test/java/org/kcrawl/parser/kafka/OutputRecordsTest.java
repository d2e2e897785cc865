package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.common.topic.TopicLayout;
import org.kcrawl.common.url.UrlNormalizer;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.content.ContentExtractor;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.html.PageParser;
import org.kcrawl.parser.pipeline.PageOutputs;
import org.kcrawl.parser.pipeline.PageProcessor;
import org.kcrawl.parser.pipeline.ParserMetrics;
import org.kcrawl.parser.record.ExtractionRule;
import org.kcrawl.parser.record.FieldRule;
import org.kcrawl.parser.record.RuleExtractor;
import org.kcrawl.parser.scope.ScopeChain;
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
    void aSeedsMetaRefreshSendsItsTargetAndItsMoveBeforeTheRecord() throws Exception {
        FetchedPage seed = new FetchedPage(2, "http://site.example/", "http://site.example/", 200, Map.of(),
                "text/html", "<meta http-equiv=refresh content='0;url=http://www.site.example/'>".getBytes(
                        java.nio.charset.StandardCharsets.UTF_8), Pages.FETCHED_AT, 1, 0, false, null, 0, true);
        PageOutputs outputs = ParserWorker.processor(ParserConfig.defaults(), new ParserMetrics(new SimpleMeterRegistry()))
                .process(seed);

        List<ProducerRecord<String, byte[]>> out = records.of(outputs);

        assertThat(out).extracting(ProducerRecord::topic).containsExactly(TOPICS.urls(), TOPICS.scope(),
                TOPICS.records());
        assertThat(out).extracting(ProducerRecord::key).containsExactly("www.site.example", "www.site.example",
                "http://site.example/");
    }

    /**
     * A page of 1.9 MB whose 190 paragraphs three {@code all: true} rules each take whole (5.7 MB of
     * values) still yields one record the records topic accepts with the broker's default limits.
     */
    @Test
    void extractionRulesCannotMakeTheRecordTooLargeToPublish() throws Exception {
        Map<String, FieldRule> every = new LinkedHashMap<>();
        every.put("a", new FieldRule("p", null, true));
        every.put("b", new FieldRule("body p", null, true));
        every.put("c", new FieldRule("html p", null, true));
        every.put("title_again", FieldRule.text("title"));
        ParserConfig config = ParserConfig.defaults();
        ParserMetrics metrics = new ParserMetrics(new SimpleMeterRegistry());
        PageProcessor processor = new PageProcessor(
                new PageParser(config.urlNormalizer(), config.charsetDetector(), config.parseLimits(),
                        RuleExtractor.of(List.of(new ExtractionRule("bulk", "/fields$", every))),
                        new ContentExtractor(ContentOptions.DEFAULTS), System::nanoTime),
                config.sitemapParser(), ScopeChain.of(config.scopeSettings()), RedirectRules.defaults(5), metrics,
                Clock.systemUTC(),
                System::nanoTime);
        String paragraph = "<p>" + "x".repeat(10_000) + "</p>";
        String html = "<title>Fields</title>" + paragraph.repeat(190) + "<a href=/next>next</a>";
        assertThat(html.length()).isGreaterThan(1_900_000);

        List<ProducerRecord<String, byte[]>> out = records.of(processor.process(
                Pages.html("http://site.example/fields", html)));

        ProducerRecord<String, byte[]> last = out.get(out.size() - 1);
        assertThat(last.topic()).isEqualTo(TOPICS.records());
        assertThat(last.value().length).isLessThanOrEqualTo(RecordSizeCap.DEFAULT_MAX_BYTES);
        PageRecord record = MessageCodec.get().decode(last.value(), PageRecord.class);
        assertThat(record.truncated()).isTrue();
        assertThat(record.title()).isEqualTo("Fields");
        assertThat(record.fields()).containsEntry("title_again", "Fields")
                .containsEntry(RecordSizeCap.TRUNCATED_FIELD, true);
        assertThat(record.fields().get("a")).asInstanceOf(InstanceOfAssertFactories.LIST).isNotEmpty().hasSizeLessThan(190);
        assertThat(out).as("the link is still published").hasSize(2);
    }

    /** The cap leaves room for the key, headers and batch overhead under every limit a record meets. */
    @Test
    void theRecordCapFitsTheBrokerDefaultAndTheTopicLayoutWithHeadroom() {
        int brokerDefaultMaxMessageBytes = 1024 * 1024 + 12;
        int largestKey = UrlNormalizer.DEFAULT_MAX_INPUT_LENGTH * 3;
        int headroom = 32 * 1024;
        assertThat(RecordSizeCap.DEFAULT_MAX_BYTES + largestKey + headroom)
                .isLessThanOrEqualTo(brokerDefaultMaxMessageBytes)
                .isLessThanOrEqualTo(TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
    }

    @Test
    void refusesMissingArguments() {
        assertThatThrownBy(() -> new OutputRecords(null)).hasMessageContaining("topics");
        assertThatThrownBy(() -> new OutputRecords(TOPICS, null)).hasMessageContaining("recordCap");
        assertThatThrownBy(() -> records.of(null)).hasMessageContaining("outputs");
    }
}
