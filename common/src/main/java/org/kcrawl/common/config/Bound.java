package org.kcrawl.common.config;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a setting's value must be besides its type: a least and a most value (each inclusive or not), zero
 * allowed below the least with a meaning of its own, a list of choices, or a pattern for text. Values are
 * compared as their type reads them ({@link Long}, {@link Double}, {@link java.time.Duration}).
 *
 * @param least the smallest value allowed, or null
 * @param strict whether {@code least} itself is refused (a positive duration: {@code > 0s})
 * @param most the largest value allowed, or null
 * @param zeroMeans when not null, 0 is also allowed, meaning this
 * @param choices the values allowed, or empty for any
 * @param pattern a regular expression text must match whole, or null
 * @param patternMeans what the pattern stands for, for people (the bound as messages and docs show it)
 */
record Bound(Comparable<?> least, boolean strict, Comparable<?> most, String zeroMeans, List<String> choices,
             Pattern pattern, String patternMeans) {
    static final Bound NONE = new Bound(null, false, null, null, List.of(), null, null);

    Bound withLeast(Comparable<?> value, boolean strictly) {
        return new Bound(value, strictly, most, zeroMeans, choices, pattern, patternMeans);
    }

    Bound withMost(Comparable<?> value) {
        return new Bound(least, strict, value, zeroMeans, choices, pattern, patternMeans);
    }

    Bound withZero(String meaning) {
        return new Bound(least, strict, most, meaning, choices, pattern, patternMeans);
    }

    Bound withChoices(List<String> values) {
        return new Bound(least, strict, most, zeroMeans, List.copyOf(values), pattern, patternMeans);
    }

    Bound withPattern(String regex, String means) {
        return new Bound(least, strict, most, zeroMeans, choices, Pattern.compile(regex), means);
    }

    /** Whether {@code value} (as its type reads it; null passes) is within this bound. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    boolean admits(Object value) {
        if (value == null) {
            return true;
        }
        if (value instanceof Double d && !Double.isFinite(d)) {
            return false;
        }
        if (zeroMeans != null && isZero(value)) {
            return true;
        }
        if (least != null) {
            int c = ((Comparable) value).compareTo(least);
            if (c < 0 || (strict && c == 0)) {
                return false;
            }
        }
        if (most != null && ((Comparable) value).compareTo(most) > 0) {
            return false;
        }
        if (!choices.isEmpty() && !choices.contains(value.toString().toLowerCase(Locale.ROOT))) {
            return false;
        }
        return pattern == null || pattern.matcher(value.toString()).matches();
    }

    /** Whether there is anything to check. */
    boolean isNone() {
        return equals(NONE);
    }

    /** The bound for people, each limit written by {@code type} ({@code >= 1}, {@code from 0 to 65535}, {@code > 0s}). */
    String describe(SettingType type) {
        StringBuilder sb = new StringBuilder();
        if (!choices.isEmpty()) {
            sb.append("one of ").append(String.join(", ", choices));
        } else if (pattern != null) {
            sb.append(patternMeans);
        } else if (least != null && most != null && !strict) {
            sb.append("from ").append(type.display(least)).append(" to ").append(type.display(most));
        } else {
            if (least != null) {
                sb.append(strict ? "> " : ">= ").append(type.display(least));
            }
            if (most != null) {
                sb.append(sb.length() > 0 ? " and " : "").append("<= ").append(type.display(most));
            }
        }
        if (zeroMeans != null) {
            sb.insert(0, "0 (" + zeroMeans + ") or ");
        }
        return sb.toString();
    }

    private static boolean isZero(Object value) {
        return value instanceof Number n ? n.doubleValue() == 0 : value instanceof java.time.Duration d && d.isZero();
    }
}
