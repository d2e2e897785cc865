package org.kcrawl.cli.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.kcrawl.common.message.MessageCodec;

/**
 * Turns Kafka messages into single lines of JSON, so whatever a topic holds, {@code crawl tail}
 * prints valid JSON Lines.
 */
final class MessageLines {
    private final ObjectMapper mapper = MessageCodec.get().mapper();
    // "{...} junk" must not pass for JSON: it would print as a line that no JSON reader accepts.
    private final ObjectReader strict = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * The message's value when it is JSON (as produced, or re-encoded on one line when it spans
     * several); the {@link #envelope} when it is not.
     */
    String json(ConsumerRecord<String, byte[]> record) {
        byte[] value = record.value();
        JsonNode tree = value == null ? null : parse(value);
        if (tree == null) {
            return envelope(record);
        }
        if (!hasLineBreak(value)) {
            return new String(value, StandardCharsets.UTF_8);
        }
        return write(tree);
    }

    /**
     * Everything about the message as one JSON object: partition, offset, timestamp, key, headers (in
     * order, repeated names kept) and the value as {@code value} text when it is UTF-8, else
     * {@code value_base64}. Header values follow the same rule.
     */
    String envelope(ConsumerRecord<String, byte[]> record) {
        ObjectNode line = mapper.createObjectNode();
        line.put("topic", record.topic());
        line.put("partition", record.partition());
        line.put("offset", record.offset());
        line.put("timestamp", record.timestamp() < 0 ? null : Instant.ofEpochMilli(record.timestamp()).toString());
        line.put("key", record.key());
        ArrayNode headers = line.putArray("headers");
        for (Header header : record.headers()) {
            ObjectNode h = headers.addObject();
            h.put("key", header.key());
            putBytes(h, "value", header.value());
        }
        putBytes(line, "value", record.value());
        return write(line);
    }

    private static void putBytes(ObjectNode node, String field, byte[] bytes) {
        if (bytes == null) {
            node.putNull(field);
            return;
        }
        String text = strictUtf8(bytes);
        if (text != null) {
            node.put(field, text);
        } else {
            node.put(field + "_base64", Base64.getEncoder().encodeToString(bytes));
        }
    }

    private JsonNode parse(byte[] value) {
        try {
            JsonNode tree = strict.readTree(value);
            return tree == null || tree.isMissingNode() ? null : tree;
        } catch (IOException e) {
            // Not JSON: the caller prints the envelope instead, which carries the bytes.
            return null;
        }
    }

    private String write(JsonNode node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a JSON tree", e);
        }
    }

    private static boolean hasLineBreak(byte[] value) {
        for (byte b : value) {
            if (b == '\n' || b == '\r') {
                return true;
            }
        }
        return false;
    }

    /** The text when {@code bytes} is well-formed UTF-8, else null. */
    static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
