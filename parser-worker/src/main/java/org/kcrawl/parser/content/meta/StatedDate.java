package org.kcrawl.parser.content.meta;

import java.time.DateTimeException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;

/**
 * Normalizes a date as a page states it into ISO 8601, or gives null when it cannot be read: never a
 * guess. Read are ISO 8601 dates and date-times in extended or basic form ({@code 2019-06-20},
 * {@code 2019-06-20T15:32:00.000Z}, {@code 2019-06-20 14:39:54}, {@code 20190620T153200+0200},
 * {@code 2019/06/20}), with an offset as {@code Z}, {@code +02:00}, {@code +0200}, {@code +02},
 * {@code UTC} or {@code GMT}, and RFC 1123 dates ({@code Thu, 20 Jun 2019 15:32:00 GMT}).
 *
 * <p>The result keeps what was stated and no more: a date stays a date ({@code 2019-06-20}); a
 * date-time is given to the second ({@code 2019-06-20T15:32:00}), fractions dropped, with its offset
 * ({@code Z} for zero, else {@code +02:00}) only when one was stated. Partial dates (a year, a month),
 * impossible ones (February 30, hour 25) and years outside 1000-2999 (0000 and 9999 sentinels, garbage)
 * are left out.
 */
public final class StatedDate {
    /** Longest value looked at; a longer one is not a date. */
    static final int MAX_LENGTH = 64;
    static final int MIN_YEAR = 1000;
    static final int MAX_YEAR = 2999;

    /** Strict: February 31 is not read as the 28th, nor a wrong weekday accepted. */
    private static final DateTimeFormatter RFC_1123 = DateTimeFormatter.RFC_1123_DATE_TIME
            .withResolverStyle(ResolverStyle.STRICT);

    private final String s;
    private int pos;

    private StatedDate(String s) {
        this.s = s;
    }

    /** The ISO 8601 form of {@code value}, or null when it is not a full date this class reads. */
    public static String normalize(String value) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        if (v.isEmpty() || v.length() > MAX_LENGTH) {
            return null;
        }
        if (Character.isLetter(v.charAt(0)) || v.length() > 2 && Character.isDigit(v.charAt(0)) && v.charAt(2) == ' ') {
            return rfc1123(v);
        }
        return new StatedDate(v).iso();
    }

    private String iso() {
        int year = digits(4);
        if (year < 0) {
            return null;
        }
        char sep = peek();
        boolean basic = Character.isDigit(sep);
        if (!basic && sep != '-' && sep != '/') {
            return null;
        }
        if (!basic) {
            pos++;
        }
        int month = digits(2);
        if (month < 0 || !basic && !take(sep)) {
            return null;
        }
        int day = digits(2);
        if (day < 0 || !validDate(year, month, day)) {
            return null;
        }
        String date = pad(new StringBuilder(25), year, 4).append('-').append(two(month)).append('-').append(two(day))
                .toString();
        if (pos == s.length()) {
            return date;
        }
        char t = s.charAt(pos);
        if (t != 'T' && t != 't' && t != ' ') {
            return null;
        }
        pos++;
        String time = time(basic);
        return time == null ? null : date + "T" + time;
    }

    /** {@code HH:mm[:ss[.fff]]} (or {@code HHmm[ss]} after a basic date) and an optional offset, to the end. */
    private String time(boolean basic) {
        int hour = digits(2);
        boolean colons = !basic || peek() == ':';
        if (hour < 0 || colons && !take(':')) {
            return null;
        }
        int minute = digits(2);
        int second = 0;
        if (colons ? take(':') : Character.isDigit(peek())) {
            second = digits(2);
        }
        if (minute < 0 || second < 0 || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        if (peek() == '.' || peek() == ',') {
            pos++;
            int from = pos;
            while (Character.isDigit(peek())) {
                pos++;
            }
            if (pos == from) {
                return null;
            }
        }
        String local = two(hour) + ":" + two(minute) + ":" + two(second);
        while (peek() == ' ') {
            pos++;
        }
        if (pos == s.length()) {
            return local;
        }
        String offset = offset();
        return offset == null || pos != s.length() ? null : local + offset;
    }

    /** {@code Z}, {@code UTC}, {@code GMT} (each maybe followed by a signed offset), or a signed offset. */
    private String offset() {
        boolean named = false;
        if (take('Z') || take('z')) {
            return "Z";
        }
        if (s.startsWith("UTC", pos) || s.startsWith("GMT", pos)) {
            pos += 3;
            named = true;
            if (pos == s.length()) {
                return "Z";
            }
        }
        char sign = peek();
        if (sign != '+' && sign != '-') {
            return null;
        }
        pos++;
        int hours = digits(2);
        if (hours < 0) {
            return null;
        }
        int minutes = 0;
        if (take(':') || Character.isDigit(peek())) {
            minutes = digits(2);
        }
        if (minutes < 0 || hours > 18 || minutes > 59 || named && pos != s.length()) {
            return null;
        }
        if (hours == 0 && minutes == 0) {
            return "Z";
        }
        return sign + two(hours) + ":" + two(minutes);
    }

    private static String rfc1123(String v) {
        try {
            ZonedDateTime t = ZonedDateTime.parse(v, RFC_1123);
            if (t.getYear() < MIN_YEAR || t.getYear() > MAX_YEAR) {
                return null;
            }
            return new StatedDate(t.toOffsetDateTime().toString()).iso();
        } catch (DateTimeException e) {
            return null; // not a date in that form either: left out, as the class promises
        }
    }

    private static boolean validDate(int year, int month, int day) {
        if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) {
            return false;
        }
        int days = switch (month) {
            case 2 -> year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
        return day <= days;
    }

    private static StringBuilder pad(StringBuilder b, int value, int width) {
        String v = Integer.toString(value);
        for (int i = v.length(); i < width; i++) {
            b.append('0');
        }
        return b.append(v);
    }

    private static String two(int value) {
        return value < 10 ? "0" + value : Integer.toString(value);
    }

    /** Exactly {@code n} ASCII digits as a number, or -1. */
    private int digits(int n) {
        if (pos + n > s.length()) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(pos + i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + c - '0';
        }
        pos += n;
        return value;
    }

    private char peek() {
        return pos < s.length() ? s.charAt(pos) : '\0';
    }

    private boolean take(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }
}
