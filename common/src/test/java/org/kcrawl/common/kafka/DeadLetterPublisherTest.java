package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class DeadLetterPublisherTest {
    private final MockProducer<String, byte[]> producer =
            new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer());
    private final DeadLetterPublisher publisher = new DeadLetterPublisher(producer, "t.dead-letters");
    private final byte[] big = new byte[5 * 1024 * 1024];
    private final ConsumerRecord<String, byte[]> record = new ConsumerRecord<>("t.pages", 2, 41L, "h", big);

    @Test
    void aMessageTheBrokerCannotTakeWholeIsDeadLetteredTruncated() {
        Arrays.fill(big, (byte) 'x');
        var acked = publisher.publish(record, new IllegalStateException("page too big"));

        producer.errorNext(new RecordTooLargeException("5 MiB is over max.request.size"));
        assertThat(acked).as("not failed: a smaller dead letter goes out").isNotDone();
        producer.completeNext();

        assertThat(acked).isCompleted();
        ProducerRecord<String, byte[]> sent = producer.history().get(1);
        assertThat(sent.value()).hasSize(DeadLetterPublisher.TRUNCATED_VALUE_BYTES);
        assertThat(header(sent, DeadLetterPublisher.TRUNCATED)).isEqualTo("true");
        assertThat(header(sent, DeadLetterPublisher.ORIGINAL_SIZE)).isEqualTo(Integer.toString(big.length));
        assertThat(header(sent, DeadLetterPublisher.ORIGINAL_SHA256)).hasSize(64);
        assertThat(header(sent, DeadLetterPublisher.ORIGINAL_OFFSET)).isEqualTo("41");
    }

    @Test
    void aFailureThatARetryCanFixIsReportedAsIs() {
        var acked = publisher.publish(record, new IllegalStateException("bad"));
        producer.errorNext(new TimeoutException("broker away"));

        assertThat(acked).isCompletedExceptionally();
        assertThat(producer.history()).hasSize(1);
    }

    private static String header(ProducerRecord<String, byte[]> r, String name) {
        return new String(r.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
