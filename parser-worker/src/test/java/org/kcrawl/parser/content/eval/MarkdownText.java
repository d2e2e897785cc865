package org.kcrawl.parser.content.eval;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.parser.Parser;

/**
 * Turns CommonMark into the text the measure scores, so that Markdown output is judged on its words alone:
 * link and image targets (and titles) are left out ({@code [text](url)} scores as {@code text},
 * {@code ![alt](src)} as {@code alt}), and so are reference-link definitions, raw HTML tags, fence lines with
 * their language, and ordered-list numbers; entities are decoded. Markup characters ({@code # * _ > | - `})
 * need no removal: they are never part of a word token. Code (fenced blocks and code spans) is literal text, as
 * CommonMark reads it: a {@code <script src="a.js">} or a {@code [x](y)} in it are its words, not a tag or a
 * link; so is a {@code <} its writer escaped ({@code \<noun>}).
 */
public final class MarkdownText {
    private static final String TARGET =
            "\\((?:\\s*<[^>\\n]*>|(?:[^()\\s]|\\([^()\\s]*\\))*)(?:\\s+(?:\"[^\"]*\"|'[^']*'|\\([^()]*\\)))?\\s*\\)";
    /** A link's text or an image's alt: no bracket but an escaped one ({@code [\\[1\\]](#note-1)}). */
    private static final String LABEL = "([^\\[\\]\\\\]*+(?:\\\\.[^\\[\\]\\\\]*+)*+)"; // unrolled: no recursion a character
    private static final Pattern IMAGE = Pattern.compile("!\\[" + LABEL + "\\](?:" + TARGET + "|\\[[^\\[\\]]*\\])");
    private static final Pattern LINK = Pattern.compile("\\[" + LABEL + "\\](?:" + TARGET + "|\\[[^\\[\\]]*\\])");
    private static final Pattern LINK_DEFINITION =
            Pattern.compile("(?m)^ {0,3}\\[[^\\]\\n]+\\]:[ \\t]*\\S+.*$");
    private static final Pattern FENCE = Pattern.compile("(?m)^[ \\t>]*(?:`{3,}|~{3,}).*$");
    private static final Pattern AUTOLINK = Pattern.compile("<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*|[^\\s<>@]+@[^\\s<>]+)>");
    private static final Pattern HTML_TAG =
            Pattern.compile("(?<!\\\\)(?:</?[A-Za-z][A-Za-z0-9-]*(?:\\s[^<>]*)?/?>|<!--.*?-->)", Pattern.DOTALL);
    private static final Pattern FENCE_LINE = Pattern.compile("[ \\t>]*(?:`{3,}|~{3,}).*");
    private static final Pattern CODE_SPAN = Pattern.compile("(?<![`\\\\])(`+)(.+?)(?<!`)\\1(?!`)");
    /** The characters code's text must not lend to markup, and the private-use characters standing for them. */
    private static final String MARKUP = "<>[]()!&";
    private static final char MASKED = '\uE000';
    private static final Pattern ORDERED_MARKER = Pattern.compile("(?m)^((?:[ \\t]*>)*[ \\t]*)\\d{1,9}[.)](?=[ \\t]|$)");

    private MarkdownText() {}

    /** The words of a Markdown document, as text to tokenize. */
    public static String of(String markdown) {
        if (markdown == null || markdown.isEmpty()) {
            return "";
        }
        String s = FENCE.matcher(maskCode(markdown)).replaceAll("");
        s = LINK_DEFINITION.matcher(s).replaceAll("");
        s = ORDERED_MARKER.matcher(s).replaceAll("$1");
        s = replaceUntilStable(IMAGE, s);
        s = replaceUntilStable(LINK, s);
        s = AUTOLINK.matcher(s).replaceAll(m -> Matcher.quoteReplacement(" " + m.group(1) + " "));
        s = HTML_TAG.matcher(s).replaceAll(" ");
        return unmask(Parser.unescapeEntities(s, false));
    }

    /** {@code markdown} with the markup characters of its code replaced by private-use ones ({@link #unmask}). */
    private static String maskCode(String markdown) {
        StringBuilder b = new StringBuilder(markdown.length());
        boolean inFence = false;
        for (String line : markdown.split("\n", -1)) {
            if (FENCE_LINE.matcher(line).matches()) {
                inFence = !inFence;
                b.append(line);
            } else if (inFence) {
                b.append(mask(line));
            } else {
                b.append(CODE_SPAN.matcher(line).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + mask(m.group(2))
                        + m.group(1))));
            }
            b.append('\n');
        }
        b.setLength(b.length() - 1);
        return b.toString();
    }

    private static String mask(String code) {
        StringBuilder b = new StringBuilder(code);
        for (int i = 0; i < b.length(); i++) {
            int k = MARKUP.indexOf(b.charAt(i));
            if (k >= 0) {
                b.setCharAt(i, (char) (MASKED + k));
            }
        }
        return b.toString();
    }

    private static String unmask(String s) {
        StringBuilder b = new StringBuilder(s);
        for (int i = 0; i < b.length(); i++) {
            int k = b.charAt(i) - MASKED;
            if (k >= 0 && k < MARKUP.length()) {
                b.setCharAt(i, MARKUP.charAt(k));
            }
        }
        return b.toString();
    }

    /** Link text may itself hold an image ({@code [![alt](src)](href)}): replace innermost first, then again. */
    private static String replaceUntilStable(Pattern pattern, String s) {
        String before;
        do {
            before = s;
            s = pattern.matcher(s).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
        } while (!s.equals(before));
        return s;
    }
}
