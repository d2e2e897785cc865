package org.kcrawl.parser.content;

import java.util.List;
import java.util.Locale;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Hands a jsoup document to a {@link ContentCollector} as the parser's digest hands over the pages it
 * reads: the body's elements and text in document order, every {@code <meta>}, the JSON-LD scripts.
 * Walks without recursion, so a page nested a hundred thousand deep costs its size, not its stack.
 */
final class DocumentEvents implements NodeVisitor {
    private final ContentCollector collector;
    private final Element body;
    private int inBody;

    private DocumentEvents(ContentCollector collector, Element body) {
        this.collector = collector;
        this.body = body;
    }

    static void walk(Document doc, ContentCollector collector) {
        Element body = doc.body();
        NodeTraversor.traverse(new DocumentEvents(collector, body), doc);
    }

    @Override
    public void head(Node node, int depth) {
        if (node instanceof Element e) {
            if (e == body) {
                inBody = 1;
                return;
            }
            String name = e.normalName();
            if (name.equals("meta")) {
                collector.meta(new Attributes(e));
            }
            if (inBody > 0) {
                inBody++;
                collector.start(name, new Attributes(e));
            }
        } else if (node instanceof DataNode data) {
            Node parent = data.parent();
            if (parent instanceof Element script && script.normalName().equals("script")
                    && collector.wantsData(script.attr("type"))) {
                char[] text = data.getWholeData().toCharArray();
                collector.jsonLd(text, 0, text.length);
            }
        } else if (node instanceof TextNode text && inBody > 0) {
            char[] chars = text.getWholeText().toCharArray();
            collector.text(chars, 0, chars.length, false);
        }
    }

    @Override
    public void tail(Node node, int depth) {
        if (node instanceof Element e && inBody > 0) {
            if (e == body) {
                inBody = 0;
                return;
            }
            inBody--;
            collector.end();
        }
    }

    /** A jsoup element's attributes, as the collector reads them. */
    private static final class Attributes implements ElementAttributes {
        private final Element element;
        private final List<Attribute> list;

        Attributes(Element element) {
            this.element = element;
            this.list = element.attributesSize() == 0 ? List.of() : element.attributes().asList();
        }

        @Override
        public String get(String name) {
            return element.hasAttr(name) ? element.attr(name) : null;
        }

        @Override
        public int size() {
            return list.size();
        }

        @Override
        public String nameAt(int i) {
            return list.get(i).getKey().toLowerCase(Locale.ROOT);
        }

        @Override
        public String valueAt(int i) {
            return list.get(i).getValue();
        }
    }
}
