package org.kcrawl.parser.content;

import java.util.List;
import java.util.function.BiFunction;
import org.jsoup.Jsoup;
import org.kcrawl.parser.html.DigestContent;

/** Article pages with page furniture around them, and the two ways the parser reads a page. */
final class ArticlePages {
    static final String URL = "https://news.example/2026/12/a-story.html";
    static final String P1 = "The council voted on Tuesday to rebuild the old harbour bridge, a project that has been"
            + " debated for more than a decade, and work is expected to begin in the spring.";
    static final String P2 = "Engineers said the new design keeps the stone arches, which date from 1871, while the"
            + " deck, the railings and the lighting are replaced, and traffic will use a temporary crossing.";
    static final String P3 = "Residents who spoke at the meeting were divided: some welcomed the plan, others asked"
            + " why the money was not spent on the schools, the library and the swimming pool instead.";

    /** The digest path and the document path (extraction rules), which must give the same content. */
    static final List<BiFunction<String, ContentOptions, PageContent>> BOTH_PATHS =
            List.of(ArticlePages::digest, ArticlePages::document);

    private ArticlePages() {}

    /** A news page: the article (headline and three paragraphs) and {@code furniture} beside it. */
    static String page(String furniture) {
        return "<!doctype html><html><head><title>Harbour bridge to be rebuilt - City News</title></head><body>"
                + "<div class=\"wrapper\">" + furniture
                + "<div class=\"content\"><article><h1>Harbour bridge to be rebuilt</h1>"
                + "<p>" + P1 + "</p><p>" + P2 + "</p><p>" + P3 + "</p></article></div>"
                + "</div></body></html>";
    }

    /** The text of {@code html} as the digest path gives it. */
    static PageContent digest(String html, ContentOptions options) {
        return DigestContent.of(html, URL, new ContentExtractor(options));
    }

    /** The text of {@code html} as the document path (extraction rules) gives it. */
    static PageContent document(String html, ContentOptions options) {
        return new ContentExtractor(options).extract(Jsoup.parse(html, URL), URL, DigestContent.resolver(URL));
    }

    static ContentOptions main() {
        return ContentOptions.DEFAULTS;
    }

    static ContentOptions markdown() {
        return new ContentOptions(ContentMode.MAIN, true, 200_000);
    }
}
