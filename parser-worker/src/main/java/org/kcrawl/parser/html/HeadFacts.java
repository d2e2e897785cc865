package org.kcrawl.parser.html;

import org.jsoup.internal.StringUtil;
import org.kcrawl.common.redirect.Refresh;
import org.kcrawl.parser.content.ContentCollector;

/**
 * What a page says of itself in elements a {@link PageDigest} reads wherever they stand: the first usable
 * {@code <base href>}, the meta description and robots directives, the first meta refresh that parses
 * ({@link MetaRefresh}), and {@code <html lang>}. Every {@code <meta>} also goes to content extraction's
 * metadata, when it is wanted.
 */
final class HeadFacts {
    private final String location;
    private final ContentCollector content;
    private String base;
    private final MetaFacts metas = new MetaFacts();
    private String lang;

    /** Facts of the page at {@code location}; {@code content} gets the metas and the base (null: none). */
    HeadFacts(String location, ContentCollector content) {
        this.location = location;
        this.content = content;
    }

    /** The resolved first usable {@code <base href>}, or null. */
    String base() {
        return base;
    }

    String description() {
        return metas.description();
    }

    RobotsDirectives robots() {
        return metas.robots();
    }

    /** The first meta refresh that parses, as written, or null. */
    Refresh refresh() {
        return metas.refresh();
    }

    String lang() {
        return lang;
    }

    /** A {@code <base>}, {@code <meta>} or {@code <html>} start tag; {@code inTemplate} inside a template. */
    void read(String name, TagAttributes a, boolean inTemplate) {
        switch (name) {
            case "base" -> {
                if (base == null && a.has("href")) {
                    String resolved = StringUtil.resolve(location, a.get("href"));
                    base = resolved.isEmpty() ? null : resolved;
                    if (base != null && content != null) {
                        content.base(base);
                    }
                }
            }
            case "meta" -> meta(a, inTemplate);
            case "html" -> {
                if (lang == null && a.has("lang")) {
                    lang = a.get("lang");
                }
            }
            default -> { }
        }
    }

    private void meta(TagAttributes a, boolean inTemplate) {
        if (content != null) {
            content.meta(a.view());
        }
        metas.meta(a.get("http-equiv"), a.has("name") ? a.get("name") : null, a.get("content"), a.has("content"),
                inTemplate);
    }
}
