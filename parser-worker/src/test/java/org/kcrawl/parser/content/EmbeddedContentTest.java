package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.P1;
import static org.kcrawl.parser.content.ArticlePages.P2;
import static org.kcrawl.parser.content.ArticlePages.P3;

import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What embedded objects say about the block around them, on both ways the parser reads a page: frames of
 * ads take a short block out, a known host's video keeps it in, and a picture's image is an image.
 */
class EmbeddedContentTest {
    private static final String CAPTION = "Watch the council's debate on the bridge, recorded on Tuesday evening.";

    static Stream<Arguments> paths() {
        return Stream.of(Arguments.of("digest", (BiFunction<String, ContentOptions, PageContent>) ArticlePages::digest),
                Arguments.of("document", (BiFunction<String, ContentOptions, PageContent>) ArticlePages::document));
    }

    @ParameterizedTest(name = "{0} path")
    @MethodSource("paths")
    void aBlockThatPlaysAKnownHostsVideoIsKept(String name, BiFunction<String, ContentOptions, PageContent> path) {
        String frames = "<iframe src=\"https://www.youtube.com/embed/sXpbONjV1Jc\"></iframe>"
                + "<iframe src=\"https://embed.example-talks.org/talks/1\"></iframe>";
        assertThat(path.apply(article(frames), ArticlePages.main()).text()).contains(P1, CAPTION, P3);
        String object = "<object data=\"/player.swf\"><param name=\"movie\" value=\"http://www.youtube.com/v/sXpbONjV1Jc\">"
                + "<embed src=\"http://www.youtube.com/v/sXpbONjV1Jc\"></object><iframe src=\"https://ads.example/2\"></iframe>";
        assertThat(path.apply(article(object), ArticlePages.main()).text()).as("an object's player").contains(CAPTION);
    }

    @ParameterizedTest(name = "{0} path")
    @MethodSource("paths")
    void aShortBlockOfOtherFramesIsLeftOut(String name, BiFunction<String, ContentOptions, PageContent> path) {
        String ads = "<iframe src=\"https://ads.example/1\"></iframe><iframe src=\"https://ads.example/2\"></iframe>";
        assertThat(path.apply(article(ads), ArticlePages.main()).text()).contains(P1, P3).doesNotContain(CAPTION);
        String pictures = "<picture><source srcset=\"/a.webp\"><img src=\"/a.jpg\" alt=\"a\"></picture>"
                + "<picture><source srcset=\"/b.webp\"><img src=\"/b.jpg\" alt=\"b\"></picture><video src=\"/v.mp4\"></video>";
        assertThat(path.apply(article(pictures), ArticlePages.main()).text()).as("pictures and videos are not frames")
                .contains(CAPTION);
    }

    @ParameterizedTest(name = "{0} path")
    @MethodSource("paths")
    void aPicturesImageIsInTheMarkdown(String name, BiFunction<String, ContentOptions, PageContent> path) {
        String html = "<html><body><article><p>" + P1 + "</p><figure><picture><source srcset=\"img/bridge.webp\""
                + " type=\"image/webp\"><img src=\"img/bridge.jpg\" alt=\"The bridge at dawn\"></picture></figure>"
                + "<p>" + P2 + "</p><p>" + P3 + "</p></article></body></html>";
        assertThat(path.apply(html, ArticlePages.markdown()).markdown())
                .contains("![The bridge at dawn](https://news.example/2026/12/img/bridge.jpg)");
    }

    /** An article whose second block is {@link #CAPTION} beside {@code embedded}. */
    private static String article(String embedded) {
        return "<html><body><article><h1>Harbour bridge to be rebuilt</h1><p>" + P1 + "</p><div class=\"clip\"><p>"
                + CAPTION + "</p>" + embedded + "</div><p>" + P2 + "</p><p>" + P3 + "</p></article></body></html>";
    }
}
