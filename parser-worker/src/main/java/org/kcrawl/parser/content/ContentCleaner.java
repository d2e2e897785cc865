package org.kcrawl.parser.content;

import java.util.regex.Pattern;

/**
 * Takes out of the selected content the parts that are furniture by their shape, as Readability.js's
 * article preparation does: what the attempt left out (unlikely classes, furniture tags), short sharing
 * widgets, headings whose class says furniture, and (when asked) lists, tables, forms and divs whose
 * counts say they are link lists, image galleries, forms or ads rather than prose: mostly links, more
 * list items than paragraphs, more inputs than a third of the paragraphs, an ad's label or a loading notice
 * alone, a list of links whose class names furniture even beside a content word, and the like. A data table
 * (Readability's test, {@link #isDataTable}) is kept whole.
 */
final class ContentCleaner {
    /**
     * The whole text of an ad's slot or of a loading notice, in the languages Readability.js knows: a part that
     * says only this is furniture. Longer texts are not read for it.
     */
    private static final Pattern LABEL = Pattern.compile("ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама"
            + "|Anuncio|(loading|正在加载|Загрузка|chargement|cargando)(…|\\.\\.\\.)?",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final int MAX_LABEL = 24;
    /** Sharing widgets shorter than this are removed. */
    private static final int SHARE_CHARS = 500;
    /** Events (starts, ends and texts) of a part whose text may be read as a label's or a heading's. */
    private static final int SHORT_PART_EVENTS = 64;
    /** Text below which a part with links and no heading reads as a link block. */
    private static final int MIN_CONTENT = 25;

    /**
     * Marks the removed nodes of {@code s}'s roots; returns the characters of text left. {@code dead}
     * marks the furniture of the attempt.
     */
    int clean(ContentTree t, Selection s, boolean[] dead, int flags) {
        boolean weigh = (flags & MainContentSelector.WEIGHT_CLASSES) != 0;
        boolean conditionally = (flags & MainContentSelector.CLEAN_CONDITIONALLY) != 0;
        int kept = 0;
        for (int i = 0; i < s.rootCount; i++) {
            int root = s.roots[i];
            kept += t.chars[root];
            int dataTableEnd = -1;
            int listEnd = isList(t.code[root]) ? t.lastDescendant[root] : -1;
            for (int n = root + 1; n <= t.lastDescendant[root]; n++) {
                if (n > dataTableEnd && t.code[n] == ContentTags.TABLE && isDataTable(t, n)) {
                    dataTableEnd = t.lastDescendant[n];
                }
                boolean inDataTable = n <= dataTableEnd;
                // A list inside a list that stays is part of it (an outline, a table of contents, an item's "see
                // also"): judged alone, its short linked items read as a menu and left holes in the outline.
                boolean subList = n <= listEnd && isList(t.code[n]);
                if (dead[n] || !inDataTable && !subList && remove(t, n, weigh, conditionally)) {
                    s.removed[n] = true;
                    kept -= t.chars[n];
                    n = t.lastDescendant[n];
                } else if (n > listEnd && isList(t.code[n])) {
                    listEnd = t.lastDescendant[n];
                }
            }
        }
        return kept - CommentsStart.cut(t, s);
    }

    private static boolean isList(int code) {
        return code == ContentTags.UL || code == ContentTags.OL;
    }

    private static boolean remove(ContentTree t, int n, boolean weigh, boolean conditionally) {
        int code = t.code[n];
        int words = ClassWords.flags(t.judged[n]);
        int weight = weigh ? ClassWords.weight(t.judged[n]) : 0;
        if ((words & ClassWords.SHARE) != 0 && t.chars[n] < SHARE_CHARS && code != ContentTags.A
                && (t.flags[n] & ContentTree.MARKED_MAIN) == 0) {
            return true;
        }
        if ((code == ContentTags.H1 || code == ContentTags.H2) && weight < 0) {
            return true;
        }
        if (code == ContentTags.TD && isLineNumbers(t, n)
                || code == ContentTags.A && isPermalink(t, n)) {
            return true;
        }
        if (!conditionally || (t.flags[n] & ContentTree.IN_CODE) != 0) {
            return false;
        }
        return switch (code) {
            case ContentTags.DIV, ContentTags.UL, ContentTags.OL, ContentTags.TABLE, ContentTags.FORM,
                 ContentTags.SECTION -> looksLikeFurniture(t, n, weight);
            default -> false;
        };
    }

    /**
     * Readability's conditional cleaning of one element, from its counts. A class that weighs against it is enough;
     * its score as a candidate is not counted (Readability.js counts none there): a list scores below zero as a
     * list, and a post that is a list of linked items with their descriptions was cleaned out of itself.
     */
    private static boolean looksLikeFurniture(ContentTree t, int n, int weight) {
        if (weight < 0) {
            return true;
        }
        if (t.commas[n] >= 10 || t.videos[n] > 0) {
            return false; // prose, or a block that plays a video: content
        }
        if (t.chars[n] <= MAX_LABEL && t.chars[n] > 0 && isShort(t, n) && LABEL.matcher(text(t, n)).matches()) {
            return true;
        }
        int code = t.code[n];
        int chars = t.chars[n];
        boolean list = code == ContentTags.UL || code == ContentTags.OL
                || chars > 0 && t.listChars[n] > 0.9 * chars;
        if (list && (ClassWords.flags(t.judged[n]) & ClassWords.UNLIKELY) != 0 && t.linkDensity(n) > 0.5) {
            // A list of links named furniture and content at once ("related_articles"): the content word kept it
            // from the first strip, its shape and its name say it is the related stories.
            return true;
        }
        int paragraphs = t.paragraphs[n];
        int images = t.images[n];
        int items = t.listItems[n] - 100;
        int inputs = t.inputs[n];
        int embeds = t.embeds[n];
        double headingDensity = chars == 0 ? 0 : (double) t.headingChars[n] / chars;
        double linkDensity = t.linkDensity(n);
        boolean inFigure = (t.flags[n] & ContentTree.IN_FIGURE) != 0;
        return images > 1 && (double) paragraphs / images < 0.5 && !inFigure
                || !list && items > paragraphs
                || inputs > paragraphs / 3
                || !list && headingDensity < 0.9 && chars < MIN_CONTENT && (images == 0 || images > 2)
                        && linkDensity > 0 && !inFigure
                || !list && weight < 25 && linkDensity > 0.2
                || weight >= 25 && linkDensity > 0.5
                || list && linkDensity > 0.9 && t.listItems[n] >= 3 && chars < 40 * t.listItems[n]
                || embeds == 1 && chars < 75 || embeds > 1;
    }

    /**
     * Whether the part is short in elements too, as a label or a heading is: only then is its text read. A part
     * of a few characters can hold any number of empty elements (100,000 nested divs), and reading it for each of
     * its ancestors would cost the square of the page.
     */
    static boolean isShort(ContentTree t, int n) {
        return t.evEnd[n] - t.evStart[n] <= SHORT_PART_EVENTS;
    }

    /** The text of a short part ({@link #isShort}), its segments joined by a space and trimmed. */
    static String text(ContentTree t, int n) {
        StringBuilder b = new StringBuilder();
        for (int e = t.evStart[n]; e < t.evEnd[n]; e++) {
            if (ContentTree.kind(t.ev[e]) == ContentTree.TEXT) {
                int s = ContentTree.index(t.ev[e]);
                b.append(t.segments.text, t.segments.from[s], t.segments.to[s] - t.segments.from[s]).append(' ');
            }
        }
        return Whitespace.collapse(b.toString()).strip();
    }

    /**
     * A heading's permalink, as documentation generators write one beside every heading (Sphinx's and MkDocs' ¶,
     * Docusaurus' hash link): a link to a place on its own page whose text is one mark, not a word.
     */
    private static boolean isPermalink(ContentTree t, int a) {
        String target = t.target[a];
        if (target == null || !target.startsWith("#") || t.chars[a] > 2 || !isShort(t, a)) {
            return false;
        }
        String text = text(t, a);
        return text.length() == 1 && !Character.isLetterOrDigit(text.charAt(0));
    }

    /**
     * The gutter of a code listing laid out as a table (Pygments' {@code linenos=table}, WordPress's syntax
     * highlighters): a cell of numbers only, beside the one cell of its row that holds the code block.
     */
    private static boolean isLineNumbers(ContentTree t, int cell) {
        int row = t.parent[cell];
        if ((t.flags[row] & ContentTree.HAS_CODE_BLOCK) == 0 || t.children[row] != 2 || t.chars[cell] == 0
                || !isShort(t, cell)) {
            return false;
        }
        int other = cell == row + 1 ? t.lastDescendant[cell] + 1 : row + 1;
        if ((t.flags[other] & ContentTree.HAS_CODE_BLOCK) == 0) {
            return false;
        }
        String text = text(t, cell);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c == ' ')) {
                return false;
            }
        }
        return true;
    }

    /**
     * A table of data rather than of layout, as Readability.js tells them: header cells, a caption, a head, a foot
     * or declared columns; else, unless it holds a table, ten rows or more, more than four columns or more than
     * ten cells.
     */
    private static boolean isDataTable(ContentTree t, int table) {
        if (t.tableHeads[table] > 0) {
            return true;
        }
        int columns = 0;
        for (int n = table + 1; n <= t.lastDescendant[table]; n++) {
            if (t.code[n] == ContentTags.TABLE) {
                return false; // a table of tables lays a page out
            }
            if (t.code[n] == ContentTags.TR) {
                columns = Math.max(columns, t.children[n]);
            }
        }
        int rows = t.rows[table];
        return rows >= 10 || columns > 4 || rows * columns > 10;
    }
}
