package org.kcrawl.parser.html;

/**
 * The element and attribute names pages use most, looked up from the characters of the markup
 * without making a string: {@link HtmlTokenizer} reads thousands of tags a page, and a new lower-case
 * string for each name would be most of what it allocates. Names not listed are made as usual.
 * Immutable after class initialization, so thread-safe.
 */
final class KnownNames {
    private static final String[] NAMES = {
        // Elements.
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body",
        "br", "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "data", "datalist", "dd",
        "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption",
        "figure", "font", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head",
        "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "legend", "li",
        "link", "listing", "main", "map", "mark", "math", "menu", "meta", "meter", "nav", "nobr", "noembed",
        "noframes", "noscript", "object", "ol", "optgroup", "option", "output", "p", "param", "picture",
        "plaintext", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search", "section",
        "select", "slot", "small", "source", "span", "strike", "strong", "style", "sub", "summary", "sup", "svg",
        "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track",
        "tt", "u", "ul", "var", "video", "wbr", "xmp", "path", "g", "use", "symbol", "defs", "circle", "rect",
        "polygon", "line", "text",
        // Attributes.
        "href", "src", "rel", "name", "content", "lang", "class", "id", "style", "type", "alt", "width", "height",
        "target", "charset", "http-equiv", "property", "role", "value", "action", "method", "for", "colspan",
        "rowspan", "border", "align", "onclick", "tabindex", "hidden", "async", "defer", "crossorigin",
        "integrity", "media", "sizes", "srcset", "loading", "xmlns", "viewbox", "fill", "d", "aria-label",
        "aria-hidden", "aria-expanded", "aria-controls", "data-id", "placeholder", "autocomplete", "checked",
        "disabled", "selected", "label", "dir", "translate", "itemprop", "itemscope", "itemtype", "datetime",
        "cellpadding", "cellspacing", "valign", "scope", "headers", "accesskey", "download", "referrerpolicy",
    };
    /** Open addressing over the lower-case hash; a power of two well above the number of names. */
    private static final String[] TABLE = new String[1024];
    /**
     * Each slot's name as characters: compared with {@code String.charAt}, a bounds-checked call per
     * character on C1-compiled code, the lookup took 4 % of the parser's CPU.
     */
    private static final char[][] SPELLED = new char[TABLE.length][];

    static {
        for (String name : NAMES) {
            int slot = hash(name, 0, name.length()) & (TABLE.length - 1);
            while (TABLE[slot] != null && !TABLE[slot].equals(name)) {
                slot = (slot + 1) & (TABLE.length - 1);
            }
            TABLE[slot] = name;
            SPELLED[slot] = name.toCharArray();
        }
    }

    private KnownNames() {}

    /** The known name spelled, in any case, by {@code s[from, to)}, or null. */
    static String find(char[] s, int from, int to) {
        int slot = hash(s, from, to) & (TABLE.length - 1);
        for (char[] known = SPELLED[slot]; known != null; known = SPELLED[slot = (slot + 1) & (TABLE.length - 1)]) {
            if (spells(known, s, from, to)) {
                return TABLE[slot];
            }
        }
        return null;
    }

    private static boolean spells(char[] known, char[] s, int from, int to) {
        if (known.length != to - from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (lower(s[i]) != known[i - from]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(char[] s, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + lower(s[i]);
        }
        return mix(h);
    }

    private static int hash(String name, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + name.charAt(i);
        }
        return mix(h);
    }

    private static int mix(int h) {
        return h ^ (h >>> 7) ^ (h >>> 13);
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }
}
