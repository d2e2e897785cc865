package org.kcrawl.parser.content;

/**
 * The attributes content extraction and the metadata read of one element, taken in one pass over its
 * attributes (a switch per attribute rather than a search of them per name). Reused element after element.
 */
final class ReadAttributes {
    String className;
    String id;
    String role;
    String itemprop;
    boolean itemscope;
    String itemtype;
    boolean hidden;
    String ariaHidden;
    String style;
    String href;
    String src;
    String dataSrc;
    String alt;
    String dataLang;
    String datetime;
    String content;
    /** {@code data} of an object, {@code value} of its params: where an embedded player names its video. */
    String data;
    String value;
    int count;

    /** Reads {@code a}; every field absent (null, false) unless the element has it. */
    ReadAttributes read(ElementAttributes a) {
        if (count > 0) { // after an element without attributes every field is still absent
            className = id = role = itemprop = itemtype = ariaHidden = style = href = src = dataSrc = alt = dataLang
                    = datetime = content = data = value = null;
            itemscope = hidden = false;
        }
        count = a.size();
        for (int i = 0; i < count; i++) {
            switch (a.nameAt(i)) {
                case "class" -> className = a.valueAt(i);
                case "id" -> id = a.valueAt(i);
                case "role" -> role = a.valueAt(i);
                case "itemprop" -> itemprop = a.valueAt(i);
                case "itemscope" -> itemscope = true;
                case "itemtype" -> itemtype = a.valueAt(i);
                case "hidden" -> hidden = true;
                case "aria-hidden" -> ariaHidden = a.valueAt(i);
                case "style" -> style = a.valueAt(i);
                case "href" -> href = a.valueAt(i);
                case "src" -> src = a.valueAt(i);
                case "data-src" -> dataSrc = a.valueAt(i);
                case "alt" -> alt = a.valueAt(i);
                case "data-lang" -> dataLang = a.valueAt(i);
                case "datetime" -> datetime = a.valueAt(i);
                case "content" -> content = a.valueAt(i);
                case "data" -> data = a.valueAt(i);
                case "value" -> value = a.valueAt(i);
                default -> { }
            }
        }
        return this;
    }

    /**
     * What the element's role and {@code itemprop} say it is: {@link ContentTree#MARKED_MAIN} for the page's
     * content ({@code role=main}, {@code itemprop=articleBody}), {@link ContentTree#ROLE_FURNITURE} for a role
     * of page furniture ({@code navigation}, {@code complementary}, {@code banner}, ...), else 0.
     */
    int marks() {
        int marks = itemprop != null && itemprop.contains("articleBody") ? ContentTree.MARKED_MAIN : 0;
        return role == null ? marks : marks | switch (role.strip()) {
            case "main", "article" -> ContentTree.MARKED_MAIN;
            case "navigation", "menu", "menubar", "complementary", "banner", "contentinfo", "search", "alert",
                 "alertdialog", "dialog", "tablist", "toolbar" -> ContentTree.ROLE_FURNITURE;
            default -> 0;
        };
    }

    /** Hidden by an attribute a page reader can see without styles: {@code hidden}, {@code aria-hidden}, an inline style. */
    boolean hidden() {
        if (hidden) {
            return true;
        }
        if (ariaHidden != null && ariaHidden.strip().equals("true")) {
            // Readability's exception: the fallback image of a lazily loaded one
            return className == null || !className.contains("fallback-image");
        }
        return style != null && (style.contains("display") || style.contains("visibility")) && InlineStyle.hides(style);
    }
}
