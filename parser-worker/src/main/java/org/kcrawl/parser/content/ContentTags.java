package org.kcrawl.parser.content;

/**
 * What an element is to content extraction, as a small code: how it lays out in text and Markdown
 * (block, line, inline), and what it says about content (a paragraph to score, page furniture by its tag,
 * never visible). Codes rather than names so the tree keeps one byte's worth per element and the
 * selection compares integers.
 */
final class ContentTags {
    static final int INLINE = 0;
    static final int BLOCK = 1;
    static final int P = 2;
    static final int DIV = 3;
    static final int SECTION = 4;
    static final int ARTICLE = 5;
    static final int MAIN = 6;
    static final int H1 = 7;
    static final int H2 = 8;
    static final int H3 = 9;
    static final int H4 = 10;
    static final int H5 = 11;
    static final int H6 = 12;
    static final int UL = 13;
    static final int OL = 14;
    static final int LI = 15;
    static final int DL = 16;
    static final int DT = 17;
    static final int DD = 18;
    static final int A = 19;
    static final int IMG = 20;
    static final int BR = 21;
    static final int HR = 22;
    static final int PRE = 23;
    static final int CODE = 24;
    static final int BLOCKQUOTE = 25;
    static final int TABLE = 26;
    static final int TR = 27;
    static final int TD = 28;
    static final int TH = 29;
    static final int EM = 30;
    static final int STRONG = 31;
    static final int FIGURE = 32;
    static final int FIGCAPTION = 33;
    static final int NAV = 34;
    static final int ASIDE = 35;
    static final int HEADER = 36;
    static final int FOOTER = 37;
    static final int FORM = 38;
    static final int CONTROL = 39;
    static final int EMBED = 40;
    static final int INVISIBLE = 41;
    static final int BODY = 42;
    static final int TBODY = 43;
    static final int CAPTION = 44;

    private ContentTags() {}

    /** The code of the element {@code name} (lower case). */
    static int of(String name) {
        return switch (name) {
            case "p" -> P;
            case "div" -> DIV;
            case "section" -> SECTION;
            case "article" -> ARTICLE;
            case "main" -> MAIN;
            case "h1" -> H1;
            case "h2" -> H2;
            case "h3" -> H3;
            case "h4" -> H4;
            case "h5" -> H5;
            case "h6" -> H6;
            case "ul", "menu", "dir" -> UL;
            case "ol" -> OL;
            case "li" -> LI;
            case "dl" -> DL;
            case "dt" -> DT;
            case "dd" -> DD;
            case "a" -> A;
            case "img" -> IMG;
            case "br" -> BR;
            case "hr" -> HR;
            case "pre", "listing", "xmp", "plaintext" -> PRE;
            case "code", "kbd", "samp", "tt" -> CODE;
            case "blockquote" -> BLOCKQUOTE;
            case "table" -> TABLE;
            case "tr" -> TR;
            case "td" -> TD;
            case "th" -> TH;
            case "thead", "tbody", "tfoot" -> TBODY;
            case "caption" -> CAPTION;
            case "em", "i", "cite", "dfn", "var" -> EM;
            case "strong", "b" -> STRONG;
            case "figure" -> FIGURE;
            case "figcaption" -> FIGCAPTION;
            case "nav" -> NAV;
            case "aside" -> ASIDE;
            case "header" -> HEADER;
            case "footer" -> FOOTER;
            case "form" -> FORM;
            case "button", "select", "option", "optgroup", "input", "textarea", "datalist", "output", "progress",
                 "meter" -> CONTROL;
            case "iframe", "object", "embed", "video", "audio", "canvas", "applet", "frame", "frameset", "map",
                 "source", "track" -> EMBED;
            case "script", "style", "noscript", "template", "svg", "math", "head", "title", "meta", "link",
                 "base", "noframes", "dialog" -> INVISIBLE;
            case "body" -> BODY;
            case "address", "center", "details", "summary", "fieldset", "legend", "hgroup", "search" -> BLOCK;
            default -> INLINE;
        };
    }

    /** True for elements that begin and end a paragraph in text. */
    static boolean isBlock(int code) {
        return switch (code) {
            case INLINE, A, IMG, BR, CODE, EM, STRONG, CONTROL, EMBED, INVISIBLE, TD, TH, TBODY -> false;
            default -> true;
        };
    }

    static boolean isHeading(int code) {
        return code >= H1 && code <= H6;
    }

    static int headingLevel(int code) {
        return code - H1 + 1;
    }

    /** Page furniture by its tag alone: navigation, side notes, page headers and footers, forms' controls. */
    static boolean isFurniture(int code) {
        return code == NAV || code == ASIDE || code == FOOTER || code == CONTROL;
    }

    /** Elements with no text a reader sees: scripts, styles, templates, embedded objects, graphics. */
    static boolean isInvisible(int code) {
        return code == INVISIBLE || code == EMBED;
    }
}
