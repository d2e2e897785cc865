package org.kcrawl.common.message;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Instants in messages as ISO-8601 UTC text ({@code 2026-12-02T00:31:12.345Z}), written and read
 * without {@link java.time.format.DateTimeFormatter}: every URL request, page and record carries one or
 * two, and the formatter's general parser took a quarter of the fetcher's consumer thread and about 3 %
 * of a crawl's CPU. The text is exactly {@link Instant#toString()}'s (the fraction in groups of three
 * digits, as many as needed). Reading takes that shape directly and hands anything else (an offset, an
 * epoch number, a year past 9999) to Jackson's own {@link InstantDeserializer}, so what it accepted
 * before it still accepts.
 */
final class IsoInstants {
    private static final long DAY_SECONDS = 86_400;
    /** 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the years the short form has four digits for. */
    private static final long FIRST_FAST_SECOND = -62_167_219_200L;
    private static final long END_FAST_SECOND = 253_402_300_800L;

    private IsoInstants() {}

    /** A module that writes and reads instants this way. */
    static SimpleModule module() {
        SimpleModule m = new SimpleModule("kcrawl-iso-instants");
        m.addSerializer(Instant.class, new Writer());
        m.addDeserializer(Instant.class, new Reader());
        return m;
    }

    /** Writes {@code t} into {@code buf}; returns the length, or -1 when its year needs another form. */
    private static int format(Instant t, char[] buf) {
        long seconds = t.getEpochSecond();
        if (seconds < FIRST_FAST_SECOND || seconds >= END_FAST_SECOND) {
            return -1;
        }
        long days = Math.floorDiv(seconds, DAY_SECONDS);
        int secondOfDay = (int) Math.floorMod(seconds, DAY_SECONDS);
        LocalDate date = LocalDate.ofEpochDay(days);
        digits(buf, 0, date.getYear(), 4);
        buf[4] = '-';
        digits(buf, 5, date.getMonthValue(), 2);
        buf[7] = '-';
        digits(buf, 8, date.getDayOfMonth(), 2);
        buf[10] = 'T';
        digits(buf, 11, secondOfDay / 3600, 2);
        buf[13] = ':';
        digits(buf, 14, secondOfDay / 60 % 60, 2);
        buf[16] = ':';
        digits(buf, 17, secondOfDay % 60, 2);
        int n = 19;
        int nanos = t.getNano();
        if (nanos > 0) {
            buf[n++] = '.';
            if (nanos % 1_000_000 == 0) {
                digits(buf, n, nanos / 1_000_000, 3);
                n += 3;
            } else if (nanos % 1_000 == 0) {
                digits(buf, n, nanos / 1_000, 6);
                n += 6;
            } else {
                digits(buf, n, nanos, 9);
                n += 9;
            }
        }
        buf[n++] = 'Z';
        return n;
    }

    private static void digits(char[] buf, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            buf[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /**
     * {@code s} read as {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z}, or null when it has another shape (or is
     * no valid date), for the general parser to judge.
     */
    static Instant parse(String s) {
        int len = s.length();
        if (len < 20 || len > 30 || s.charAt(len - 1) != 'Z' || s.charAt(4) != '-' || s.charAt(7) != '-'
                || s.charAt(10) != 'T' || s.charAt(13) != ':' || s.charAt(16) != ':') {
            return null;
        }
        int year = number(s, 0, 4);
        int month = number(s, 5, 2);
        int day = number(s, 8, 2);
        int hour = number(s, 11, 2);
        int minute = number(s, 14, 2);
        int second = number(s, 17, 2);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0
                || second > 59) {
            return null; // a leap second or a wrong field: the general parser decides
        }
        int nanos = 0;
        if (len > 20) {
            int digits = len - 21;
            if (s.charAt(19) != '.' || digits < 1 || digits > 9) {
                return null;
            }
            nanos = number(s, 20, digits);
            if (nanos < 0) {
                return null;
            }
            for (int i = digits; i < 9; i++) {
                nanos *= 10;
            }
        } else if (len != 20) {
            return null;
        }
        long days;
        try {
            days = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return null; // February 30th and the like: the general parser gives its own message
        }
        return Instant.ofEpochSecond(days * DAY_SECONDS + hour * 3600L + minute * 60L + second, nanos);
    }

    /** The decimal number of {@code width} digits at {@code at}, or -1 when one is not a digit. */
    private static int number(String s, int at, int width) {
        int v = 0;
        for (int i = at; i < at + width; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    static final class Writer extends StdSerializer<Instant> {
        private static final long serialVersionUID = 1L;

        Writer() {
            super(Instant.class);
        }

        @Override
        public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            char[] buf = new char[30];
            int n = format(value, buf);
            if (n < 0) {
                gen.writeString(value.toString());
            } else {
                gen.writeString(buf, 0, n);
            }
        }
    }

    static final class Reader extends JsonDeserializer<Instant> {
        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_STRING) {
                Instant fast = parse(p.getText());
                if (fast != null) {
                    return fast;
                }
            }
            return InstantDeserializer.INSTANT.deserialize(p, ctxt);
        }
    }
}
