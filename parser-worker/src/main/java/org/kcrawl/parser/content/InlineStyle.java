package org.kcrawl.parser.content;

/** What an inline {@code style} attribute says about visibility: the page's style sheets are not read. */
final class InlineStyle {
    private InlineStyle() {}

    /** True when {@code style} sets {@code display: none} or {@code visibility: hidden}. */
    static boolean hides(String style) {
        StringBuilder compact = new StringBuilder(style.length());
        for (int i = 0; i < style.length(); i++) {
            char c = style.charAt(i);
            if (!Character.isWhitespace(c)) {
                compact.append(Character.toLowerCase(c));
            }
        }
        String s = compact.toString();
        return has(s, "display:none") || has(s, "visibility:hidden");
    }

    /** {@code declaration} as a whole declaration: not the tail of another property ({@code x-display:none}). */
    private static boolean has(String style, String declaration) {
        int at = style.indexOf(declaration);
        while (at >= 0) {
            boolean starts = at == 0 || style.charAt(at - 1) == ';' || style.charAt(at - 1) == '"';
            int end = at + declaration.length();
            boolean ends = end == style.length() || style.charAt(end) == ';' || style.charAt(end) == '!';
            if (starts && ends) {
                return true;
            }
            at = style.indexOf(declaration, at + 1);
        }
        return false;
    }
}
