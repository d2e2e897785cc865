package org.kcrawl.parser.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.RecordMetadata;
import org.kcrawl.common.message.RecordText;
import org.kcrawl.common.message.SchemaVersions;

class RecordSizeCapTest {
    private static final int CAP = RecordSizeCap.DEFAULT_MAX_BYTES;
    private final RecordSizeCap cap = new RecordSizeCap(CAP);

    private static PageRecord record(Map<String, Object> fields) {
        return new PageRecord(SchemaVersions.CURRENT, "https://site.example/p", "https://site.example/p", 200, 1,
                "text/html", "title", "description", null, "en", 3, "h1", 100, "UTF-8", null, false,
                Instant.parse("2025-01-02T03:04:05Z"), 12, fields);
    }

    private static List<String> values(int n, int chars, char c) {
        return Collections.nCopies(n, String.valueOf(c).repeat(chars));
    }

    private static PageRecord decode(byte[] bytes) throws Exception {
        return MessageCodec.get().decode(bytes, PageRecord.class);
    }

    @Test
    void aRecordWithinTheCapIsEncodedAsItIs() throws Exception {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("price", "12.50");
        fields.put("images", List.of("https://site.example/a.png", "https://site.example/b.png"));
        fields.put("missing", null);
        PageRecord r = record(fields);

        byte[] bytes = cap.encode(r);

        assertThat(bytes).isEqualTo(MessageCodec.get().encode(r));
        assertThat(decode(bytes).truncated()).isFalse();
        assertThat(decode(bytes).fields()).doesNotContainKey(RecordSizeCap.TRUNCATED_FIELD);
    }

    /** The 1.9 MiB page with three {@code all: true} fields over every paragraph: 5.7 MB of values. */
    @Test
    void threeHugeFieldsAreCutToEqualSharesAndTheRecordIsMarked() throws Exception {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("a", values(190, 10_000, 'x'));
        fields.put("price", "12.50");
        fields.put("b", values(190, 10_000, 'y'));
        fields.put("c", values(190, 10_000, 'z'));
        PageRecord r = record(fields);
        assertThat(MessageCodec.get().encode(r).length).isGreaterThan(5_700_000);

        byte[] bytes = cap.encode(r);

        assertThat(bytes.length).isLessThanOrEqualTo(CAP).isGreaterThan(CAP * 9 / 10);
        assertThat(cap.encode(r)).as("the same every time").isEqualTo(bytes);
        PageRecord out = decode(bytes);
        assertThat(out.truncated()).isTrue();
        assertThat(out.title()).isEqualTo("title");
        assertThat(out.fields()).containsEntry("price", "12.50").containsEntry(RecordSizeCap.TRUNCATED_FIELD, true);
        assertThat(new ArrayList<>(out.fields().keySet()))
                .containsExactly("a", "price", "b", "c", RecordSizeCap.TRUNCATED_FIELD);
        long[] sizes = new long[3];
        int i = 0;
        for (String name : List.of("a", "b", "c")) {
            @SuppressWarnings("unchecked")
            List<String> kept = (List<String>) out.fields().get(name);
            assertPrefixOf(kept, (List<?>) fields.get(name));
            sizes[i++] = JsonSize.of(kept);
        }
        assertThat(sizes[0]).as("equal shares").isEqualTo(sizes[1]).isEqualTo(sizes[2]);
    }

    @Test
    void theLargestFieldsAreCutFirstAndSmallerOnesStayWhole() throws Exception {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("small", values(10, 1_000, 's'));
        fields.put("medium", "m".repeat(300_000));
        fields.put("large", values(200, 10_000, 'l'));
        fields.put("larger", "L".repeat(3_000_000));
        PageRecord r = record(fields);

        PageRecord out = decode(cap.encode(r));

        assertThat(out.fields().get("small")).isEqualTo(fields.get("small"));
        assertThat(out.fields().get("medium")).isEqualTo(fields.get("medium"));
        @SuppressWarnings("unchecked")
        List<String> large = (List<String>) out.fields().get("large");
        assertPrefixOf(large, (List<?>) fields.get("large"));
        assertThat(large).hasSizeLessThan(200);
        String larger = (String) out.fields().get("larger");
        assertThat((String) fields.get("larger")).startsWith(larger);
        assertThat(larger.length()).isLessThan(3_000_000);
        assertThat(Math.abs(JsonSize.of(larger) - JsonSize.of(large)))
                .as("both cut to the same share").isLessThan(10_002);
    }

    @Test
    void escapedAndMultiByteCharactersStayWithinTheCapAndPairsAreNeverSplit() throws Exception {
        String nasty = "\"\\\u0001\n" + "é" + "中" + "\uD83D\uDE00"; // quote, backslash, controls, 2-, 3- and 4-byte
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("text", nasty.repeat(200_000));
        fields.put("list", Collections.nCopies(1_000, nasty.repeat(1_000)));
        PageRecord r = record(fields);

        byte[] bytes = cap.encode(r);

        assertThat(bytes.length).isLessThanOrEqualTo(CAP);
        PageRecord out = decode(bytes);
        String text = (String) out.fields().get("text");
        assertThat(nasty.repeat(200_000)).startsWith(text);
        assertThat(text).isNotEmpty();
        assertThat(Character.isHighSurrogate(text.charAt(text.length() - 1))).isFalse();
        @SuppressWarnings("unchecked")
        List<String> list = (List<String>) out.fields().get("list");
        assertPrefixOf(list, (List<?>) fields.get("list"));
        assertThat(list).isNotEmpty();
    }

    @Test
    void aValueThatCannotBeCutIsLeftOutButTheRecordIsKept() throws Exception {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("kept", "k");
        fields.put("object", Map.of("blob", "o".repeat(2_000_000)));
        PageRecord r = record(fields);

        PageRecord out = decode(cap.encode(r));

        assertThat(out.fields()).containsOnlyKeys("kept", RecordSizeCap.TRUNCATED_FIELD);
        assertThat(out.url()).isEqualTo(r.url());
    }

    @Test
    void aSmallCapStillKeepsEveryFieldAShare() throws Exception {
        RecordSizeCap small = new RecordSizeCap(RecordSizeCap.MIN_MAX_BYTES);
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            fields.put("f" + i, values(50, 10_000, (char) ('a' + i)));
        }
        byte[] bytes = small.encode(record(fields));

        assertThat(bytes.length).isLessThanOrEqualTo(RecordSizeCap.MIN_MAX_BYTES);
        assertThat(decode(bytes).fields()).hasSize(21).allSatisfy((k, v) -> assertThat(v).isNotNull());
    }

    private static PageRecord withText(String text, String markdown, Map<String, Object> fields) {
        return new PageRecord(SchemaVersions.CURRENT, "https://site.example/p", "https://site.example/p", 200, 1,
                "text/html", "title", "description", null, "en", 3, "h1", 100,
                new RecordText(text, false, markdown, "0123456789abcdef0123456789abcdef", "0123456789abcdef", null),
                new RecordMetadata("An Author", "2026-12-06", null, null, null, "article", List.of("k"), 0),
                "UTF-8", null, false, Instant.parse("2025-01-02T03:04:05Z"), 12, fields, false);
    }

    /** Words of 3-byte characters: 200,000 characters of them take about 600 KB of JSON. */
    private static String cjk(int chars) {
        StringBuilder b = new StringBuilder(chars);
        while (b.length() < chars) {
            b.append("\u4e2d\u6587\u7ef4\u57fa\u767e\u79d1 ");
        }
        return b.substring(0, chars);
    }

    @Test
    void markdownIsCutFirstAndTheTextStaysWhole() throws Exception {
        String text = cjk(200_000);
        String markdown = "# " + cjk(200_000);
        PageRecord r = withText(text, markdown, Map.of("price", "12.50"));
        assertThat(MessageCodec.get().encode(r).length).isGreaterThan(CAP);

        byte[] bytes = cap.encode(r);

        assertThat(bytes.length).isLessThanOrEqualTo(CAP).isGreaterThan(CAP - 1_000);
        PageRecord out = decode(bytes);
        assertThat(out.content().text()).isEqualTo(text);
        assertThat(markdown).startsWith(out.content().markdown());
        assertThat(out.content().markdown().length()).isLessThan(markdown.length()).isGreaterThan(50_000);
        assertThat(out.content().markdown()).as("ended at a word").endsWith("\u79d1");
        assertThat(out.content().textTruncated()).isTrue();
        assertThat(out.truncated()).as("the page itself was read whole").isFalse();
        assertThat(out.content().textHash()).isEqualTo(r.content().textHash());
        assertThat(out.metadata()).isEqualTo(r.metadata());
        assertThat(out.fields()).isEqualTo(Map.of("price", "12.50"));
        assertThat(cap.encode(r)).as("the same every time").isEqualTo(bytes);
    }

    @Test
    void fieldsAreCutBeforeTheTextAndMarkdownBeforeEither() throws Exception {
        String text = cjk(100_000);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("price", "12.50");
        fields.put("paragraphs", values(190, 10_000, 'p'));
        PageRecord r = withText(text, "# " + text, fields);

        PageRecord out = decode(cap.encode(r));

        assertThat(out.content().markdown()).isNull();
        assertThat(out.content().text()).isEqualTo(text);
        assertThat(out.content().textTruncated()).isTrue();
        assertThat(out.truncated()).isTrue();
        assertThat(out.fields()).containsEntry("price", "12.50").containsEntry(RecordSizeCap.TRUNCATED_FIELD, true);
        @SuppressWarnings("unchecked")
        List<String> kept = (List<String>) out.fields().get("paragraphs");
        assertPrefixOf(kept, (List<?>) fields.get("paragraphs"));
        assertThat(kept).isNotEmpty();
    }

    @Test
    void aTextLargerThanTheCapOnItsOwnIsCutAndTheRecordKept() throws Exception {
        String text = cjk(400_000);
        PageRecord r = withText(text, null, Map.of());

        byte[] bytes = cap.encode(r);

        assertThat(bytes.length).isLessThanOrEqualTo(CAP).isGreaterThan(CAP - 1_000);
        PageRecord out = decode(bytes);
        assertThat(text).startsWith(out.content().text());
        assertThat(out.content().textTruncated()).isTrue();
        assertThat(out.fields()).as("no fields, so none marked").isEmpty();
        assertThat(out.truncated()).isFalse();
        assertThat(out.content().simhash()).isEqualTo(r.content().simhash());
    }

    @Test
    void aTextWithinTheCapIsNotTouched() throws Exception {
        PageRecord r = withText("Paragraph one.\n\nParagraph two.", "Paragraph *one*.", Map.of());

        assertThat(cap.encode(r)).isEqualTo(MessageCodec.get().encode(r));
        assertThat(decode(cap.encode(r)).content().textTruncated()).isFalse();
    }

    @Test
    void aCutEndsAtASpaceNearItsEndOrAtTheCharacterWhereThereIsNone() {
        assertThat(RecordSizeCap.prefix("one two three", 9)).isEqualTo("one two");
        assertThat(RecordSizeCap.prefix("x".repeat(1_000), 300)).hasSize(300);
        assertThat(RecordSizeCap.prefix("one two three", 0)).isNull();
        assertThat(RecordSizeCap.prefix("whole", 100)).isEqualTo("whole");
    }

    @Test
    void refusesACapTooSmallForARecordWithoutFields() {
        assertThatThrownBy(() -> new RecordSizeCap(1_000)).hasMessageContaining("maxBytes");
        assertThatThrownBy(() -> cap.encode(null)).hasMessageContaining("record");
    }

    private static void assertPrefixOf(List<String> kept, List<?> original) {
        assertThat(kept.size()).isLessThanOrEqualTo(original.size());
        for (int i = 0; i < kept.size(); i++) {
            String o = (String) original.get(i);
            if (i < kept.size() - 1) {
                assertThat(kept.get(i)).isEqualTo(o);
            } else {
                assertThat(o).startsWith(kept.get(i));
            }
        }
    }
}
