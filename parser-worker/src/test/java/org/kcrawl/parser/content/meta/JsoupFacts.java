package org.kcrawl.parser.content.meta;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Hands a {@link MetadataCollector} the facts of a jsoup document as the page reader does (in document
 * order, by the collector's contract), for tests on real markup.
 */
public final class JsoupFacts {
    private JsoupFacts() {}

    /** The metadata of the fixture {@code meta/name}, read as the page at {@code url}. */
    static PageMetadata fixture(String name, String url) {
        return of(document(name, url));
    }

    /** The fixture {@code meta/name} as a document at {@code url}. */
    public static Document document(String name, String url) {
        try (InputStream in = JsoupFacts.class.getResourceAsStream("/meta/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture meta/" + name);
            }
            return Jsoup.parse(in, "UTF-8", url);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The metadata of {@code html}, read as the page at {@code url}. */
    static PageMetadata html(String html, String url) {
        return of(Jsoup.parse(html, url));
    }

    public static PageMetadata of(Document doc) {
        MetadataCollector c = new MetadataCollector(doc.location(), doc.baseUri());
        facts(doc).forEach(f -> f.accept(c));
        return c.result(doc.title());
    }

    /** The facts of {@code doc} in document order, each a call on a collector, with every value read beforehand. */
    public static List<Consumer<MetadataCollector>> facts(Document doc) {
        List<Consumer<MetadataCollector>> facts = new ArrayList<>();
        for (Element e : doc.getAllElements()) {
            String itemprop = attr(e, "itemprop");
            String scope = scope(e);
            switch (e.tagName()) {
                case "meta" -> {
                    String name = attr(e, "name");
                    String property = attr(e, "property");
                    String httpEquiv = attr(e, "http-equiv");
                    String content = attr(e, "content");
                    facts.add(c -> c.meta(name, property, httpEquiv, content));
                    if (itemprop != null) {
                        facts.add(c -> c.itemProp(itemprop, scope, content));
                    }
                    continue;
                }
                case "script" -> {
                    if (MetadataCollector.isJsonLd(attr(e, "type"))) {
                        char[] text = e.data().toCharArray();
                        facts.add(c -> c.jsonLd(text, 0, text.length));
                    }
                    continue;
                }
                case "time" -> {
                    String datetime = attr(e, "datetime");
                    String text = capped(e.text());
                    facts.add(c -> c.time(datetime, itemprop, text));
                }
                default -> { }
            }
            if (e.hasAttr("itemscope")) {
                String itemtype = attr(e, "itemtype");
                facts.add(c -> c.itemScope(itemtype, itemprop));
            } else if (MetadataCollector.wantsItemProp(itemprop, scope)) {
                String value = value(e);
                facts.add(c -> c.itemProp(itemprop, scope, value));
            }
        }
        return facts;
    }

    /** The microdata value of an element: content, else datetime, else href or src, else its text. */
    private static String value(Element e) {
        for (String a : new String[] {"content", "datetime", "href", "src"}) {
            if (e.hasAttr(a)) {
                return e.attr(a);
            }
        }
        return capped(e.text());
    }

    /** The itemprop of the nearest enclosing itemscope element. */
    private static String scope(Element e) {
        for (Element p = e.parent(); p != null; p = p.parent()) {
            if (p.hasAttr("itemscope")) {
                return attr(p, "itemprop");
            }
        }
        return null;
    }

    private static String capped(String text) {
        return text.length() <= MetadataCollector.MAX_TEXT_CHARS ? text : text.substring(0, MetadataCollector.MAX_TEXT_CHARS);
    }

    private static String attr(Element e, String name) {
        return e.hasAttr(name) ? e.attr(name) : null;
    }
}
