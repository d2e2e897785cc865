package org.kcrawl.parser.content.eval;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.parser.Parser;

/**
 * Turns CommonMark into the text the measure scores, so that Markdown output is judged on its words alone:
 * link and image targets (and titles) are left out ({@code [text](url)} scores as {@code text},
 * {@code ![alt](src)} as {@code alt}), and so are reference-link definitions, raw HTML tags, fence lines with
 * their language, and ordered-list numbers; entities are decoded. Markup characters ({@code # * _ > | - `})
 * need no removal: they are never part of a word token.
 */
public final class MarkdownText {
    private static final String TARGET =
            "\\((?:\\s*<[^>\\n]*>|(?:[^()\\s]|\\([^()\\s]*\\))*)(?:\\s+(?:\"[^\"]*\"|'[^']*'|\\([^()]*\\)))?\\s*\\)";
    private static final Pattern IMAGE = Pattern.compile("!\\[([^\\[\\]]*)\\](?:" + TARGET + "|\\[[^\\[\\]]*\\])");
    private static final Pattern LINK = Pattern.compile("\\[([^\\[\\]]*)\\](?:" + TARGET + "|\\[[^\\[\\]]*\\])");
    private static final Pattern LINK_DEFINITION =
            Pattern.compile("(?m)^ {0,3}\\[[^\\]\\n]+\\]:[ \\t]*\\S+.*$");
    private static final Pattern FENCE = Pattern.compile("(?m)^[ \\t>]*(?:`{3,}|~{3,}).*$");
    private static final Pattern AUTOLINK = Pattern.compile("<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*|[^\\s<>@]+@[^\\s<>]+)>");
    private static final Pattern HTML_TAG =
            Pattern.compile("</?[A-Za-z][A-Za-z0-9-]*(?:\\s[^<>]*)?/?>|<!--.*?-->", Pattern.DOTALL);
    private static final Pattern ORDERED_MARKER = Pattern.compile("(?m)^((?:[ \\t]*>)*[ \\t]*)\\d{1,9}[.)](?=[ \\t]|$)");

    private MarkdownText() {}

    /** The words of a Markdown document, as text to tokenize. */
    public static String of(String markdown) {
        if (markdown == null || markdown.isEmpty()) {
            return "";
        }
        String s = FENCE.matcher(markdown).replaceAll("");
        s = LINK_DEFINITION.matcher(s).replaceAll("");
        s = ORDERED_MARKER.matcher(s).replaceAll("$1");
        s = replaceUntilStable(IMAGE, s);
        s = replaceUntilStable(LINK, s);
        s = AUTOLINK.matcher(s).replaceAll(m -> Matcher.quoteReplacement(" " + m.group(1) + " "));
        s = HTML_TAG.matcher(s).replaceAll(" ");
        return Parser.unescapeEntities(s, false);
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
