package org.kcrawl.fetcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;

class UnackedPagesTest {
    @Test
    void closesAtTheLimitAndTellsOnceWhenThereIsRoomAgain() {
        UnackedPages budget = new UnackedPages(100);
        AtomicInteger woken = new AtomicInteger();
        budget.onRoom(woken::incrementAndGet);

        budget.take(60);
        assertThat(budget.open()).isTrue();
        budget.take(60);
        assertThat(budget.open()).as("120 of 100 held").isFalse();
        assertThat(budget.held()).isEqualTo(120);

        budget.give(10);
        assertThat(budget.open()).as("110 still too many").isFalse();
        assertThat(woken).hasValue(0);

        budget.give(60);
        assertThat(budget.open()).isTrue();
        assertThat(woken).as("crossed below the limit once").hasValue(1);

        budget.give(50);
        assertThat(budget.held()).isZero();
        assertThat(woken).as("already open: nobody to wake").hasValue(1);
    }

    @Test
    void refusesANonPositiveLimit() {
        assertThatThrownBy(() -> new UnackedPages(0)).hasMessageContaining("limit");
    }

    @Test
    void aPageCountsFromItsHandOverToOutputsUntilTheBrokerAnswers() {
        MockProducer<String, byte[]> producer = new MockProducer<>(false, null, new StringSerializer(),
                new ByteArraySerializer());
        UnackedPages budget = new UnackedPages(10_000);
        Outputs outputs = new Outputs(producer, HandlerFixture.TOPICS, Runnable::run, budget);

        var first = outputs.page(page("http://a.test/1", 6_000));
        var second = outputs.page(page("http://a.test/2", 6_000));
        assertThat(budget.held()).isEqualTo(12_000);
        assertThat(budget.open()).isFalse();

        producer.completeNext();
        assertThat(first).isCompleted();
        assertThat(budget.held()).isEqualTo(6_000);
        assertThat(budget.open()).isTrue();

        producer.errorNext(new RuntimeException("refused"));
        assertThat(second).isCompletedExceptionally();
        assertThat(budget.held()).as("a refused page is given back too").isZero();
    }

    private static FetchedPage page(String url, int bytes) {
        return new FetchedPage(SchemaVersions.PAGE, url, url, 200, Map.of(), "text/html", new byte[bytes],
                Instant.now(), 1, 0, false, null);
    }
}
