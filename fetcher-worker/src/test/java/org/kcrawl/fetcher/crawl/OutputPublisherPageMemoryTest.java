package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.http.client.PageMemory;

/** The outputs count a page in the {@link PageMemory} from its hand-over until the broker has answered. */
class OutputPublisherPageMemoryTest {
    @Test
    void aPageCountsFromItsHandOverToOutputsUntilTheBrokerAnswers() {
        MockProducer<String, byte[]> producer = new MockProducer<>(false, null, new StringSerializer(),
                new ByteArraySerializer());
        PageMemory pages = new PageMemory(10_000, 10_000, 1_000);
        OutputPublisher outputs = new OutputPublisher(producer, HandlerFixture.TOPICS, Runnable::run, pages);

        var first = outputs.page(page("http://a.test/1", 6_000));
        var second = outputs.page(page("http://a.test/2", 6_000));
        assertThat(pages.unacked()).isEqualTo(12_000);
        assertThat(pages.open()).isFalse();

        producer.completeNext();
        assertThat(first).isCompleted();
        assertThat(pages.unacked()).isEqualTo(6_000);
        assertThat(pages.open()).isTrue();

        producer.errorNext(new RuntimeException("refused"));
        assertThat(second).isCompletedExceptionally();
        assertThat(pages.unacked()).as("a refused page is given back too").isZero();
    }


    private static FetchedPage page(String url, int bytes) {
        return new FetchedPage(SchemaVersions.PAGE, url, url, 200, Map.of(), "text/html", new byte[bytes],
                Instant.now(), 1, 0, false, null);
    }
}
