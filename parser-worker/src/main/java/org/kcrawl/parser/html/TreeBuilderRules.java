package org.kcrawl.parser.html;

/** The tag sets of the HTML tree builder's rules that {@link PageDigest} follows, as jsoup applies them. */
final class TreeBuilderRules {
    private TreeBuilderRules() {}

    /** Elements that stay in the head: before any of anything else, the body has not begun. */
    static boolean isHeadContent(String name) {
        return switch (name) {
            case "html", "head", "base", "basefont", "bgsound", "command", "link", "meta", "noframes", "script",
                 "style", "template", "title", "noscript" -> true;
            default -> false;
        };
    }

    /** Start tags the tree builder ignores in the body unless a table is open (and a frame outside a frameset). */
    static boolean ignoredOutsideTable(String name) {
        return switch (name) {
            case "caption", "col", "colgroup", "frame", "tbody", "td", "tfoot", "th", "thead", "tr" -> true;
            default -> false;
        };
    }

    /** Start tags that close an open paragraph (the HTML standard's list for "in body"). */
    static boolean isHeading(String name) {
        return name.length() == 2 && name.charAt(0) == 'h' && name.charAt(1) >= '1' && name.charAt(1) <= '6';
    }

    /** jsoup's SVG and MathML tag sets: a few block and data elements, the rest inline. */
    static int foreignFlags(String name) {
        return switch (name) {
            case "svg", "math", "femerge", "femergenode" -> HtmlTags.BLOCK;
            case "script" -> HtmlTags.DATA;
            default -> 0;
        };
    }
}
