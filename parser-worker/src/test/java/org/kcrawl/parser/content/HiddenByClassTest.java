package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.BOTH_PATHS;
import static org.kcrawl.parser.content.ArticlePages.P1;
import static org.kcrawl.parser.content.ArticlePages.P2;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Elements whose class is {@code hidden} or {@code hide}, which sites and Bootstrap show as {@code display: none},
 * and a screen reader's text ({@code sr-only}, {@code visually-hidden}, {@code screen-reader-text}) are left out:
 * a news site's subscriber snippet of the story, hidden beside the story itself, is not given a second time, even
 * when the story is short enough for the attempts without class judgements to run. An element that a responsive
 * variant shows on wide screens ({@code hidden md:block}) is visible, and a hidden wrapper that holds most of the
 * page (which the page's script shows once it has loaded) is not left out.
 */
class HiddenByClassTest {
    private static final String SHORT = "The harbour bridge closes for a week from Monday while its railings are"
            + " painted, the council said.";

    @Test
    void aStoryHiddenByItsClassIsNotGivenTwice() {
        for (String hidden : new String[] {"article story snippet hidden", "story hide"}) {
            String html = "<!doctype html><html><body><div class=\"page\"><h1>Bridge closes for a week</h1>"
                    + "<div class=\"" + hidden + "\"><h3>By Ann Lee</h3><p>" + SHORT + "</p></div>"
                    + "<div class=\"article story\"><h3>By Ann Lee</h3><p>" + SHORT + "</p></div></div></body></html>";
            for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
                String text = path.apply(html, ArticlePages.main()).text();
                assertThat(text).as(hidden).contains(SHORT);
                assertThat(text.indexOf(SHORT)).as(hidden).isEqualTo(text.lastIndexOf(SHORT));
            }
        }
    }

    @Test
    void aScreenReadersTextIsLeftOut() {
        String html = "<!doctype html><html><body><article><h1>Harbour bridge to be rebuilt</h1>"
                + "<h2 class=\"visually-hidden\">Share this page</h2><figure><img src=/b.jpg alt=\"\"><figcaption>"
                + "<span class=\"sr-only\">Photo</span>The bridge in 1871.</figcaption></figure><p>" + P1 + "</p>"
                + "<p>" + P2 + " <a href=/plan>The plan<span class=\"screen-reader-text\"> (opens in a new window)"
                + "</span></a>.</p></article></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains(P1, P2, "The bridge in 1871.", "The plan.")
                    .doesNotContain("Share this page", "Photo", "new window");
        }
    }

    @Test
    void anElementShownOnWideScreensIsVisible() {
        String html = "<!doctype html><html><body><article><h1>Harbour bridge to be rebuilt</h1><p>" + P1 + "</p>"
                + "<p class=\"hidden md:block\">" + P2 + "</p></article></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains(P1, P2);
        }
    }

    @Test
    void aHiddenWrapperOfMostOfThePageIsNotLeftOut() {
        String html = "<!doctype html><html><body><div class=\"site hidden\"><article><h1>Harbour bridge to be"
                + " rebuilt</h1><p>" + P1 + "</p><p>" + P2 + "</p></article></div><footer>Contact us</footer></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains(P1, P2);
        }
    }
}
