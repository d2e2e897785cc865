package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * A blog's post of a picture: its title and byline are all its text, under the 150 characters of a short post.
 * The attempts without the class judgements climb to the sidebar's menus, archive and categories, longer but
 * mostly links: the post stands against them when they add two thirds link text or more. (A post of links with
 * notes, a reading list, adds about half: Dragnet R487, where the longer result is the post.)
 */
class ShortPostTest {
    private static final String BYLINE = "by Paulo Reis on July 21, 2012";

    @Test
    void aPicturesTitleAndBylineStandAgainstTheMenusAroundThem() {
        String html = page(sidebar());
        for (BiFunction<String, ContentOptions, PageContent> path : ArticlePages.BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).isEqualTo("Reading by the river\n\n" + BYLINE);
        }
    }

    private static String page(String sidebar) {
        return "<html><body><div id=\"container\"><div id=\"content\"><div class=\"post\">"
                + "<h2 class=\"entry-title\">Reading by the river</h2><p class=\"byline\">" + BYLINE + "</p>"
                + "<p><img src=\"/photos/river.jpg\" alt=\"\"></p></div></div>" + sidebar + "</div></body></html>";
    }

    /** Short notes, each a module of its own, then lists of links: the sidebar of a blog of 2012. */
    private static String sidebar() {
        StringBuilder s = new StringBuilder("<div id=\"sidebar\" class=\"sidebar\">");
        for (String note : new String[] {"Get smart with the theme this blog is written in, it is free and open.",
                "Follow me on the social networks, where I post a new story every day.",
                "All my books are on sale now, in twelve languages, as paper and as e-books."}) {
            s.append("<div class=\"module\"><p>").append(note).append("</p></div>");
        }
        s.append("<div class=\"module\">");
        for (String list : new String[] {"Books in translation number ", "Posts of month number ",
                "Stories of the category number "}) {
            s.append("<ul>");
            for (int i = 1; i <= 12; i++) {
                s.append("<li><a href=\"/list/").append(i).append("\">").append(list).append(i).append("</a></li>");
            }
            s.append("</ul>");
        }
        return s.append("</div></div>").toString();
    }
}
