package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.BOTH_PATHS;
import static org.kcrawl.parser.content.ArticlePages.P1;
import static org.kcrawl.parser.content.ArticlePages.P2;
import static org.kcrawl.parser.content.ArticlePages.P3;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Comments written as plain siblings of the post, under a heading that says "Comments" or "12 Responses", or after
 * the empty anchor the page's comment links jump to (TypePad, news sites of the 2000s): cut from there on. A
 * heading that only starts with such a word, a link to the comments, and a table's "Comments" column are the
 * post's own.
 */
class CommentsStartTest {
    private static final String COMMENT = "What a lovely bridge, I walked over it every day as a child, and I hope the"
            + " new one keeps the arches.";

    private static String post(String heading) {
        return "<!doctype html><html><body><div id=\"content\"><h1>Harbour bridge to be rebuilt</h1>"
                + "<p>" + P1 + "</p><p>" + P2 + "</p><p>" + P3 + "</p>" + heading
                + ("<p>" + COMMENT + "</p><p class=\"posted\">Posted by: Ann | May 29, 2007 10:19 PM</p>").repeat(8)
                + "</div></body></html>";
    }

    @Test
    void theCommentsUnderTheirHeadingOrAnchorAreCut() {
        for (String heading : new String[] {"<h2><a id=\"comments\"></a>Comments</h2>", "<h3>12 Responses</h3>",
            "<a name=\"c1\"></a><div class=\"yvhd\">Comments (8)</div>", "<h3>Leave a Reply</h3>",
            "<a id=\"comments\"></a><p>What readers said</p>"}) {
            for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
                String text = path.apply(post(heading), ArticlePages.main()).text();
                assertThat(text).as(heading).contains(P1, P2, P3).doesNotContain("lovely bridge", "Posted by");
            }
        }
    }

    @Test
    void theHeadingsAndLinksOfThePostItselfAreKept() {
        String section = "<h2>Response</h2><p>" + COMMENT + "</p>";
        String link = "<p><a href=\"#comments\">Comments</a></p>";
        String html = "<!doctype html><html><body><div id=\"content\"><h1>Harbour bridge to be rebuilt</h1>"
                + "<p>" + P1 + "</p><p>" + P2 + "</p>" + link + section + "<h2>Comments from the council</h2><p>" + P3 + "</p>"
                + "<table><tr><th>Speaker</th><th>Comments</th></tr><tr><td>Mayor</td><td>We will build it.</td></tr>"
                + "</table></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text())
                    .contains(P1, P2, "Response", "lovely bridge", "Comments from the council", P3, "We will build it.");
        }
    }
}
