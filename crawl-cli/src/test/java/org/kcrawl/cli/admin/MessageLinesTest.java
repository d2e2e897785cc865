package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.MessageCodec;

class MessageLinesTest {
    private static final byte[] BINARY = {(byte) 0x28, (byte) 0xb5, (byte) 0x2f, (byte) 0xfd, 0, (byte) 0xff};

    private final MessageLines lines = new MessageLines();

    @Test
    void aJsonValueIsPrintedExactlyAsProduced() {
        String value = "{\"v\":1,\"url\":\"https://example.org/\",\"status\":200,\"title\":\"Caf\u00e9 \\\"quoted\\\"\"}";

        assertThat(lines.json(record("k", utf8(value), new RecordHeaders()))).isEqualTo(value);
    }

    @Test
    void jsonSpanningLinesIsPutOnOne() {
        String value = "{\n  \"v\" : 1,\n  \"text\" : \"a\\nb\"\r\n}";

        assertThat(lines.json(record("k", utf8(value), new RecordHeaders()))).isEqualTo("{\"v\":1,\"text\":\"a\\nb\"}");
    }

    @Test
    void aValueThatIsNotJsonGetsTheEnvelopeSoTheLineStaysJson() {
        for (String notJson : new String[] {"plain text\nover two lines", "{\"v\":1} trailing", "", "{\"open\":"}) {
            String line = lines.json(record("k", utf8(notJson), new RecordHeaders()));

            assertThat(line).doesNotContain("\n");
            assertThat(tree(line).get("value").asText()).isEqualTo(notJson);
        }
    }

    @Test
    void theEnvelopeCarriesWhereTheMessageCameFromItsHeadersAndItsBytes() {
        RecordHeaders headers = new RecordHeaders();
        headers.add("dlq.original.topic", utf8("news.pages"));
        headers.add("dlq.exception.message", utf8("schema version 9 is not readable"));
        headers.add("trace", BINARY);
        headers.add("dlq.original.topic", utf8("news.urls"));
        headers.add("empty", null);

        JsonNode line = tree(lines.envelope(record("example.org", BINARY, headers)));

        assertThat(line.get("topic").asText()).isEqualTo("news.dead-letters");
        assertThat(line.get("partition").asInt()).isEqualTo(3);
        assertThat(line.get("offset").asLong()).isEqualTo(42);
        assertThat(line.get("timestamp").asText()).isEqualTo("2026-01-02T03:04:05Z");
        assertThat(line.get("key").asText()).isEqualTo("example.org");
        assertThat(line.get("value_base64").asText()).isEqualTo(Base64.getEncoder().encodeToString(BINARY));
        assertThat(line.has("value")).isFalse();
        JsonNode h = line.get("headers");
        assertThat(h).hasSize(5);
        assertThat(h.get(0).get("key").asText()).isEqualTo("dlq.original.topic");
        assertThat(h.get(0).get("value").asText()).isEqualTo("news.pages");
        assertThat(h.get(1).get("value").asText()).isEqualTo("schema version 9 is not readable");
        assertThat(h.get(2).get("value_base64").asText()).isEqualTo(Base64.getEncoder().encodeToString(BINARY));
        assertThat(h.get(3).get("value").asText()).isEqualTo("news.urls");
        assertThat(h.get(4).get("value").isNull()).isTrue();
    }

    @Test
    void aTombstoneHasANullValueAndNoKeyIsNull() {
        JsonNode line = tree(lines.json(record(null, null, new RecordHeaders())));

        assertThat(line.get("value").isNull()).isTrue();
        assertThat(line.get("key").isNull()).isTrue();
    }

    private static ConsumerRecord<String, byte[]> record(String key, byte[] value, RecordHeaders headers) {
        return new ConsumerRecord<>("news.dead-letters", 3, 42, 1_767_323_045_000L, TimestampType.CREATE_TIME,
                -1, -1, key, value, headers, Optional.empty());
    }

    private static JsonNode tree(String line) {
        return MessageCodec.get().readTree(utf8(line));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
