package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * A blog's short post in the element its engine names the post's body, beside a longer profile in the sidebar:
 * the first attempt leaves the sidebar out by its class and finds the post, under the 500 characters after
 * which it is kept; the attempts without the class judgements find the profile, longer and with few links.
 * The post stands, because it was found in the post's body.
 */
class PostBodyTest {
    private static final String POST1 = "The new bridge over the river opens to walkers on Saturday, after two years"
            + " of work and one long winter.";
    private static final String POST2 = "Cyclists will have to wait until the spring, when the second lane is finished"
            + " and the lights are in place.";
    private static final String PROFILE = ("I have written about this town, its people and its rivers since I moved"
            + " here in 1998, and before that I reported from the capital for a national paper, mostly on trade,"
            + " farming and the weather. ").repeat(6);

    @Test
    void aShortPostInItsPostBodyStandsAgainstALongerProfileInTheSidebar() {
        String html = "<html><body><div id=\"outer-wrapper\"><div id=\"main-wrapper\"><div class=\"blog-posts\">"
                + "<div class=\"post hentry\"><h3 class=\"post-title\"><a href=\"/2012/11/bridge.html\">The bridge"
                + " opens</a></h3><div class=\"post-body entry-content\"><p>" + POST1 + "</p><p>" + POST2
                + "</p></div><div class=\"post-footer\">Posted by Ann at <a href=\"/2012/11/bridge.html\">9:15 AM</a>"
                + "</div></div></div></div><div id=\"sidebar-wrapper\"><div class=\"widget Profile\"><h2>About me</h2>"
                + "<p>" + PROFILE + "</p></div><div class=\"widget BlogArchive\"><ul><li><a href=\"/2012/11/\">"
                + "November</a></li><li><a href=\"/2012/10/\">October</a></li></ul></div></div></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : ArticlePages.BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text())
                    .isEqualTo("The bridge opens\n\n" + POST1 + "\n\n" + POST2);
        }
    }

    @Test
    void theClassNamesOfAPostBodyAreWholeClassNames() {
        assertThat(ClassWords.namesPostBody("post-body entry-content")).isTrue();
        assertThat(ClassWords.namesPostBody("Entry-Content")).isTrue();
        assertThat(ClassWords.namesPostBody("post-body-footer")).isFalse();
        assertThat(ClassWords.namesPostBody("sidebar")).isFalse();
        assertThat(ClassWords.namesPostBody(null)).isFalse();
    }
}
