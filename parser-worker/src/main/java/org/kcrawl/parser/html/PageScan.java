package org.kcrawl.parser.html;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;
import org.kcrawl.common.redirect.Refresh;

/**
 * Everything the parser reads from a document's elements, gathered in one walk over the tree: the
 * link elements ({@code a[href]}, {@code area[href]}, {@code link[href]}, {@code frame[src]},
 * {@code iframe[src]}, in document order), the meta description, the meta robots directives, the
 * meta refresh ({@link MetaRefresh}), the {@code <html lang>} and the first {@code <h1>}. Matching
 * follows jsoup's selectors (attribute values compared trimmed and ignoring case). One walk instead
 * of five selector queries, each of which would visit every element again.
 */
final class PageScan implements NodeVisitor {
    private final List<LinkElement> links = new ArrayList<>();
    private final MetaFacts metas = new MetaFacts();
    private String lang;
    private Element firstH1;

    private PageScan() {}

    /** Scans {@code doc}. */
    static PageScan of(Document doc) {
        PageScan scan = new PageScan();
        NodeTraversor.traverse(scan, doc);
        return scan;
    }

    @Override
    public void head(Node node, int depth) {
        if (!(node instanceof Element el)) {
            return;
        }
        switch (el.normalName()) {
            case "a", "area", "link" -> {
                if (el.hasAttr("href")) {
                    links.add(new LinkElement(el.normalName(), el.attr("href"), el.attr("rel")));
                }
            }
            case "frame", "iframe" -> {
                if (el.hasAttr("src")) {
                    links.add(new LinkElement(el.normalName(), el.attr("src"), el.attr("rel")));
                }
            }
            case "meta" -> meta(el);
            case "html" -> {
                if (lang == null && el.hasAttr("lang")) {
                    lang = el.attr("lang");
                }
            }
            case "h1" -> {
                if (firstH1 == null) {
                    firstH1 = el;
                }
            }
            default -> { }
        }
    }

    private void meta(Element el) {
        metas.meta(el.attr("http-equiv"), el.hasAttr("name") ? el.attr("name") : null, el.attr("content"),
                el.hasAttr("content"), inTemplate(el));
    }

    /** The link elements, in document order. */
    List<LinkElement> links() {
        return links;
    }

    /** The first meta description's content, or null. */
    String description() {
        return metas.description();
    }

    /** The meta robots directives, combined. */
    RobotsDirectives robots() {
        return metas.robots();
    }

    /** The first meta refresh that parses, as written, or null. */
    Refresh refresh() {
        return metas.refresh();
    }

    /** True inside a {@code <template>}, which jsoup keeps in the tree but a browser keeps out of the document. */
    private static boolean inTemplate(Element el) {
        for (Element e = el.parent(); e != null; e = e.parent()) {
            if (e.normalName().equals("template")) {
                return true;
            }
        }
        return false;
    }

    /** The first {@code <html lang>} value, or null. */
    String lang() {
        return lang;
    }

    /** The first {@code <h1>}, or null. */
    Element firstH1() {
        return firstH1;
    }
}
