package org.kcrawl.common.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;

/**
 * The wire format of a {@link FetchedPage} from schema version 2 on: the page's fields as a small
 * JSON header, then the body as raw bytes.
 *
 * <pre>
 * byte 0      0x00 (a JSON text never starts with it, so version 1 pages still read as JSON)
 * byte 1      frame version, 2
 * bytes 2-5   header length N, big-endian
 * bytes 6..   N bytes of UTF-8 JSON: every field of the page except the body, "v" first
 * the rest    the body, as fetched
 * </pre>
 *
 * <p>Version 1 carried the body base64-encoded inside the JSON: a third larger, and encoding and
 * decoding it cost more CPU than parsing the page. Here the body is copied once each way.
 */
final class PageFrame {
    /** First byte of a framed page. */
    static final byte MARKER = 0x00;
    /** Bytes before the header: marker, version, header length. */
    static final int PREFIX_BYTES = 6;

    private PageFrame() {}

    /** True when {@code bytes} start like a framed page rather than JSON. */
    static boolean isFramed(byte[] bytes) {
        return bytes.length > 0 && bytes[0] == MARKER;
    }

    /** The frame of {@code page}. */
    static byte[] encode(FetchedPage page, ObjectMapper mapper) {
        byte[] header;
        try {
            header = mapper.writeValueAsBytes(Header.of(page));
        } catch (JsonProcessingException e) {
            // Our own record always serializes; failing here is a programming error.
            throw new IllegalStateException("cannot encode the header of " + page, e);
        }
        byte[] body = page.body();
        byte[] frame = new byte[PREFIX_BYTES + header.length + body.length];
        frame[0] = MARKER;
        frame[1] = (byte) SchemaVersions.PAGE;
        writeInt(frame, 2, header.length);
        System.arraycopy(header, 0, frame, PREFIX_BYTES, header.length);
        System.arraycopy(body, 0, frame, PREFIX_BYTES + header.length, body.length);
        return frame;
    }

    /**
     * The page in {@code frame}, which {@link #isFramed} accepted, read by a build whose frame version is
     * {@code current}: frames of that version and of the one before it are read.
     */
    static FetchedPage decode(byte[] frame, ObjectMapper mapper, int current) throws MalformedMessageException {
        if (frame.length < PREFIX_BYTES) {
            throw malformed(MalformedMessageException.Kind.UNPARSEABLE,
                    "a framed page of " + frame.length + " bytes is shorter than its " + PREFIX_BYTES + "-byte prefix",
                    null);
        }
        int version = frame[1] & 0xFF;
        if (!SchemaVersions.readable(current, SchemaVersions.FIRST_FRAME, version)) {
            throw malformed(MalformedMessageException.Kind.UNSUPPORTED_VERSION, "frame version " + version
                    + " is not readable by this build (reads "
                    + SchemaVersions.readableRange(current, SchemaVersions.FIRST_FRAME) + ")", null);
        }
        int headerLength = readInt(frame, 2);
        if (headerLength < 2 || headerLength > frame.length - PREFIX_BYTES) {
            throw malformed(MalformedMessageException.Kind.UNPARSEABLE, "header length " + headerLength
                    + " does not fit a frame of " + frame.length + " bytes", null);
        }
        Header header;
        try {
            header = mapper.readValue(frame, PREFIX_BYTES, headerLength, Header.class);
        } catch (ValueInstantiationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw malformed(MalformedMessageException.Kind.INVALID_VALUE, cause.getMessage(), e);
        } catch (JsonProcessingException e) {
            throw malformed(MalformedMessageException.Kind.UNPARSEABLE, "header: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw malformed(MalformedMessageException.Kind.UNPARSEABLE, "header: " + e.getMessage(), e);
        }
        if (header.v != version) {
            throw malformed(MalformedMessageException.Kind.UNSUPPORTED_VERSION, "header version " + header.v
                    + " does not match frame version " + version, null);
        }
        byte[] body = Arrays.copyOfRange(frame, PREFIX_BYTES + headerLength, frame.length);
        try {
            return new FetchedPage(header.v, header.requestedUrl, header.finalUrl, header.status, header.headers,
                    header.contentType, body, header.fetchedAt, header.fetchMs, header.depth, header.truncated,
                    header.redirectTo, header.hops, header.seed, header.rendered, header.notModified, header.revisitOf,
                    header.capture);
        } catch (IllegalArgumentException e) {
            throw malformed(MalformedMessageException.Kind.INVALID_VALUE, e.getMessage(), e);
        }
    }

    private static MalformedMessageException malformed(MalformedMessageException.Kind kind, String message,
                                                       Throwable cause) {
        return new MalformedMessageException(kind, FetchedPage.class, message, cause);
    }

    private static void writeInt(byte[] to, int at, int value) {
        to[at] = (byte) (value >>> 24);
        to[at + 1] = (byte) (value >>> 16);
        to[at + 2] = (byte) (value >>> 8);
        to[at + 3] = (byte) value;
    }

    private static int readInt(byte[] from, int at) {
        return (from[at] & 0xFF) << 24 | (from[at + 1] & 0xFF) << 16 | (from[at + 2] & 0xFF) << 8 | (from[at + 3] & 0xFF);
    }

    /** Every field of a page but its body, named as in version 1. Checks are left to {@link FetchedPage}. */
    record Header(
            @JsonProperty("v") int v,
            @JsonProperty("requested_url") String requestedUrl,
            @JsonProperty("final_url") String finalUrl,
            @JsonProperty("status") int status,
            @JsonProperty("headers") Map<String, String> headers,
            @JsonProperty("content_type") String contentType,
            @JsonProperty("fetched_at") Instant fetchedAt,
            @JsonProperty("fetch_ms") long fetchMs,
            @JsonProperty("depth") int depth,
            @JsonProperty("truncated") boolean truncated,
            @JsonProperty("redirect_to") String redirectTo,
            @JsonProperty("hops") @JsonInclude(JsonInclude.Include.NON_DEFAULT) int hops,
            @JsonProperty("seed") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean seed,
            @JsonProperty("rendered") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean rendered,
            @JsonProperty("not_modified") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean notModified,
            @JsonProperty("revisit_of") @JsonInclude(JsonInclude.Include.NON_NULL) Instant revisitOf,
            @JsonProperty("capture") @JsonInclude(JsonInclude.Include.NON_NULL) Capture capture) {

        static Header of(FetchedPage p) {
            return new Header(SchemaVersions.PAGE, p.requestedUrl(), p.finalUrl(), p.status(), p.headers(),
                    p.contentType(), p.fetchedAt(), p.fetchMs(), p.depth(), p.truncated(), p.redirectTo(),
                    p.hops(), p.seed(), p.rendered(), p.notModified(), p.revisitOf(), p.capture());
        }
    }
}
