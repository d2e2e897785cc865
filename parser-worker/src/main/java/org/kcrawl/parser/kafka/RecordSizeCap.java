package org.kcrawl.parser.kafka;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.parser.record.ExtractionRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Encodes a page's record in at most a fixed number of bytes, cutting its extraction {@code fields}
 * when they make it larger. Extraction rules can take up to 1,000 values of 10,000 characters per
 * field, so a large page can yield a record the producer or the broker refuses; the page would then
 * be rewound and parsed again forever. Instead the largest values are cut first: every field is
 * kept whole up to one common share of the room left, so small fields stay intact and the largest
 * ones are cut to the same size (a string keeps a prefix, a list its leading values with the first
 * one that does not fit whole cut, anything else is dropped). The result depends only on the record.
 * A cut record has {@code truncated} set and {@value #TRUNCATED_FIELD}{@code : true} as its last
 * field. Thread-safe.
 */
public final class RecordSizeCap {
    /**
     * The default cap: under the broker's default {@code max.message.bytes} of 1 MiB (the records
     * topic may be created without a larger one) with room for the key, headers and batch overhead.
     */
    public static final int DEFAULT_MAX_BYTES = 900 * 1024;
    /** The field that marks a record whose fields were cut; extraction rules may not use this name. */
    public static final String TRUNCATED_FIELD = ExtractionRule.TRUNCATED_FIELD;
    /** The smallest cap accepted: a record without fields (URLs, title, description) must fit. */
    public static final int MIN_MAX_BYTES = 16 * 1024;

    private static final Logger log = LoggerFactory.getLogger(RecordSizeCap.class);
    private static final Map<String, Object> MARKER_ONLY = Map.of(TRUNCATED_FIELD, true);
    /** Per field besides its value: the name's two quotes, the colon and the separating comma. */
    private static final int ENTRY_OVERHEAD = 4;
    /** What {@link #shorten} returns for a value that cannot be cut to fit and is left out. */
    private static final Object DROPPED = new Object();

    private final int maxBytes;

    /** A cap of {@code maxBytes} bytes per encoded record. */
    public RecordSizeCap(int maxBytes) {
        if (maxBytes < MIN_MAX_BYTES) {
            throw new IllegalArgumentException("maxBytes must be >= " + MIN_MAX_BYTES + " but was " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /** The most bytes an encoded record takes. */
    public int maxBytes() {
        return maxBytes;
    }

    /**
     * {@code record} as UTF-8 JSON of at most {@link #maxBytes()} bytes, its fields cut when needed.
     * Throws {@link IllegalStateException} when even the record without fields is too large (its
     * other parts are bounded far below the minimum cap, so that is a bug).
     */
    public byte[] encode(PageRecord record) {
        if (record == null) {
            throw new IllegalArgumentException("record must not be null");
        }
        MessageCodec codec = MessageCodec.get();
        byte[] whole = codec.encode(record);
        if (whole.length <= maxBytes) {
            return whole;
        }
        byte[] bare = codec.encode(withFields(record, MARKER_ONLY));
        byte[] cut = bare;
        if (bare.length <= maxBytes) {
            // The estimates are upper bounds, so this fits; the check below guards against their being wrong.
            byte[] fitted = codec.encode(withFields(record, fit(record.fields(), maxBytes - bare.length)));
            if (fitted.length <= maxBytes) {
                cut = fitted;
            } else {
                log.error("fields of {} cut to {} bytes still encode to {} bytes; keeping none of them",
                        record.url(), maxBytes, fitted.length);
            }
        }
        if (cut.length > maxBytes) {
            throw new IllegalStateException("the record of " + record.url() + " is " + cut.length
                    + " bytes without its fields, more than the cap of " + maxBytes);
        }
        log.warn("record of {} is {} bytes, over the cap of {}; extraction fields cut to {} bytes",
                record.url(), whole.length, maxBytes, cut.length);
        return cut;
    }

    /**
     * {@code fields} within {@code room} bytes (beyond the marker, which is added last): each value
     * keeps at most one common share, the largest share that lets everything fit.
     */
    static Map<String, Object> fit(Map<String, Object> fields, long room) {
        long[] sizes = new long[fields.size()];
        long left = room;
        int i = 0;
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            sizes[i++] = JsonSize.of(e.getValue());
            left -= JsonSize.chars(e.getKey(), 0, e.getKey().length()) + ENTRY_OVERHEAD;
        }
        long share = left < 0 ? -1 : share(sizes, left);
        Map<String, Object> out = new LinkedHashMap<>();
        i = 0;
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            long size = sizes[i++];
            if (TRUNCATED_FIELD.equals(e.getKey())) {
                continue;
            }
            Object kept = size <= share ? e.getValue() : shorten(e.getValue(), share);
            if (kept != DROPPED) {
                out.put(e.getKey(), kept);
            }
        }
        out.put(TRUNCATED_FIELD, true);
        return out;
    }

    /**
     * The largest share such that the values, each taking at most the share, fit in {@code room}:
     * values are taken smallest first, and once the next one does not fit in an equal part of what
     * is left, that part is the share of it and of every larger value.
     */
    private static long share(long[] sizes, long room) {
        long[] sorted = sizes.clone();
        Arrays.sort(sorted);
        long left = room;
        for (int i = 0; i < sorted.length; i++) {
            long parts = sorted.length - i;
            if (sorted[i] > left / parts) {
                return left / parts;
            }
            left -= sorted[i];
        }
        return Long.MAX_VALUE;
    }

    /** {@code value} cut to at most {@code budget} bytes, or {@link #DROPPED}. */
    private static Object shorten(Object value, long budget) {
        if (budget < 2) {
            return DROPPED;
        }
        if (value instanceof String s) {
            return JsonSize.prefixWithin(s, budget - 2);
        }
        if (value instanceof List<?> list) {
            List<Object> kept = new ArrayList<>();
            long used = 2;
            for (Object e : list) {
                long comma = kept.isEmpty() ? 0 : 1;
                long size = JsonSize.of(e);
                if (used + comma + size <= budget) {
                    kept.add(e);
                    used += comma + size;
                    continue;
                }
                if (e instanceof String s && budget - used - comma - 2 > 0) {
                    String prefix = JsonSize.prefixWithin(s, budget - used - comma - 2);
                    if (!prefix.isEmpty()) {
                        kept.add(prefix);
                    }
                }
                break;
            }
            return kept;
        }
        return DROPPED;
    }

    private static PageRecord withFields(PageRecord r, Map<String, Object> fields) {
        return new PageRecord(r.v(), r.url(), r.finalUrl(), r.status(), r.depth(), r.contentType(), r.title(),
                r.description(), r.canonical(), r.lang(), r.links(), r.h1(), r.textLength(), r.charset(),
                r.redirectTo(), true, r.fetchedAt(), r.fetchMs(), fields);
    }
}
