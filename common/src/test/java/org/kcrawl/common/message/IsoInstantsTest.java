package org.kcrawl.common.message;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.deser.DefaultDeserializationContext;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The fast instant text is Jackson's own, both ways, and whatever it does not take is read as before. */
class IsoInstantsTest {
    /** The mapper the codec had before: JavaTimeModule alone. */
    private static final ObjectMapper JACKSON = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE).build();
    private static final ObjectMapper CODEC = MessageCodec.get().mapper();

    @Test
    void writesWhatJacksonWroteAndReadsItBack() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        List<Instant> instants = new ArrayList<>(List.of(Instant.EPOCH, Instant.parse("2026-12-02T00:31:12.345Z"),
                Instant.parse("2024-02-29T23:59:59.999999999Z"), Instant.parse("0000-01-01T00:00:00Z"),
                Instant.parse("9999-12-31T23:59:59.000001Z"), Instant.parse("1969-12-31T23:59:59.1Z"),
                Instant.parse("+10000-01-01T00:00:00Z"), Instant.parse("-0001-12-31T23:59:59Z")));
        for (int i = 0; i < 20_000; i++) {
            long second = random.nextLong(-70_000_000_000L, 260_000_000_000L);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                default -> random.nextInt(1_000_000_000);
            };
            instants.add(Instant.ofEpochSecond(second, nanos));
        }
        for (Instant t : instants) {
            // Through the codec's serializer (theCodecUsesThem: IsoInstants.Writer), as messages are written.
            String json = CODEC.writeValueAsString(t);
            assertThat(json).as("written").isEqualTo(JACKSON.writeValueAsString(t)).isEqualTo('"' + t.toString() + '"');
            assertThat(CODEC.readValue(json, Instant.class)).as("read back").isEqualTo(t);
        }
    }

    @Test
    void theCodecUsesThem() throws Exception {
        assertThat(CODEC.getSerializerProviderInstance().findValueSerializer(Instant.class))
                .isInstanceOf(IsoInstants.Writer.class);
        assertThat(((DefaultDeserializationContext) CODEC.getDeserializationContext())
                .createDummyInstance(CODEC.getDeserializationConfig())
                .findRootValueDeserializer(CODEC.constructType(Instant.class))).isInstanceOf(IsoInstants.Reader.class);
    }

    @Test
    void readsOtherShapesAsJacksonDoes() throws Exception {
        for (String json : List.of("\"2026-12-02T01:31:12+01:00\"", "\"2026-12-02T00:31:12.5z\"", "1764635472",
                "1764635472.123", "\"2016-12-31T23:59:60Z\"", "\"2026-12-02T00:31:12.Z\"", "\"2026-12-02t00:31:12Z\"",
                "\"2026-12-02T00:31Z\"", "\"+12026-12-02T00:31:12Z\"", "\"2026-12-02T00:31:12.1234567890Z\"")) {
            assertThat(outcome(CODEC, json)).as(json).isEqualTo(outcome(JACKSON, json));
        }
    }

    @Test
    void refusesWhatJacksonRefused() throws Exception {
        for (String json : List.of("\"2026-02-30T00:00:00Z\"", "\"2026-13-01T00:00:00Z\"", "\"2026-12-02T24:00:00Z\"",
                "\"2026-12-02T00:60:00Z\"", "\"2026-12-02 00:31:12Z\"", "\"x026-12-02T00:31:12Z\"", "\"\"", "true")) {
            assertThat(outcome(CODEC, json)).as(json).isEqualTo(outcome(JACKSON, json));
        }
    }

    private static String outcome(ObjectMapper mapper, String json) {
        try {
            return String.valueOf(mapper.readValue(json, Instant.class));
        } catch (Exception e) {
            return "refused: " + e.getClass().getSimpleName();
        }
    }
}
