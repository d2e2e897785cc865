package org.kcrawl.parser.content.pdf;

import org.kcrawl.parser.content.Whitespace;

/**
 * Turns the stripper's lines and paragraph marks into paragraphs separated by a blank line: lines joined
 * by a space, except after a hyphen ending a line before a lower-case letter, joined without one (a
 * compound stays whole; a word split by hyphenation keeps its hyphen rather than guessing).
 */
final class Paragraphs {
    private Paragraphs() {}

    /** {@code raw} split at {@code mark}, each paragraph's lines joined by a space, blank ones dropped. */
    static String of(String raw, String mark) {
        StringBuilder out = new StringBuilder(raw.length());
        for (String paragraph : raw.split(mark)) {
            StringBuilder p = new StringBuilder();
            for (String line : paragraph.split("\n")) {
                String l = line.strip();
                if (l.isEmpty()) {
                    continue;
                }
                if (p.length() > 0) {
                    if (!endsHyphenated(p) || !Character.isLowerCase(l.charAt(0))) {
                        p.append(' ');
                    }
                }
                p.append(l);
            }
            String text = Whitespace.collapse(p.toString());
            if (!text.isEmpty()) {
                if (out.length() > 0) {
                    out.append("\n\n");
                }
                out.append(text);
            }
        }
        return out.toString();
    }

    private static boolean endsHyphenated(StringBuilder p) {
        int n = p.length();
        return n >= 2 && p.charAt(n - 1) == '-' && Character.isLowerCase(p.charAt(n - 2));
    }
}
