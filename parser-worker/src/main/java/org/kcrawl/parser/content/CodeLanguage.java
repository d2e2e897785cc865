package org.kcrawl.parser.content;

/**
 * The language a code block names, for a Markdown fence: {@code class="language-java"} (the HTML
 * standard's suggestion, highlight.js and Prism), {@code lang-x}, {@code highlight-source-x} (GitHub),
 * {@code highlight-x} (Sphinx; not its {@code default} or {@code none}), {@code brush: x} (SyntaxHighlighter), or a
 * {@code data-lang} attribute.
 */
final class CodeLanguage {
    private static final String[] PREFIXES = {"language-", "lang-", "highlight-source-", "highlight-", "brush:"};

    private CodeLanguage() {}

    /** The language, or null when none is named or the name is not a plain word. */
    static String of(String className, String dataLang) {
        if (dataLang != null && plain(dataLang.strip())) {
            return dataLang.strip();
        }
        if (className == null) {
            return null;
        }
        for (String prefix : PREFIXES) {
            int at = className.indexOf(prefix);
            if (at >= 0 && (at == 0 || !Character.isLetterOrDigit(className.charAt(at - 1)))) {
                int from = at + prefix.length();
                while (from < className.length() && className.charAt(from) == ' ') {
                    from++;
                }
                int to = from;
                while (to < className.length() && !Character.isWhitespace(className.charAt(to))
                        && className.charAt(to) != ';') {
                    to++;
                }
                String lang = className.substring(from, to);
                return plain(lang) && !lang.equals("default") && !lang.equals("none") ? lang : null;
            }
        }
        return null;
    }

    /** A word a fence can carry: letters, digits, {@code + - # . _}, at most 32. */
    private static boolean plain(String s) {
        if (s.isEmpty() || s.length() > 32) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '+' && c != '-' && c != '#' && c != '.' && c != '_') {
                return false;
            }
        }
        return true;
    }
}
