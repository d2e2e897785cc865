package org.kcrawl.common.message;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Encodes and decodes the crawl's messages as JSON. Thread-safe; share one instance.
 *
 * <p>Decoding checks the schema version before binding, so a message from a newer build is
 * classified as {@link MalformedMessageException.Kind#UNSUPPORTED_VERSION} rather than half-read.
 * Unknown fields are ignored so that additive changes do not need a version bump.
 */
public final class MessageCodec {
    private static final MessageCodec INSTANCE = new MessageCodec();

    private final ObjectMapper mapper;

    private MessageCodec() {
        mapper = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .build();
    }

    /** The shared codec. */
    public static MessageCodec get() {
        return INSTANCE;
    }

    /** The configured mapper, for callers that write JSON Lines or config with the same conventions. */
    public ObjectMapper mapper() {
        return mapper;
    }

    /** Encodes a message as UTF-8 JSON. */
    public byte[] encode(Object message) {
        try {
            return mapper.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            // Our own records always serialize; failing here is a programming error.
            throw new IllegalStateException("cannot encode " + message.getClass().getSimpleName(), e);
        }
    }

    /** Encodes a message as one line of JSON, without a trailing newline. */
    public String encodeLine(Object message) {
        try {
            return mapper.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message.getClass().getSimpleName(), e);
        }
    }

    /** Decodes UTF-8 JSON into {@code type}, classifying every way it can fail. */
    public <T> T decode(byte[] bytes, Class<T> type) throws MalformedMessageException {
        if (bytes == null) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type, "null value", null);
        }
        JsonNode tree;
        try {
            tree = mapper.readTree(bytes);
        } catch (IOException e) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type,
                    "not JSON: " + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
        }
        if (tree == null || !tree.isObject()) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type,
                    "expected a JSON object", null);
        }
        JsonNode version = tree.get("v");
        if (version == null || !version.canConvertToInt() || !SchemaVersions.isReadable(version.asInt())) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNSUPPORTED_VERSION, type,
                    "schema version " + version + " is not readable by this build (reads "
                            + SchemaVersions.CURRENT + ")", null);
        }
        try {
            return mapper.treeToValue(tree, type);
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new MalformedMessageException(MalformedMessageException.Kind.INVALID_VALUE, type,
                    cause.getMessage(), e);
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type,
                    e.getOriginalMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(MalformedMessageException.Kind.INVALID_VALUE, type,
                    e.getMessage(), e);
        }
    }

    /** Reads arbitrary JSON, for tools that inspect messages generically. */
    public JsonNode readTree(byte[] bytes) {
        try {
            return mapper.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
