package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.kafka.AbandonedWorkException;
import org.kcrawl.common.kafka.RecordId;

/** A graceful stop's drain waits for the URLs whose request went out until their outputs are acknowledged. */
class FetchesUnderwayTest {
    @Test
    void aFetchedUrlIsUnderwayUntilItsOutputsAndMarkerAreAcknowledged() throws InterruptedException {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.robots = false;
        o.autoAck = false;
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.answer("http://a.test/1", 200, "text/html", "<html></html>", Map.of());
        FetchesUnderway underway = f.handler.underway();
        assertThat(underway.count()).isZero();

        CompletableFuture<?> stage = f.handle(f.seed("http://a.test/1"));
        f.time.advance(Duration.ofSeconds(1));

        assertThat(f.pages()).hasSize(1);
        assertThat(underway.count()).isEqualTo(1);
        assertThat(underway.awaitIdle(Duration.ofMillis(20))).as("the page is not acknowledged").isFalse();
        assertThat(f.producer.completeNext()).isTrue(); // the page
        assertThat(underway.count()).as("its seen marker is not acknowledged").isEqualTo(1);
        assertThat(f.producer.completeNext()).isTrue(); // its marker

        assertThat(stage).isCompleted();
        assertThat(underway.count()).isZero();
        assertThat(underway.awaitIdle(Duration.ofMillis(20))).isTrue();
    }

    /**
     * A partition about to be revoked: the handler names its URL whose request is out (the loop waits for it
     * before its last commit of the partition), and a URL whose turn comes meanwhile is given up unrequested,
     * uncommitted for the next owner, instead of going out to be dropped at the revoke and fetched again.
     */
    @Test
    void aRevokingPartitionNamesItsUrlsUnderwayAndStartsNoOtherRequest() {
        HandlerFixture.Options o = new HandlerFixture.Options();
        o.robots = false;
        o.autoAck = false;
        HandlerFixture f = new HandlerFixture(o);
        f.fetcher.answer("http://a.test/1", 200, "text/html", "<html></html>", Map.of());
        f.fetcher.answer("http://a.test/2", 200, "text/html", "<html></html>", Map.of());
        f.handle(f.seed("http://a.test/1"));
        f.time.advance(Duration.ofMillis(10));
        CompletableFuture<?> second = f.handle(f.seed("http://a.test/2")); // waits for the host's next turn
        assertThat(f.fetcher.requests()).containsExactly("http://a.test/1");

        TopicPartition tp = new TopicPartition(HandlerFixture.TOPICS.urls(), 0);
        assertThat(f.handler.partitionsRevoking(List.of(tp))).containsExactly(new RecordId(tp, 0));
        f.time.advance(Duration.ofSeconds(10));

        assertThat(f.fetcher.requests()).as("no request starts in a partition being revoked")
                .containsExactly("http://a.test/1");
        assertThat(second).isCompletedExceptionally();
        assertThat(second.handle((v, e) -> e).join()).isInstanceOf(AbandonedWorkException.class);
    }
}
