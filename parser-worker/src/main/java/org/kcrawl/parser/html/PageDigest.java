package org.kcrawl.parser.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jsoup.internal.StringUtil;
import org.kcrawl.common.redirect.Refresh;
import org.kcrawl.parser.content.ContentCollector;
import org.kcrawl.parser.content.ElementAttributes;

/**
 * Everything a page's record needs, read in one pass of {@link HtmlTokenizer} without building a
 * document: the link elements in order, the first {@code <base href>}, the title (of the head), the
 * meta description and robots directives, {@code <html lang>}, the first {@code <h1>}'s text and the
 * length of the body's text. Each value is what {@link PageScan} and jsoup's {@code title()} and
 * {@code text()} give for the same page: the little tree state they depend on is kept here (whether
 * the body has begun, the open elements for whitespace-preserving ancestors and the heading's end,
 * foreign SVG and MathML content). It also takes the page's meta refresh ({@link MetaRefresh}) from
 * the meta elements it reads anyway, so a page costs no more for it. On malformed markup that jsoup's
 * tree builder rearranges (a text moved out of a table, say) the text length may differ by a few
 * spaces.
 *
 * <p>Parsing a page this way costs a fraction of building its jsoup document, so the parser uses
 * it whenever no extraction rule needs the document. One instance reads one page; not thread-safe.
 */
final class PageDigest implements HtmlTokenizer.Sink {
    /** Characters of the title and heading kept: more than a record keeps, so its clipping decides. */
    private static final int KEEP = 2 * PageParser.MAX_TEXT_FIELD + 16;
    /** Open elements tracked; deeper nesting is counted but not remembered (jsoup caps its depth too). */
    private static final int MAX_DEPTH = 512;
    /** How far up jsoup looks for a whitespace-preserving ancestor: the parent and five more. */
    private static final int PRESERVE_LOOKUP = 6;

    /** Attributes of an element the markup implies (a stray {@code </p>}): none. */
    private static final ElementAttributes NO_ATTRIBUTES = new ElementAttributes() {
        @Override
        public String get(String name) {
            return null;
        }

        @Override
        public int size() {
            return 0;
        }

        @Override
        public String nameAt(int i) {
            throw new IndexOutOfBoundsException(i);
        }

        @Override
        public String valueAt(int i) {
            throw new IndexOutOfBoundsException(i);
        }
    };

    private final String location;
    /** Where the body's elements, text and the page's metadata go for content extraction; null when none is wanted. */
    private final ContentCollector content;
    /** The script just started is JSON-LD, and the content collector wants its text. */
    private boolean keepData;
    private final List<LinkElement> links = new ArrayList<>();
    private final ElementText bodyText = new ElementText();
    private final String[] openNames = new String[MAX_DEPTH];
    /**
     * How many of {@link #openNames} are {@code p}: a block's start closes an open paragraph, and without
     * one open (nearly always) there is no need to look through the open elements for it, three string
     * comparisons a level for every block start (a tenth of the parser's CPU on C1-compiled code).
     */
    private int openParagraphs;
    private final int[] openFlags = new int[MAX_DEPTH];
    private int depth;
    private boolean inBody;
    private boolean frameset;
    /** Depth at which foreign (SVG, MathML) content began, or -1 outside it. */
    private int foreignFrom = -1;
    private String base;
    private String description;
    private RobotsDirectives robots = RobotsDirectives.NONE;
    private Refresh refresh;
    private String lang;
    /** The head's first title. */
    private ElementText title;
    /** Inside a title of the head; its text goes to {@link #titleText}, which is null after the first. */
    private boolean inTitle;
    private ElementText titleText;
    private ElementText h1;
    /** Depth of the first {@code <h1>} while it is open, or -1. */
    private int h1Depth = -1;
    private boolean stoppedEarly;
    /** A {@code pre}, {@code listing} or {@code textarea} just started: a newline right after it is not content. */
    private boolean newlineIgnorable;
    /** The tree builder ignored the last start tag, so its content is markup whatever its name. */
    private boolean lastStartIgnored;
    /** Depth of the open {@code <select>}, or -1: inside one, the tree builder keeps only options. */
    private int selectAt = -1;
    /** Templates open in the head: their content stays in the head. */
    private int headTemplates;
    /**
     * Inside a {@code <noscript>} of the head: jsoup keeps what is not head content there as text (not
     * elements, so an image or iframe in it is no link) until {@code </noscript>}.
     */
    private boolean headNoscript;

    private PageDigest(String location, ContentCollector content) {
        this.location = location;
        this.content = content;
    }

    /**
     * Reads {@code html[0, length)}, the page at {@code location}, until its end or until {@code expired},
     * handing its body and metadata to {@code content} as it goes (null: none).
     */
    static PageDigest of(char[] html, int length, String location, BooleanSupplier expired,
                         ContentCollector content) {
        PageDigest digest = new PageDigest(location, content);
        HtmlTokenizer tokenizer = new HtmlTokenizer(html, length, digest, expired);
        tokenizer.run();
        digest.stoppedEarly = tokenizer.stoppedEarly();
        if (content != null) {
            content.title(digest.title());
        }
        return digest;
    }

    /** The link elements, in document order. */
    List<LinkElement> links() {
        return links;
    }

    /** The base links resolve against: the first usable {@code <base href>}, else the page's URL. */
    String baseUri() {
        return base != null ? base : location;
    }

    /** The head's first title, whitespace normalized and trimmed; empty when there is none (as jsoup's). */
    String title() {
        String t = title == null ? null : title.keptText();
        return t == null ? "" : t;
    }

    String description() {
        return description;
    }

    RobotsDirectives robots() {
        return robots;
    }

    /** The first meta refresh that parses, as written (see {@link MetaRefresh}), or null. */
    Refresh refresh() {
        return refresh;
    }

    String lang() {
        return lang;
    }

    /** The text of the first {@code <h1>}, or null when there is none (or it has no visible text). */
    String h1() {
        return h1 == null ? null : h1.keptText();
    }

    /** Characters of the body's text, as {@code body().text().length()}. */
    int textLength() {
        return inBody && !frameset ? bodyText.length() : 0;
    }

    /** True when the time budget ended the reading before the end of the page. */
    boolean stoppedEarly() {
        return stoppedEarly;
    }

    @Override
    public HtmlTokenizer.Content contentAfter(String name) {
        if (foreignFrom >= 0 || lastStartIgnored) {
            return HtmlTokenizer.Content.MARKUP;
        }
        if (name.equals("plaintext")) {
            return HtmlTokenizer.Content.PLAINTEXT;
        }
        int flags = HtmlTags.of(name);
        if (HtmlTags.is(flags, HtmlTags.DATA)) {
            return keepData ? HtmlTokenizer.Content.RAW_KEPT : HtmlTokenizer.Content.RAW;
        }
        return HtmlTags.is(flags, HtmlTags.ESCAPABLE_RAW) ? HtmlTokenizer.Content.ESCAPABLE_RAW
                : HtmlTokenizer.Content.MARKUP;
    }

    @Override
    public void startTag(String name, TagAttributes attributes, boolean selfClosing) {
        newlineIgnorable = false;
        keepData = content != null && name.equals("script") && content.wantsData(attributes.view().get("type"));
        lastStartIgnored = ignored(name);
        if (lastStartIgnored) {
            if (name.equals("html") && openIndex("template") < 0) {
                readAttributes(name, attributes); // its attributes still join the root's
            }
            return;
        }
        readAttributes(name, attributes);
        if (!inBody && !frameset) {
            if (name.equals("frameset")) {
                frameset = true;
                return;
            }
            if (isHeadContent(name) || headTemplates > 0) {
                if (name.equals("title")) {
                    inTitle = true;
                    titleText = title == null ? (title = new ElementText(KEEP)) : null;
                } else if (name.equals("template")) {
                    headTemplates++;
                } else if (name.equals("noscript")) {
                    headNoscript = true;
                }
                return;
            }
            inBody = true;
            if (name.equals("body")) {
                return;
            }
        }
        if (!inBody || name.equals("html") || name.equals("body")) {
            return;
        }
        element(name, selfClosing, attributes.view());
    }

    @Override
    public void data(char[] text, int from, int to) {
        if (content != null) {
            content.jsonLd(text, from, to);
        }
    }

    /**
     * True when the tree builder drops the start tag {@code name}, attributes and all: everything but
     * options inside a {@code <select>}, table parts outside a table, a frame outside a frameset, and
     * a second {@code <html>} (whose attributes still join the root's). A dropped table part still
     * begins the body.
     */
    private boolean ignored(String name) {
        if (name.equals("html")) {
            return true;
        }
        if (headNoscript) {
            return switch (name) {
                case "basefont", "bgsound", "link", "meta", "noframes", "style" -> false;
                default -> true;
            };
        }
        if (selectAt >= 0 && inBody) {
            switch (name) {
                case "option", "optgroup", "script", "template" -> {
                    return false;
                }
                case "select", "input", "keygen", "textarea" -> {
                    popTo(selectAt); // closes the select; a nested select does nothing more
                    return name.equals("select");
                }
                default -> {
                    return true;
                }
            }
        }
        if (!ignoredOutsideTable(name) || openIndex("table") >= 0 || name.equals("frame") && frameset) {
            return false;
        }
        if (!frameset && headTemplates == 0) {
            inBody = true;
        }
        return true;
    }

    @Override
    public void endTag(String name) {
        newlineIgnorable = false;
        if (inTitle && name.equals("title")) {
            inTitle = false;
            return;
        }
        if (headNoscript) {
            headNoscript = !name.equals("noscript"); // the only end tag it takes
            return;
        }
        if (!inBody && headTemplates > 0 && name.equals("template")) {
            headTemplates--;
            return;
        }
        if (selectAt >= 0 && !name.equals("select") && !name.equals("option") && !name.equals("optgroup")
                && !name.equals("template")) {
            return; // inside a select the tree builder takes no other end tag
        }
        if (!inBody) {
            if (name.equals("br") && !frameset) {
                inBody = true; // "</br>" reads as "<br>", which begins the body
                element("br", false, NO_ATTRIBUTES);
            }
            return;
        }
        int at = openIndex(name);
        if (at >= 0) {
            popTo(at);
        } else if (name.equals("p") || name.equals("br")) {
            // A stray </p> makes an empty paragraph, a stray </br> a line break: elements either way.
            element(name, false, NO_ATTRIBUTES);
            if (name.equals("p")) {
                popTo(depth - 1);
            }
        }
    }

    @Override
    public void text(char[] text, int from, int to, boolean cdata) {
        if (newlineIgnorable) {
            newlineIgnorable = false;
            if (text[from] == '\n' && ++from == to) {
                return;
            }
        }
        if (inTitle) {
            if (titleText != null) {
                titleText.text(text, from, to, false);
            }
            return;
        }
        if (!inBody) {
            if (frameset) {
                return;
            }
            // Whitespace before the body belongs to the head; the first visible character begins the body.
            while (from < to && HtmlTokenizer.isSpace(text[from])) {
                from++;
            }
            if (from == to || headTemplates > 0 || headNoscript) {
                return;
            }
            inBody = true;
        }
        boolean preserve = cdata || preserving();
        bodyText.text(text, from, to, preserve);
        if (h1Depth >= 0) {
            h1.text(text, from, to, preserve);
        }
        if (content != null) {
            content.text(text, from, to, preserve);
        }
    }

    @Override
    public void other() {
        newlineIgnorable = false;
        if (inBody) {
            bodyText.otherNode();
            if (h1Depth >= 0) {
                h1.otherNode();
            }
        }
    }

    /** An element in the body: laid out in the text, and kept open unless it is empty. */
    private void element(String name, boolean selfClosing, ElementAttributes attributes) {
        int tag = HtmlTags.of(name);
        boolean foreign = foreignFrom >= 0 || HtmlTags.is(tag, HtmlTags.FOREIGN_ROOT);
        int flags = foreign ? foreignFlags(name) : tag;
        if (!foreign) {
            closeImplied(name, tag);
        }
        boolean block = HtmlTags.is(flags, HtmlTags.BLOCK);
        bodyText.elementStart(block);
        if (h1Depth >= 0) {
            h1.elementStart(block);
        }
        if (content != null) {
            content.start(name, attributes);
        }
        if (HtmlTags.is(flags, HtmlTags.VOID) || foreign && selfClosing) {
            bodyText.elementEnd(block);
            if (h1Depth >= 0) {
                h1.elementEnd(block);
            }
            if (content != null) {
                content.end();
            }
            return;
        }
        if (foreignFrom < 0 && foreign) {
            foreignFrom = depth;
        }
        if (name.equals("select") && selectAt < 0) {
            selectAt = depth;
        }
        if (name.equals("h1") && h1 == null) {
            h1 = new ElementText(KEEP);
            h1Depth = depth;
        }
        push(name, flags, HtmlTags.is(tag, HtmlTags.PARAGRAPH));
        newlineIgnorable = HtmlTags.is(tag, HtmlTags.LEADING_NEWLINE_IGNORED);
    }

    /** Closes what a start tag ends by itself: a paragraph before a block, the previous list item or heading. */
    private void closeImplied(String name, int tag) {
        if (depth == 0) {
            return;
        }
        String current = openNames[Math.min(depth, MAX_DEPTH) - 1];
        if (HtmlTags.is(tag, HtmlTags.HEADING) && current != null && isHeading(current)) {
            popTo(depth - 1);
            return;
        }
        int at;
        if (HtmlTags.is(tag, HtmlTags.CLOSES_SIBLING)) {
            at = switch (name) {
                case "li" -> openIndexWithin("li", "ul", "ol");
                case "dd", "dt" -> Math.max(openIndexWithin("dd", "dl"), openIndexWithin("dt", "dl"));
                case "option" -> current != null && current.equals("option") ? depth - 1 : -1;
                default -> current != null && (current.equals("option") || current.equals("optgroup")) // optgroup
                        ? Math.max(openIndexWithin("optgroup", "select"), depth - 1) : -1;
            };
        } else {
            at = openParagraphs > 0 && HtmlTags.is(tag, HtmlTags.CLOSES_PARAGRAPH) ? openIndexWithin("p", "button")
                    : -1;
        }
        if (at >= 0) {
            popTo(at);
        }
    }

    private void push(String name, int flags, boolean paragraph) {
        if (depth < MAX_DEPTH) {
            openNames[depth] = name;
            // The paragraph bit rides along (foreign flags lack it), so a pop knows what it closes.
            openFlags[depth] = paragraph ? flags | HtmlTags.PARAGRAPH : flags & ~HtmlTags.PARAGRAPH;
            if (paragraph) {
                openParagraphs++;
            }
        }
        depth++;
    }

    /** Pops the elements from the innermost down to the one at {@code at}, each ending in the text. */
    private void popTo(int at) {
        while (depth > at) {
            depth--;
            boolean block = depth < MAX_DEPTH && HtmlTags.is(openFlags[depth], HtmlTags.BLOCK);
            if (depth < MAX_DEPTH) {
                if (HtmlTags.is(openFlags[depth], HtmlTags.PARAGRAPH)) {
                    openParagraphs--;
                }
                openNames[depth] = null;
            }
            if (depth == h1Depth) {
                h1Depth = -1; // the heading's own end is outside its text
            } else if (h1Depth >= 0) {
                h1.elementEnd(block);
            }
            bodyText.elementEnd(block);
            if (content != null) {
                content.end();
            }
            if (depth == foreignFrom) {
                foreignFrom = -1;
            }
            if (depth == selectAt) {
                selectAt = -1;
            }
        }
    }

    private int openIndex(String name) {
        for (int i = Math.min(depth, MAX_DEPTH) - 1; i >= 0; i--) {
            if (name.equals(openNames[i])) {
                return i;
            }
        }
        return -1;
    }

    /** The innermost open {@code name} not enclosed by {@code boundary}, or -1. */
    private int openIndexWithin(String name, String boundary) {
        return openIndexWithin(name, boundary, boundary);
    }

    /** The innermost open {@code name} not enclosed by {@code boundary} or {@code otherBoundary}, or -1. */
    private int openIndexWithin(String name, String boundary, String otherBoundary) {
        for (int i = Math.min(depth, MAX_DEPTH) - 1; i >= 0; i--) {
            String open = openNames[i];
            if (name.equals(open)) {
                return i;
            }
            if (boundary.equals(open) || otherBoundary.equals(open)) {
                return -1;
            }
        }
        return -1;
    }

    /** True when the parent or one of its five nearest ancestors keeps whitespace ({@code pre} and the like). */
    private boolean preserving() {
        int top = Math.min(depth, MAX_DEPTH);
        for (int i = top - 1; i >= 0 && i >= top - PRESERVE_LOOKUP; i--) {
            if (HtmlTags.is(openFlags[i], HtmlTags.PRESERVE_WHITESPACE)) {
                return true;
            }
        }
        return false;
    }

    private void readAttributes(String name, TagAttributes a) {
        switch (name) {
            case "a", "area", "link" -> {
                if (a.has("href")) {
                    links.add(new LinkElement(name, a.get("href"), a.get("rel")));
                }
            }
            case "frame", "iframe" -> {
                if (a.has("src")) {
                    links.add(new LinkElement(name, a.get("src"), a.get("rel")));
                }
            }
            case "base" -> {
                if (base == null && a.has("href")) {
                    String resolved = StringUtil.resolve(location, a.get("href"));
                    base = resolved.isEmpty() ? null : resolved;
                    if (base != null && content != null) {
                        content.base(base);
                    }
                }
            }
            case "meta" -> meta(a);
            case "html" -> {
                if (lang == null && a.has("lang")) {
                    lang = a.get("lang");
                }
            }
            default -> { }
        }
    }

    private void meta(TagAttributes a) {
        if (content != null) {
            content.meta(a.view());
        }
        if (refresh == null && a.has("http-equiv") && MetaRefresh.declares(a.get("http-equiv"))
                && headTemplates == 0 && openIndex("template") < 0) {
            refresh = Refresh.parse(a.get("content"));
        }
        if (!a.has("name")) {
            return;
        }
        String name = a.get("name").trim();
        if (name.equalsIgnoreCase("robots")) {
            robots = robots.and(RobotsDirectives.parse(a.get("content")));
        } else if (description == null && name.equalsIgnoreCase("description") && a.has("content")) {
            description = a.get("content");
        }
    }

    /** Elements that stay in the head: before any of anything else, the body has not begun. */
    private static boolean isHeadContent(String name) {
        return switch (name) {
            case "html", "head", "base", "basefont", "bgsound", "command", "link", "meta", "noframes", "script",
                 "style", "template", "title", "noscript" -> true;
            default -> false;
        };
    }

    /** Start tags the tree builder ignores in the body unless a table is open (and a frame outside a frameset). */
    private static boolean ignoredOutsideTable(String name) {
        return switch (name) {
            case "caption", "col", "colgroup", "frame", "tbody", "td", "tfoot", "th", "thead", "tr" -> true;
            default -> false;
        };
    }

    /** Start tags that close an open paragraph (the HTML standard's list for "in body"). */
    private static boolean isHeading(String name) {
        return name.length() == 2 && name.charAt(0) == 'h' && name.charAt(1) >= '1' && name.charAt(1) <= '6';
    }

    /** jsoup's SVG and MathML tag sets: a few block and data elements, the rest inline. */
    private static int foreignFlags(String name) {
        return switch (name) {
            case "svg", "math", "femerge", "femergenode" -> HtmlTags.BLOCK;
            case "script" -> HtmlTags.DATA;
            default -> 0;
        };
    }
}
