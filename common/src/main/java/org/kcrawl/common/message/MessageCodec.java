package org.kcrawl.common.message;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
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
 * classified as {@link MalformedMessageException.Kind#UNSUPPORTED_VERSION} rather than half-read; one of
 * the version before this build's is read (see {@link SchemaVersions}). Unknown fields are ignored so that
 * additive changes do not need a version bump.
 */
public final class MessageCodec {
    private static final MessageCodec INSTANCE = new MessageCodec(SchemaVersions.CURRENT, SchemaVersions.PAGE);
    private static final int NO_VERSION = Integer.MIN_VALUE;

    private final ObjectMapper mapper;
    /** The JSON version this codec reads as its own; it reads the one before as well. */
    private final int jsonVersion;
    /** The page frame version this codec reads as its own; it reads the one before as well. */
    private final int pageVersion;

    private MessageCodec(int jsonVersion, int pageVersion) {
        this.jsonVersion = jsonVersion;
        this.pageVersion = pageVersion;
        mapper = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .addModule(IsoInstants.module()) // after JavaTimeModule: its Instant handlers win
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .build();
    }

    /** The shared codec. */
    public static MessageCodec get() {
        return INSTANCE;
    }

    /**
     * A codec that reads as a build of versions {@code jsonVersion} and {@code pageVersion} would: how a
     * test shows what the next build makes of the messages this one writes.
     */
    static MessageCodec readingAs(int jsonVersion, int pageVersion) {
        return new MessageCodec(jsonVersion, pageVersion);
    }

    /** The configured mapper, for callers that write JSON Lines or config with the same conventions. */
    public ObjectMapper mapper() {
        return mapper;
    }

    /**
     * Encodes a message for its topic: UTF-8 JSON, except a {@link FetchedPage}, which is framed with
     * its body as raw bytes (see {@link PageFrame}).
     */
    public byte[] encode(Object message) {
        if (message instanceof FetchedPage page) {
            return PageFrame.encode(page, mapper);
        }
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

    /**
     * Decodes UTF-8 JSON into {@code type}, classifying every way it can fail.
     *
     * <p>The schema version is read first by a streaming scan that stops at {@code "v"} (written
     * first by {@link #encode}), then the bytes are bound directly: going through a tree would copy
     * every value. A {@link FetchedPage} is read from its binary frame, or from the JSON of version 1.
     */
    public <T> T decode(byte[] bytes, Class<T> type) throws MalformedMessageException {
        if (bytes == null) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type, "null value", null);
        }
        if (type == FetchedPage.class && PageFrame.isFramed(bytes)) {
            return type.cast(PageFrame.decode(bytes, mapper, pageVersion));
        }
        int version = schemaVersion(bytes, type);
        if (!SchemaVersions.readable(jsonVersion, SchemaVersions.FIRST, version)) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNSUPPORTED_VERSION, type,
                    "schema version " + (version == NO_VERSION ? "null" : Integer.toString(version))
                            + " is not readable by this build (reads "
                            + SchemaVersions.readableRange(jsonVersion, SchemaVersions.FIRST) + ")", null);
        }
        try {
            return mapper.readValue(bytes, type);
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new MalformedMessageException(MalformedMessageException.Kind.INVALID_VALUE, type,
                    cause.getMessage(), e);
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type,
                    e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException(MalformedMessageException.Kind.INVALID_VALUE, type,
                    e.getMessage(), e);
        }
    }

    /** The top-level {@code "v"} of a JSON object, or {@link #NO_VERSION} when it is absent or not an int. */
    private int schemaVersion(byte[] bytes, Class<?> type) throws MalformedMessageException {
        try (JsonParser parser = mapper.getFactory().createParser(bytes)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type,
                        "expected a JSON object", null);
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                boolean isVersion = "v".equals(parser.currentName());
                JsonToken value = parser.nextToken();
                if (isVersion) {
                    return value == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT
                            ? parser.getIntValue() : NO_VERSION;
                }
                parser.skipChildren();
            }
            return NO_VERSION;
        } catch (IOException e) {
            throw new MalformedMessageException(MalformedMessageException.Kind.UNPARSEABLE, type,
                    "not JSON: " + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
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
