package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class OutputWarmupTest {
    /** A producer that records which topics' metadata it was asked for, and has none of {@code missing}. */
    private static final class AskedProducer extends MockProducer<String, byte[]> {
        final List<String> asked = new ArrayList<>();
        private final String missing;

        AskedProducer(String missing) {
            super(true, null, new StringSerializer(), new ByteArraySerializer());
            this.missing = missing;
        }

        @Override
        public synchronized List<PartitionInfo> partitionsFor(String topic) {
            asked.add(topic);
            if (topic.equals(missing)) {
                throw new TimeoutException("Topic " + topic + " not present in metadata after 60000 ms.");
            }
            return List.of();
        }
    }

    @Test
    void fetchesEveryTopicsMetadataAndSendsNothing() {
        AskedProducer producer = new AskedProducer(null);

        List<String> warmed = new OutputWarmup(producer, Compression.zstd().build())
                .warm(List.of("c.pages", "c.seen", "c.urls"), List.of(Map.of("v", 1), List.of("a", "b")));

        assertThat(producer.asked).containsExactly("c.pages", "c.seen", "c.urls");
        assertThat(warmed).containsExactly("c.pages", "c.seen", "c.urls");
        assertThat(producer.history()).as("records sent").isEmpty();
    }

    /**
     * A broker that does not answer makes each metadata request wait the producer's max.block.ms: the warm-up
     * stops at the first that fails instead of waiting that long for every topic before the worker starts.
     */
    @Test
    void stopsAtTheFirstTopicWithoutMetadata() {
        AskedProducer producer = new AskedProducer("c.seen");

        List<String> warmed = new OutputWarmup(producer, Compression.zstd().build())
                .warm(List.of("c.pages", "c.seen", "c.urls"), List.of());

        assertThat(producer.asked).containsExactly("c.pages", "c.seen");
        assertThat(warmed).containsExactly("c.pages");
    }

    @Test
    void aSampleTheCodecCannotEncodeIsSkipped() {
        AskedProducer producer = new AskedProducer(null);
        Object unencodable = new Object() {
            @SuppressWarnings("unused")
            public Object getSelf() {
                return this; // a cycle: Jackson refuses it
            }
        };

        List<String> warmed = new OutputWarmup(producer, Compression.NONE)
                .warm(List.of("c.pages"), List.of(unencodable, Map.of("v", 1)));

        assertThat(warmed).containsExactly("c.pages");
    }
}
