package org.kcrawl.parser.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.kcrawl.common.redirect.Refresh;
import org.kcrawl.parser.content.ContentCollector;
import org.kcrawl.parser.content.ElementAttributes;

/**
 * Everything a page's record needs, read in one pass of {@link HtmlTokenizer} without building a
 * document: the link elements in order, the head's facts ({@link HeadFacts}), the title, the first
 * {@code <h1>}'s text and the length of the body's text ({@link BodyTexts}). Each value is what
 * {@link PageScan} and jsoup's {@code title()} and {@code text()} give for the same page: the little tree
 * state they depend on is kept here (whether the body has begun, the {@link OpenElements}, foreign SVG and
 * MathML content). On malformed markup that jsoup's tree builder rearranges (a text moved out of a table,
 * say) the text length may differ by a few spaces.
 *
 * <p>Parsing a page this way costs a fraction of building its jsoup document, so the parser uses
 * it whenever no extraction rule needs the document. One instance reads one page; not thread-safe.
 */
final class PageDigest implements TokenSink {
    /** Characters of the title and heading kept: more than a record keeps, so its clipping decides. */
    private static final int KEEP = 2 * PageParser.MAX_TEXT_FIELD + 16;

    private final String location;
    /** Where the body's elements, text and the page's metadata go for content extraction; null when none is wanted. */
    private final ContentCollector content;
    /** The script just started is JSON-LD, and the content collector wants its text. */
    private boolean keepData;
    private final List<LinkElement> links = new ArrayList<>();
    private final BodyTexts texts = new BodyTexts(KEEP);
    private final OpenElements open = new OpenElements();
    private boolean inBody;
    private boolean frameset;
    /** Depth at which foreign (SVG, MathML) content began, or -1 outside it. */
    private int foreignFrom = -1;
    private final HeadFacts head;
    private ElementText title; // the head's first title
    /** Inside a title of the head; its text goes to {@link #titleText}, which is null after the first. */
    private boolean inTitle;
    private ElementText titleText;
    private boolean stoppedEarly;
    /** A {@code pre}, {@code listing} or {@code textarea} just started: a newline right after it is not content. */
    private boolean newlineIgnorable;
    /** The tree builder ignored the last start tag, so its content is markup whatever its name. */
    private boolean lastStartIgnored;
    /** Depth of the open {@code <select>}, or -1: inside one, the tree builder keeps only options. */
    private int selectAt = -1;
    /** Templates open in the head: their content stays in the head. */
    private int headTemplates;
    /** Inside a head's {@code <noscript>}: jsoup keeps what is not head content as text there (no links). */
    private boolean headNoscript;

    private PageDigest(String location, ContentCollector content) {
        this.location = location;
        this.content = content;
        this.head = new HeadFacts(location, content);
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
        return head.base() != null ? head.base() : location;
    }

    /** The head's first title, whitespace normalized and trimmed; empty when there is none (as jsoup's). */
    String title() {
        String t = title == null ? null : title.keptText();
        return t == null ? "" : t;
    }

    String description() {
        return head.description();
    }

    RobotsDirectives robots() {
        return head.robots();
    }

    /** The first meta refresh that parses, as written (see {@link MetaRefresh}), or null. */
    Refresh refresh() {
        return head.refresh();
    }

    String lang() {
        return head.lang();
    }

    /** The text of the first {@code <h1>}, or null when there is none (or it has no visible text). */
    String h1() {
        return texts.h1();
    }

    /** Characters of the body's text, as {@code body().text().length()}. */
    int textLength() {
        return inBody && !frameset ? texts.bodyLength() : 0;
    }

    /** True when the time budget ended the reading before the end of the page. */
    boolean stoppedEarly() {
        return stoppedEarly;
    }

    @Override
    public TokenContent contentAfter(String name) {
        if (foreignFrom >= 0 || lastStartIgnored) {
            return TokenContent.MARKUP;
        }
        if (name.equals("plaintext")) {
            return TokenContent.PLAINTEXT;
        }
        int flags = HtmlTags.of(name);
        if (HtmlTags.is(flags, HtmlTags.DATA)) {
            return keepData ? TokenContent.RAW_KEPT : TokenContent.RAW;
        }
        return HtmlTags.is(flags, HtmlTags.ESCAPABLE_RAW) ? TokenContent.ESCAPABLE_RAW
                : TokenContent.MARKUP;
    }

    @Override
    public void startTag(String name, TagAttributes attributes, boolean selfClosing) {
        newlineIgnorable = false;
        keepData = content != null && name.equals("script") && content.wantsData(attributes.view().get("type"));
        lastStartIgnored = ignored(name);
        if (lastStartIgnored) {
            if (name.equals("html") && open.indexOf("template") < 0) {
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
            if (TreeBuilderRules.isHeadContent(name) || headTemplates > 0) {
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
        if (!TreeBuilderRules.ignoredOutsideTable(name) || open.indexOf("table") >= 0
                || name.equals("frame") && frameset) {
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
                element("br", false, ElementAttributes.NONE);
            }
            return;
        }
        int at = open.indexOf(name);
        if (at >= 0) {
            popTo(at);
        } else if (name.equals("p") || name.equals("br")) {
            // A stray </p> makes an empty paragraph, a stray </br> a line break: elements either way.
            element(name, false, ElementAttributes.NONE);
            if (name.equals("p")) {
                popTo(open.depth() - 1);
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
            while (from < to && HtmlChars.isSpace(text[from])) {
                from++;
            }
            if (from == to || headTemplates > 0 || headNoscript) {
                return;
            }
            inBody = true;
        }
        boolean preserve = cdata || open.preserving();
        texts.text(text, from, to, preserve);
        if (content != null) {
            content.text(text, from, to, preserve);
        }
    }

    @Override
    public void other() {
        newlineIgnorable = false;
        if (inBody) {
            texts.otherNode();
        }
    }

    /** An element in the body: laid out in the text, and kept open unless it is empty. */
    private void element(String name, boolean selfClosing, ElementAttributes attributes) {
        int tag = HtmlTags.of(name);
        boolean foreign = foreignFrom >= 0 || HtmlTags.is(tag, HtmlTags.FOREIGN_ROOT);
        int flags = foreign ? TreeBuilderRules.foreignFlags(name) : tag;
        if (!foreign) {
            closeImplied(name, tag);
        }
        boolean block = HtmlTags.is(flags, HtmlTags.BLOCK);
        boolean empty = HtmlTags.is(flags, HtmlTags.VOID) || foreign && selfClosing;
        texts.elementStart(name, block, empty ? -1 : open.depth());
        if (content != null) {
            content.start(name, attributes);
        }
        if (empty) {
            texts.elementEnd(block, -1);
            if (content != null) {
                content.end();
            }
            return;
        }
        if (foreignFrom < 0 && foreign) {
            foreignFrom = open.depth();
        }
        if (name.equals("select") && selectAt < 0) {
            selectAt = open.depth();
        }
        open.push(name, flags, HtmlTags.is(tag, HtmlTags.PARAGRAPH));
        newlineIgnorable = HtmlTags.is(tag, HtmlTags.LEADING_NEWLINE_IGNORED);
    }

    /** Closes what a start tag ends by itself: a paragraph before a block, the previous list item or heading. */
    private void closeImplied(String name, int tag) {
        if (open.depth() == 0) {
            return;
        }
        String current = open.current();
        if (HtmlTags.is(tag, HtmlTags.HEADING) && current != null && TreeBuilderRules.isHeading(current)) {
            popTo(open.depth() - 1);
            return;
        }
        int at;
        if (HtmlTags.is(tag, HtmlTags.CLOSES_SIBLING)) {
            at = switch (name) {
                case "li" -> open.indexWithin("li", "ul", "ol");
                case "dd", "dt" -> Math.max(open.indexWithin("dd", "dl"), open.indexWithin("dt", "dl"));
                case "option" -> current != null && current.equals("option") ? open.depth() - 1 : -1;
                default -> current != null && (current.equals("option") || current.equals("optgroup")) // optgroup
                        ? Math.max(open.indexWithin("optgroup", "select"), open.depth() - 1) : -1;
            };
        } else {
            at = open.hasParagraph() && HtmlTags.is(tag, HtmlTags.CLOSES_PARAGRAPH) ? open.indexWithin("p", "button")
                    : -1;
        }
        if (at >= 0) {
            popTo(at);
        }
    }

    /** Pops the elements from the innermost down to the one at {@code at}, each ending in the text. */
    private void popTo(int at) {
        while (open.depth() > at) {
            boolean block = HtmlTags.is(open.pop(), HtmlTags.BLOCK);
            int depth = open.depth();
            texts.elementEnd(block, depth);
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
            case "base", "meta", "html" -> head.read(name, a, headTemplates > 0 || open.indexOf("template") >= 0);
            default -> { }
        }
    }
}
