package org.kcrawl.parser.content.hash;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.Locale;
import org.kcrawl.parser.content.Whitespace;

/**
 * The form of a page's main text that duplicate detection compares: Unicode NFKC (compatibility
 * characters such as ligatures, full-width letters and no-break spaces as their plain forms), lower case
 * (the root locale's rules), every run of whitespace as one space, no leading or trailing space. Two texts
 * that differ only in layout, case or such character variants have the same normal form.
 */
public final class TextNormalizer {
    /** A thread's array for the ASCII road: a page's text is normalized into it, not into a new one. */
    private static final ThreadLocal<char[]> SCRATCH = ThreadLocal.withInitial(() -> new char[8192]);
    /** A thread's second array, for the general road's output (its input is in the first). */
    private static final ThreadLocal<char[]> OUTPUT = ThreadLocal.withInitial(() -> new char[8192]);
    /** The largest array a thread keeps after a huge text. */
    private static final int KEPT_CHARS = 64 * 1024;

    private TextNormalizer() {}

    /** The normal form of {@code text}; the empty string for null or blank text. */
    public static String normalize(CharSequence text) {
        Normal n = normalForm(text);
        return new String(n.chars(), 0, n.length());
    }

    /**
     * The normal form of {@code text} as characters {@code chars[0, length)}, and whether they are all
     * ASCII: what the hashes read, without making a string of it. The array may be this thread's scratch
     * array: read it before the thread's next call.
     */
    static Normal normalForm(CharSequence text) {
        if (text == null) {
            return new Normal(new char[0], 0, true);
        }
        String s = text.toString();
        char[] chars = scratch(SCRATCH, s.length());
        s.getChars(0, s.length(), chars, 0);
        if (!isAscii(chars, s.length())) {
            return general(s, chars);
        }
        // ASCII, nearly every page of English: lower case and whitespace in one pass over an array, the
        // same result as the general path (ASCII's whitespace is its controls and the space).
        int out = 0;
        boolean pending = false;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = chars[i];
            if (c <= ' ') {
                pending = out > 0;
                continue;
            }
            if (pending) {
                chars[out++] = ' ';
                pending = false;
            }
            chars[out++] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
        }
        return new Normal(chars, out, true);
    }

    /**
     * Text with characters outside ASCII, as {@code Whitespace.collapse(NFKC(s).toLowerCase(Locale.ROOT))}
     * gives it, in one pass: each run of characters outside ASCII is read through {@link CharFolds}' table
     * and, when one of them needs its neighbours ({@link CharFolds#IN_CONTEXT}), the run and the ASCII
     * character before it (the one a combining mark may join) are normalized as a whole. ASCII characters
     * are boundaries of NFKC, so runs normalize apart. A capital sigma, whose lower case depends on the word
     * around it, sends the whole text down String's own road.
     */
    private static Normal general(String s, char[] in) {
        int n = s.length();
        char[] c = scratch(OUTPUT, n);
        int out = 0;
        boolean pending = false;
        boolean ascii = true;
        for (int i = 0; i < n; i++) {
            char ch = in[i];
            if (ch < 0x80) {
                if (ch <= ' ') {
                    pending = out > 0;
                    continue;
                }
                if (pending) {
                    c[out++] = ' ';
                    pending = false;
                }
                c[out++] = ch >= 'A' && ch <= 'Z' ? (char) (ch + ('a' - 'A')) : ch;
                continue;
            }
            int runOut = out;
            boolean runPending = pending;
            int j = i;
            char f = 0;
            for (; j < n && in[j] >= 0x80; j++) { // a character gives at most one, so the run fits
                f = CharFolds.of(in[j]);
                if (f == CharFolds.IN_CONTEXT) {
                    break;
                }
                if (f == CharFolds.SPACE) {
                    pending = out > 0;
                    continue;
                }
                if (pending) {
                    c[out++] = ' ';
                    pending = false;
                }
                c[out++] = f;
                ascii &= f < 0x80;
            }
            if (f != CharFolds.IN_CONTEXT) {
                i = j - 1;
                continue;
            }
            int end = j;
            while (end < n && in[end] >= 0x80) {
                end++;
            }
            // The run again, normalized with the character before it; that one was written already unless
            // a mark joined it (a space joins nothing, so the state before the run stands).
            int from = i > 0 ? i - 1 : 0;
            String window = Normalizer.normalize(new String(in, from, end - from), Normalizer.Form.NFKC);
            if (window.indexOf('\u03a3') >= 0) {
                char[] normal = Whitespace.collapse(Normalizer.normalize(s, Normalizer.Form.NFKC)
                        .toLowerCase(Locale.ROOT)).toCharArray();
                return new Normal(normal, normal.length, isAscii(normal));
            }
            out = runOut;
            pending = runPending;
            int k = 0;
            if (i > 0) {
                if (window.charAt(0) == in[i - 1]) {
                    k = 1;
                } else {
                    out--; // the ASCII letter before the run, now joined with its mark
                }
            }
            int room = out + 2 * (window.length() - k) + 1 + (n - end);
            if (room > c.length) {
                c = Arrays.copyOf(c, room);
            }
            ascii = false;
            long written = foldSlowly(window, k, c, out, pending);
            out = (int) written;
            pending = written >>> 32 != 0;
            i = end - 1;
        }
        return new Normal(c, out, ascii);
    }

    /**
     * Writes {@code window[k..]}, a normalized run, lower-cased and its whitespace collapsed into {@code c}
     * from {@code out}, a code point at a time; returns where it ended, with bit 32 set when a space is
     * pending. {@code c} has room for two characters for each of the run's and one for a pending space.
     */
    private static long foldSlowly(String window, int k, char[] c, int out, boolean pending) {
        for (; k < window.length(); k++) {
            char w = window.charAt(k);
            if (Whitespace.isSpace(w)) { // lower-casing never makes or unmakes a space
                pending = out > 0;
                continue;
            }
            if (pending) {
                c[out++] = ' ';
                pending = false;
            }
            if (w == '\u0130') { // the one character whose lower case is two
                c[out++] = 'i';
                c[out++] = '\u0307';
            } else if (Character.isHighSurrogate(w) && k + 1 < window.length()
                    && Character.isLowSurrogate(window.charAt(k + 1))) {
                out += Character.toChars(Character.toLowerCase(Character.toCodePoint(w, window.charAt(++k))), c, out);
            } else {
                c[out++] = Character.toLowerCase(w); // an unpaired surrogate is its own lower case
            }
        }
        return (pending ? 1L << 32 : 0L) | out;
    }

    /** A normal form: {@code chars[0, length)}, {@code ascii} when every one is. */
    record Normal(char[] chars, int length, boolean ascii) {}

    private static boolean isAscii(char[] s) {
        return isAscii(s, s.length);
    }

    private static boolean isAscii(char[] s, int n) {
        for (int i = 0; i < n; i++) {
            if (s[i] >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private static char[] scratch(ThreadLocal<char[]> kept, int length) {
        char[] chars = kept.get();
        if (chars.length < length) {
            chars = new char[Math.max(length, chars.length * 2)];
            if (chars.length <= KEPT_CHARS) {
                kept.set(chars);
            }
        }
        return chars;
    }
}
