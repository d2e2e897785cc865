package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

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
}
