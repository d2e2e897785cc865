package org.kcrawl.parser.content;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What of an image's alt text the Markdown shows: only what tells a reader something the page has not told
 * already. A file name ({@code IMG_3886.jpg}, {@code Mozilla logo.png}) describes nothing; the page's title
 * (or a part of it, such as the site's name after a {@code |}) at the end or start of an alt is cut off, as
 * SEO plugins write "picture name + post title" on every picture of a post; an alt said before on the same
 * page is not said again. One document at a time ({@link #reset}).
 */
final class ImageAlts {
    /** Where a page title joins its parts: "Post title | Site", "Site - Section". */
    private static final Pattern TITLE_PARTS = Pattern.compile("\\s+[|\\-\u2013\u2014:\u00b7\u00bb]+\\s+|:\\s+");

    private final Set<String> said = new HashSet<>();
    private final List<List<String>> titles = new ArrayList<>();

    /** A new document whose title is {@code pageTitle} (null when it has none). */
    void reset(String pageTitle) {
        said.clear();
        titles.clear();
        if (pageTitle == null || pageTitle.isBlank()) {
            return;
        }
        // The title and every run of its parts ("Post title" of "Post title | Site"), longest first.
        String[] parts = TITLE_PARTS.split(pageTitle.strip());
        for (int n = parts.length; n >= 1; n--) {
            for (int from = 0; from + n <= parts.length; from++) {
                List<String> words = new ArrayList<>();
                for (int i = from; i < from + n; i++) {
                    words.addAll(lowerWords(parts[i]));
                }
                if (words.size() >= 2 && !titles.contains(words)) {
                    titles.add(words);
                }
            }
        }
    }

    /** What of {@code alt} (collapsed) to show, or "" for nothing. */
    String shown(String alt) {
        String a = Whitespace.collapse(alt);
        if (a.isEmpty() || isFileName(a)) {
            return "";
        }
        a = withoutTitle(a);
        return a.isEmpty() || !said.add(String.join(" ", lowerWords(a))) ? "" : a;
    }

    /** {@code alt} less a title (or title part) it ends or starts with, and the punctuation left beside it. */
    private String withoutTitle(String alt) {
        List<int[]> spans = wordSpans(alt);
        for (List<String> title : titles) {
            int k = title.size();
            if (k > spans.size()) {
                continue;
            }
            if (wordsMatch(alt, spans, spans.size() - k, title)) {
                return k == spans.size() ? "" : trimPunctuation(alt.substring(0, spans.get(spans.size() - k)[0]));
            }
            if (wordsMatch(alt, spans, 0, title)) {
                return trimPunctuation(alt.substring(spans.get(k - 1)[1]));
            }
        }
        return alt;
    }

    private static boolean wordsMatch(String alt, List<int[]> spans, int from, List<String> words) {
        for (int i = 0; i < words.size(); i++) {
            int[] s = spans.get(from + i);
            if (!alt.substring(s[0], s[1]).toLowerCase(Locale.ROOT).equals(words.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static String trimPunctuation(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && !Character.isLetterOrDigit(s.charAt(from))) {
            from++;
        }
        while (to > from && !Character.isLetterOrDigit(s.charAt(to - 1)) && ")]!?.\"'".indexOf(s.charAt(to - 1)) < 0) {
            to--;
        }
        return s.substring(from, to);
    }

    /** The runs of letters and digits of {@code s}, as [start, end) pairs. */
    private static List<int[]> wordSpans(String s) {
        List<int[]> spans = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            if (!Character.isLetterOrDigit(s.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < s.length() && Character.isLetterOrDigit(s.charAt(i))) {
                i++;
            }
            spans.add(new int[] {start, i});
        }
        return spans;
    }

    private static List<String> lowerWords(String s) {
        List<String> words = new ArrayList<>();
        for (int[] span : wordSpans(s)) {
            words.add(s.substring(span[0], span[1]).toLowerCase(Locale.ROOT));
        }
        return words;
    }

    /** An alt text that is a file name ({@code IMG_3886.jpg}, {@code Mozilla dinosaur head logo.png}). */
    static boolean isFileName(String alt) {
        String a = alt.strip().toLowerCase(Locale.ROOT);
        int dot = a.lastIndexOf('.');
        return dot > 0 && switch (a.substring(dot + 1)) {
            case "jpg", "jpeg", "png", "gif", "webp", "svg", "bmp", "tif", "tiff", "avif" -> true;
            default -> false;
        };
    }
}
