package org.kcrawl.parser.content;

import java.util.Arrays;

/**
 * The body of one page as content extraction sees it: its visible elements (as {@link ContentTags}
 * codes, with what their class and id say), their text, and the order of both, in flat arrays. A
 * page reader builds it with {@link #start}, {@link #end} and {@link #text} while it reads the page for
 * links anyway; invisible elements (scripts, styles, templates, embedded objects) and hidden ones are
 * left out as they arrive. Node 0 is the body; nodes are numbered in document order, so a node's
 * descendants follow it and a pass from the last node to the first sees every child before its parent.
 *
 * <p>Per node it keeps the counts the selection scores: characters of text (whitespace runs counting
 * one), characters inside links, commas. One instance per thread, {@link #reset} between pages.
 */
final class ContentTree {
    static final int START = 0;
    static final int END = 1;
    static final int TEXT = 2;

    /** Node flags. */
    static final int IN_LINK = 1;
    static final int IN_TABLE = 1 << 1;
    static final int IN_CODE = 1 << 2;
    static final int IN_FIGURE = 1 << 3;
    static final int HAS_BLOCK_CHILD = 1 << 4;
    /** A role or attribute that names the element as the main content ({@code role=main}, {@code itemprop=articleBody}). */
    static final int MARKED_MAIN = 1 << 5;
    /** A role that names page furniture ({@code navigation}, {@code complementary}, {@code banner}, ...). */
    static final int ROLE_FURNITURE = 1 << 6;
    /** Inside an {@code article} or {@code main}: its header and footer are the article's. */
    static final int IN_ARTICLE = 1 << 7;
    static final int PRESERVE = 1 << 8;
    /** A {@code tbody} the markup left out, as an HTML parser adds it: closed with its table. */
    static final int IMPLIED = 1 << 9;
    /** Holds a {@code pre} (a block of code or preformatted text) among its descendants; set by {@link #finish}. */
    static final int HAS_CODE_BLOCK = 1 << 10;
    /** A table's {@code thead}, {@code tfoot}, {@code col} or {@code colgroup}: its author declared it a table of data. */
    static final int TABLE_HEAD = 1 << 11;

    /** Elements kept at most: a page with more is read to here (a million is far past any real page). */
    static final int MAX_NODES = 1 << 20;
    /** Characters of a document per element, as {@link #reset} expects a large page to have them at most. */
    private static final int CHARS_PER_NODE = 64;
    /** The most room made ahead (about 10 MiB with the text): a page of more, a log of megabytes in a pre, grows as it is read. */
    private static final int EXPECTED_NODES = 1 << 16;
    private static final int EXPECTED_CHARS = 1 << 20;

    int size;
    int[] parent = new int[1024];
    int[] code = new int[1024];
    int[] judged = new int[1024];
    int[] flags = new int[1024];
    int[] evStart = new int[1024];
    int[] evEnd = new int[1024];
    /** Characters of text in the node and its descendants (own text only, until {@link #sum}). */
    int[] chars = new int[1024];
    int[] linkChars = new int[1024];
    int[] commas = new int[1024];
    /** The node's own text characters and commas (not its descendants'). */
    int[] ownChars = new int[1024];
    int[] ownCommas = new int[1024];
    /** The last node of the node's subtree: its descendants are the nodes after it up to this one. */
    int[] lastDescendant = new int[1024];
    int[] children = new int[1024];
    /** Descendants by kind, for the cleaning of a candidate's parts (Readability's counts; paragraphs of breaks too). */
    int[] paragraphs = new int[1024];
    int[] images = new int[1024];
    int[] listItems = new int[1024];
    int[] inputs = new int[1024];
    /** Frames, objects and embeds that are no known player's video ({@link Embeds}); and those that are. */
    int[] embeds = new int[1024];
    int[] videos = new int[1024];
    int[] headingChars = new int[1024];
    int[] listChars = new int[1024];
    int[] tableHeads = new int[1024];
    int[] rows = new int[1024];
    /** {@code href} of a link, {@code src} of an image. */
    String[] target = new String[1024];
    /** {@code alt} of an image, the language of a code block. */
    String[] label = new String[1024];
    String[] className = new String[1024];

    int events;
    int[] ev = new int[4096];

    /** The text of the body's nodes, each a segment that a {@link #TEXT} event names. */
    final TextSegments segments = new TextSegments();

    private int current = -1;
    /** Open elements left out (invisible, hidden, or past {@link #MAX_NODES}), counted to match their ends. */
    private int skipped;
    /** The element left out is an {@code object}, whose params and embeds may name a video. */
    private boolean skippedObject;

    /** Empties the tree for a page of {@code documentChars} characters (0 when not known). */
    void reset(int documentChars) {
        Arrays.fill(target, 0, size, null); // the strings of the last page go with it
        Arrays.fill(label, 0, size, null);
        Arrays.fill(className, 0, size, null);
        size = 0;
        events = 0;
        segments.clear();
        skipped = 0;
        current = -1;
        expect(documentChars);
        open(ContentTags.BODY, 0, 0, null, null, null);
    }

    /**
     * Makes room at once for what a large page is likely to hold (an element in about every 64 characters
     * of markup, text in at most half of them): doubling thirty arrays step by step from the sizes kept for
     * ordinary pages allocated twice what the page needs, and the few large pages of a crawl made most of
     * what extraction allocates. Ordinary pages fit the arrays kept and change nothing.
     */
    private void expect(int documentChars) {
        int nodes = Math.min(EXPECTED_NODES, documentChars / CHARS_PER_NODE);
        if (nodes > parent.length) {
            grow(nodes, false);
        }
        if (3 * nodes > ev.length) {
            ev = new int[3 * nodes]; // empty: events were reset
        }
        segments.expect(nodes, Math.min(EXPECTED_CHARS, documentChars / 2));
    }

    /** Drops arrays a huge page grew, so a thread does not keep them for the pages after it. */
    void shrink(int keptNodes, int keptChars) {
        if (parent.length > keptNodes) {
            grow(keptNodes, true);
        }
        if (ev.length > 4 * keptNodes) {
            ev = new int[4 * keptNodes];
        }
        segments.shrink(keptNodes, keptChars);
    }

    /** An element starts: {@code name} in lower case, its attributes read. */
    void start(String name, ReadAttributes a) {
        if (skipped > 0) {
            skipped++;
            if (skippedObject && Embeds.isVideo(a)) {
                videos[current]++;
            }
            return;
        }
        int tag = ContentTags.of(name);
        if (ContentTags.isInvisible(tag) || size >= MAX_NODES || a.count > 0 && a.hidden()) {
            if (tag == ContentTags.EMBED && Embeds.counts(name)) {
                if (Embeds.isVideo(a)) {
                    videos[current]++;
                } else {
                    embeds[current]++;
                }
            }
            skipped = 1;
            skippedObject = name.equals("object");
            return;
        }
        if (tag == ContentTags.TR && code[current] == ContentTags.TABLE) {
            // A row straight in its table sits in a tbody in the DOM that Readability's scores were made on.
            open(ContentTags.TBODY, 0, IMPLIED, null, null, null);
        }
        int part = tag == ContentTags.TBODY && !name.equals("tbody")
                || tag == ContentTags.INLINE && (name.equals("col") || name.equals("colgroup")) ? TABLE_HEAD : 0;
        if (a.count == 0) {
            open(tag, 0, part, null, tag == ContentTags.PRE ? aroundLanguage() : null, null);
            return;
        }
        int extra = a.marks() | part;
        String target = null;
        String label = null;
        if (tag == ContentTags.A) {
            target = a.href;
        } else if (tag == ContentTags.IMG) {
            target = a.src == null || a.src.startsWith("data:") && a.dataSrc != null ? a.dataSrc : a.src;
            label = a.alt;
        } else if (tag == ContentTags.PRE || tag == ContentTags.CODE) {
            label = CodeLanguage.of(a.className, a.dataLang);
            if (label == null && tag == ContentTags.PRE) {
                label = aroundLanguage();
            }
            if (tag == ContentTags.CODE && label != null && current >= 0 && code[current] == ContentTags.PRE
                    && this.label[current] == null) {
                this.label[current] = label; // <pre><code class="language-x">: the fence's language
            }
        }
        open(tag, ClassWords.judge(a.className, a.id), extra, target, label, a.className);
    }

    /**
     * The language the two elements around a {@code pre} name, where highlighters put it: Sphinx's
     * {@code div.highlight-python3}, Jekyll's {@code div.language-java} around {@code div.highlight}.
     */
    private String aroundLanguage() {
        String language = null;
        for (int n = current, up = 0; language == null && n > 0 && up < 2; n = parent[n], up++) {
            language = CodeLanguage.of(className[n], null);
        }
        return language;
    }

    /** The innermost open element ends. */
    void end() {
        if (skipped > 0) {
            skipped--;
            return;
        }
        if (current <= 0) {
            return; // the body itself is closed by finish(), not by a stray end
        }
        if ((flags[current] & IMPLIED) != 0) {
            close(); // the table's end closes the tbody it was given first
        }
        close();
    }

    private void close() {
        addEvent(current, END);
        evEnd[current] = events;
        current = parent[current];
    }

    /** Text of the innermost open element; {@code preserve} keeps its whitespace ({@code pre}). */
    void text(char[] chars, int from, int to, boolean preserve) {
        if (skipped > 0 || from >= to) {
            return;
        }
        int seg = segments.add(chars, from, to, preserve || (flags[current] & PRESERVE) != 0);
        int counted = segments.chars[seg];
        int commaCount = segments.commas[seg];
        addEvent(seg, TEXT);
        this.chars[current] += counted;
        commas[current] += commaCount;
        ownChars[current] += counted;
        ownCommas[current] += commaCount;
        if ((flags[current] & IN_LINK) != 0) {
            linkChars[current] += counted;
        }
    }

    /** Closes what is still open, then sums each node's counts into its ancestors'. */
    void finish() {
        while (current > 0) {
            end();
        }
        addEvent(0, END);
        evEnd[0] = events;
        for (int n = size - 1; n > 0; n--) {
            int c = code[n];
            paragraphs[n] += c == ContentTags.P ? 1 : 0;
            images[n] += c == ContentTags.IMG ? 1 : 0;
            listItems[n] += c == ContentTags.LI ? 1 : 0;
            inputs[n] += c == ContentTags.CONTROL ? 1 : 0;
            headingChars[n] = ContentTags.isHeading(c) ? chars[n] : headingChars[n];
            listChars[n] = c == ContentTags.LI ? chars[n] : listChars[n];
            tableHeads[n] += c == ContentTags.TH || c == ContentTags.CAPTION || (flags[n] & TABLE_HEAD) != 0 ? 1 : 0;
            rows[n] += c == ContentTags.TR ? 1 : 0;
            int p = parent[n];
            flags[p] |= c == ContentTags.PRE ? HAS_CODE_BLOCK : flags[n] & HAS_CODE_BLOCK;
            chars[p] += chars[n];
            linkChars[p] += linkChars[n];
            commas[p] += commas[n];
            children[p]++;
            lastDescendant[p] = Math.max(lastDescendant[p], lastDescendant[n]);
            paragraphs[p] += paragraphs[n];
            images[p] += images[n];
            listItems[p] += listItems[n];
            inputs[p] += inputs[n];
            embeds[p] += embeds[n];
            videos[p] += videos[n];
            headingChars[p] += headingChars[n];
            listChars[p] += listChars[n];
            tableHeads[p] += tableHeads[n];
            rows[p] += rows[n];
        }
    }

    /** A character that separates words in a page's text: ASCII whitespace and controls, and the no-break space. */
    static boolean isBlank(char c) {
        return c <= ' ' || c == '\u00a0';
    }

    static int kind(int event) {
        return event & 3;
    }

    static int index(int event) {
        return event >>> 2;
    }

    /** The share of the node's text that is inside links (0 when it has none). */
    double linkDensity(int node) {
        return chars[node] == 0 ? 0 : (double) linkChars[node] / chars[node];
    }

    private void open(int tag, int judgement, int extra, String href, String alt, String cls) {
        if (size == parent.length) {
            grow(size * 2, false);
        }
        int n = size++;
        int p = current;
        parent[n] = p;
        code[n] = tag;
        judged[n] = judgement;
        int inherited = p < 0 ? 0 : flags[p] & (IN_LINK | IN_TABLE | IN_CODE | IN_FIGURE | IN_ARTICLE | PRESERVE);
        // An a without href is an anchor (a name, a target of #links), shown as text: its words are not link text.
        flags[n] = inherited | extra | (tag == ContentTags.A && href == null ? 0 : ownFlags(tag));
        chars[n] = 0;
        linkChars[n] = 0;
        commas[n] = 0;
        ownChars[n] = 0;
        ownCommas[n] = 0;
        lastDescendant[n] = n;
        children[n] = 0;
        paragraphs[n] = 0;
        images[n] = 0;
        listItems[n] = 0;
        inputs[n] = 0;
        embeds[n] = 0;
        videos[n] = 0;
        headingChars[n] = 0;
        listChars[n] = 0;
        tableHeads[n] = 0;
        rows[n] = 0;
        target[n] = href;
        label[n] = alt;
        className[n] = cls;
        if (p >= 0 && ContentTags.isBlock(tag)) {
            flags[p] |= HAS_BLOCK_CHILD;
        }
        evStart[n] = events;
        addEvent(n, START);
        current = n;
    }

    private static int ownFlags(int tag) {
        return switch (tag) {
            case ContentTags.A -> IN_LINK;
            case ContentTags.TABLE -> IN_TABLE;
            case ContentTags.CODE -> IN_CODE;
            case ContentTags.PRE -> IN_CODE | PRESERVE;
            case ContentTags.FIGURE -> IN_FIGURE;
            case ContentTags.ARTICLE, ContentTags.MAIN -> IN_ARTICLE;
            default -> 0;
        };
    }

    private void addEvent(int index, int kind) {
        if (events == ev.length) {
            ev = Arrays.copyOf(ev, events * 2);
        }
        ev[events++] = index << 2 | kind;
    }

    private void grow(int capacity, boolean shrinking) {
        int keep = shrinking ? Math.min(size, capacity) : size;
        parent = Arrays.copyOf(parent, capacity);
        code = Arrays.copyOf(code, capacity);
        judged = Arrays.copyOf(judged, capacity);
        flags = Arrays.copyOf(flags, capacity);
        evStart = Arrays.copyOf(evStart, capacity);
        evEnd = Arrays.copyOf(evEnd, capacity);
        chars = Arrays.copyOf(chars, capacity);
        linkChars = Arrays.copyOf(linkChars, capacity);
        commas = Arrays.copyOf(commas, capacity);
        ownChars = Arrays.copyOf(ownChars, capacity);
        ownCommas = Arrays.copyOf(ownCommas, capacity);
        lastDescendant = Arrays.copyOf(lastDescendant, capacity);
        children = Arrays.copyOf(children, capacity);
        paragraphs = Arrays.copyOf(paragraphs, capacity);
        images = Arrays.copyOf(images, capacity);
        listItems = Arrays.copyOf(listItems, capacity);
        inputs = Arrays.copyOf(inputs, capacity);
        embeds = Arrays.copyOf(embeds, capacity);
        videos = Arrays.copyOf(videos, capacity);
        headingChars = Arrays.copyOf(headingChars, capacity);
        listChars = Arrays.copyOf(listChars, capacity);
        tableHeads = Arrays.copyOf(tableHeads, capacity);
        rows = Arrays.copyOf(rows, capacity);
        target = Arrays.copyOf(target, capacity);
        label = Arrays.copyOf(label, capacity);
        className = Arrays.copyOf(className, capacity);
        size = keep;
    }
}
