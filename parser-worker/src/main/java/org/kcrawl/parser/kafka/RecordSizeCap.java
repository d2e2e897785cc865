package org.kcrawl.parser.kafka;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.RecordText;
import org.kcrawl.parser.record.ExtractionRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Encodes a page's record in at most a fixed number of bytes, cutting what makes it larger, in this
 * order: its {@code markdown} (the same content as its {@code text}, so the first to go), then its
 * extraction {@code fields}, then its {@code text}. A record that does not fit would be refused by the
 * producer or the broker and its page rewound and parsed again forever.
 *
 * <p>Markdown and text keep a prefix (ended at a space when one is near, so no word is cut in two), and
 * the record says {@code text_truncated: true}; its hashes still describe the whole text. Text is only cut
 * when the record without markdown and fields is still too large: a page in a script of 3-byte characters
 * at a {@code max_text_chars} near the cap. Extraction rules can take up to 1,000 values of 10,000
 * characters per field, so their cut is the common one: every field is kept whole up to one common share
 * of the room left, so small fields stay intact and the largest ones are cut to the same size (a string
 * keeps a prefix, a list its leading values with the first one that does not fit whole cut, anything else
 * is dropped); such a record has {@code truncated} set and {@value #TRUNCATED_FIELD}{@code : true} as its
 * last field. The result depends only on the record. Thread-safe.
 */
public final class RecordSizeCap {
    /**
     * The default cap: under the broker's default {@code max.message.bytes} of 1 MiB (the records
     * topic may be created without a larger one) with room for the key, headers and batch overhead.
     */
    public static final int DEFAULT_MAX_BYTES = 900 * 1024;
    /** The field that marks a record whose fields were cut; extraction rules may not use this name. */
    public static final String TRUNCATED_FIELD = ExtractionRule.TRUNCATED_FIELD;
    /** The smallest cap accepted: a record without fields and text (URLs, title, description) must fit. */
    public static final int MIN_MAX_BYTES = 16 * 1024;

    private static final Logger log = LoggerFactory.getLogger(RecordSizeCap.class);
    private static final Map<String, Object> MARKER_ONLY = Map.of(TRUNCATED_FIELD, true);
    /** Per field besides its value: the name's two quotes, the colon and the separating comma. */
    private static final int ENTRY_OVERHEAD = 4;
    /** What a kept {@code markdown} adds besides its characters: {@code ,"markdown":""}. */
    private static final int MARKDOWN_ENTRY = 14;
    /** What a kept {@code text} adds besides its characters: {@code ,"text":""}. */
    private static final int TEXT_ENTRY = 10;
    /** How far back a cut text looks for a space to end at. */
    static final int WORD_BACKOFF = 200;
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
     * {@code record} as UTF-8 JSON of at most {@link #maxBytes()} bytes, its markdown, fields and text cut
     * when needed. Throws {@link IllegalStateException} when even the record without them is too large
     * (its other parts are bounded far below the minimum cap, so that is a bug).
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
        byte[] cut = shrunk(record, codec);
        log.warn("record of {} is {} bytes, over the cap of {}; cut to {} bytes", record.url(), whole.length,
                maxBytes, cut.length);
        return cut;
    }

    /** A record too large as it is, cut: its markdown, then its fields, then its text. */
    private byte[] shrunk(PageRecord record, MessageCodec codec) {
        PageRecord r = record;
        RecordText content = r.content();
        if (content.markdown() != null) {
            PageRecord without = r.withContent(content.cut(content.text(), null));
            byte[] bytes = codec.encode(without);
            if (bytes.length <= maxBytes) {
                String kept = prefix(content.markdown(), maxBytes - bytes.length - MARKDOWN_ENTRY);
                return checked(codec, without.withContent(content.cut(content.text(), kept)), bytes);
            }
            r = without;
        }
        if (!r.fields().isEmpty()) {
            PageRecord bare = r.withCutFields(MARKER_ONLY);
            byte[] bytes = codec.encode(bare);
            if (bytes.length <= maxBytes) {
                // The estimates are upper bounds, so this fits; checked() guards against their being wrong.
                return checked(codec, r.withCutFields(fit(r.fields(), maxBytes - bytes.length)), bytes);
            }
            r = bare;
        }
        if (content.text() != null) {
            PageRecord without = r.withContent(content.cut(null, null));
            byte[] bytes = codec.encode(without);
            if (bytes.length <= maxBytes) {
                String kept = prefix(content.text(), maxBytes - bytes.length - TEXT_ENTRY);
                return checked(codec, without.withContent(content.cut(kept, null)), bytes);
            }
            r = without;
        }
        throw new IllegalStateException("the record of " + record.url() + " is " + codec.encode(r).length
                + " bytes without its text, markdown and fields, more than the cap of " + maxBytes);
    }

    /** {@code cut} encoded when it fits, else {@code fallback} (which does), logging the estimate's failure. */
    private byte[] checked(MessageCodec codec, PageRecord cut, byte[] fallback) {
        byte[] bytes = codec.encode(cut);
        if (bytes.length <= maxBytes) {
            return bytes;
        }
        log.error("record of {} cut to {} bytes still encodes to {} bytes; keeping less of it", cut.url(), maxBytes,
                bytes.length);
        return fallback;
    }

    /**
     * The longest prefix of {@code s} within {@code budget} bytes of JSON (quotes excluded), ended before a
     * space when there is one among its last {@value #WORD_BACKOFF} characters; null when nothing fits.
     */
    static String prefix(String s, long budget) {
        if (budget <= 0) {
            return null;
        }
        String p = JsonSize.prefixWithin(s, budget);
        if (p.length() < s.length()) {
            for (int i = p.length(); i > 0 && i > p.length() - WORD_BACKOFF; i--) {
                if (Character.isWhitespace(p.charAt(i - 1))) {
                    p = p.substring(0, i).stripTrailing();
                    break;
                }
            }
        }
        return p.isEmpty() ? null : p;
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
}
