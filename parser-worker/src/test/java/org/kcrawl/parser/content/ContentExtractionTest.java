package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.BOTH_PATHS;
import static org.kcrawl.parser.content.ArticlePages.P1;
import static org.kcrawl.parser.content.ArticlePages.P2;
import static org.kcrawl.parser.content.ArticlePages.P3;

import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ContentExtractionTest {
    private static final String FURNITURE = "Furniture words that must not be in the text";

    /** Each kind of page furniture, carrying {@link #FURNITURE}, beside a real article. */
    static Stream<Arguments> furniture() {
        String f = FURNITURE + ", with a comma, and another one, to look like prose to a naive counter.";
        return Stream.of(
                Arguments.of("navigation", "<nav><ul><li><a href=/a>Home</a></li><li><a href=/b>" + f + "</a></li></ul></nav>"),
                Arguments.of("page header", "<header><div>" + f + "</div></header>"),
                Arguments.of("page footer", "<footer><p>" + f + "</p></footer>"),
                Arguments.of("sidebar by tag", "<aside><p>" + f + "</p></aside>"),
                Arguments.of("sidebar by class", "<div class=\"sidebar\"><p>" + f + "</p></div>"),
                Arguments.of("related links", "<div class=\"related-stories\"><p>" + f + "</p></div>"),
                Arguments.of("comments", "<div id=\"comments\"><p>" + f + "</p><p>" + f + "</p></div>"),
                Arguments.of("share widget", "<div class=\"share-buttons\"><a href=/s>" + f + "</a></div>"),
                Arguments.of("cookie notice", "<div class=\"cookie-consent\"><p>" + f + "</p></div>"),
                Arguments.of("subscription box", "<div class=\"newsletter-signup\"><p>" + f + "</p></div>"),
                Arguments.of("advertisement", "<div class=\"ad-banner\"><p>" + f + "</p></div>"),
                Arguments.of("hidden by style", "<div style=\"display: none\"><p>" + f + "</p></div>"),
                Arguments.of("hidden by attribute", "<div hidden><p>" + f + "</p></div>"),
                Arguments.of("script and style", "<script>var x = '" + f + "';</script><style>p{}</style>"),
                Arguments.of("navigation by role", "<div role=\"navigation\"><p>" + f + "</p></div>"),
                Arguments.of("breadcrumbs", "<ol class=\"breadcrumbs\"><li>" + f + "</li></ol>"));
    }

    @ParameterizedTest(name = "{0}, digest path")
    @MethodSource("furniture")
    void furnitureIsLeftOutOfTheDigestPath(String kind, String furniture) {
        check(ArticlePages::digest, furniture);
    }

    @ParameterizedTest(name = "{0}, document path")
    @MethodSource("furniture")
    void furnitureIsLeftOutOfTheDocumentPath(String kind, String furniture) {
        check(ArticlePages::document, furniture);
    }

    private static void check(BiFunction<String, ContentOptions, PageContent> path, String furniture) {
        String text = path.apply(ArticlePages.page(furniture), ArticlePages.main()).text();
        assertThat(text).contains(P1, P2, P3).doesNotContain("Furniture words");
        String all = path.apply(ArticlePages.page(furniture), new ContentOptions(ContentMode.FULL, false, 200_000))
                .text();
        if (!furniture.contains("hidden") && !furniture.contains("<script") && !furniture.contains("none")) {
            assertThat(all).as("full text keeps what is visible").contains("Furniture words");
        }
    }

    /**
     * A site menu inside the block the article was found in (old table layouts, blogs that put it in their
     * post's container): a list of three or more items that are all links of a few words is left out, on
     * both paths; a list whose links carry sentences of their own is content.
     */
    @Test
    void aMenuInsideTheArticlesBlockIsLeftOutAndAListOfLinksWithWordsIsKept() {
        String menu = "<ul id=\"nav\"><li><a href=/>Home</a></li><li><a href=/apps>Apps</a></li>"
                + "<li><a href=/design>Design</a></li><li><a href=/geek>Geek stuff</a></li></ul>";
        String sources = "<ul><li><a href=/r1>The council's report</a> on the bridge's costs, published in May</li>"
                + "<li><a href=/r2>The engineers' survey</a> of the stone arches and their foundations</li>"
                + "<li><a href=/r3>Minutes</a> of the meeting where residents spoke for and against</li></ul>";
        String html = "<!doctype html><html><body><div class=\"post\">" + menu + "<h1>Harbour bridge to be rebuilt</h1>"
                + "<p>" + P1 + "</p><p>" + P2 + "</p>" + sources + "<p>" + P3 + "</p></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            String text = path.apply(html, ArticlePages.main()).text();
            assertThat(text).contains(P1, P2, P3, "The engineers' survey of the stone arches")
                    .doesNotContain("Apps", "Geek stuff");
        }
    }

    /**
     * A news site's related stories inside the story's block, in an element whose id names both furniture and
     * content ({@code related_articles}, which the first attempt's strip keeps for its "article"): a list of
     * headlines, each link followed by its city, is left out; the sources list, whose links carry sentences,
     * is kept.
     */
    @Test
    void aRelatedStoriesListThatAContentWordRescuedIsLeftOut() {
        StringBuilder related = new StringBuilder("<div id=\"related_articles\"><h3>Related News</h3><ul>");
        for (String headline : new String[] {"Ferry service to resume after the storm", "Old mill becomes a museum",
            "Harbour master retires after thirty years"}) {
            related.append("<li><a href=\"/stories/").append(headline.length()).append("\">").append(headline)
                    .append("</a> <span class=\"city\">[Kansas City]</span></li>");
        }
        related.append("</ul></div>");
        String sources = "<ul><li><a href=/r1>The council's report</a> on the bridge's costs, published in May</li>"
                + "<li><a href=/r2>The engineers' survey</a> of the stone arches and their foundations</li>"
                + "<li><a href=/r3>Minutes</a> of the meeting where residents spoke for and against</li></ul>";
        String html = "<!doctype html><html><body><table><tr><td class=\"left_col\"><div id=\"story\">"
                + "<h1>Harbour bridge to be rebuilt</h1>" + related + "<p>" + P1 + "</p><p>" + P2 + "</p>" + sources
                + "<p>" + P3 + "</p></div></td></tr></table></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            String text = path.apply(html, ArticlePages.main()).text();
            assertThat(text).contains(P1, P2, P3, "The engineers' survey of the stone arches")
                    .doesNotContain("Related News", "Ferry service");
        }
    }

    /**
     * A short post (under the 500 characters after which the first attempt is kept) with a long comment section:
     * the attempts that follow, without the class judgements, must not come back with the comments; a
     * commentary (an article so named) is content.
     */
    @Test
    void aShortPostIsNotReplacedByItsCommentsAndACommentaryIsContent() {
        String post = "Inspired by the autumn collection, the shirt and tie are vintage, the jeans are corduroy.";
        StringBuilder comments = new StringBuilder("<div id=\"comments\" class=\"comments\"><ol>");
        for (int i = 0; i < 12; i++) {
            comments.append("<li class=\"comment\"><div class=\"comment-author\">Reader ").append(i)
                    .append("</div><p>What a wonderful look, I love the shoes, the bag and the colours, so inspiring!")
                    .append(" Please never stop writing, number ").append(i).append(".</p></li>");
        }
        String html = "<!doctype html><html><body><div class=\"hentry post\"><h2>In St. Germain, Paris</h2>"
                + "<div class=\"entry-content\"><p>" + post + "</p></div></div>" + comments + "</ol></div></body></html>";
        String commentary = "<!doctype html><html><body><div class=\"commentary\"><p>" + P1 + "</p><p>" + P2
                + "</p></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains(post).doesNotContain("wonderful look");
            assertThat(path.apply(commentary, ArticlePages.main()).text()).contains(P1, P2);
        }
    }

    /**
     * An old table layout whose story is one span of paragraphs written with two line breaks each (as Readability
     * reads them: a paragraph each), beside a menu and a feed box: the story is the content, in paragraphs.
     * Scored as one block of text, the span lost to the table around it all.
     */
    @Test
    void paragraphsWrittenWithLineBreaksScoreAsParagraphs() {
        List<String> story = List.of(
                "NEW YORK - For one night, the two hosts will solve the problem of booking guests by appearing on each"
                        + " other's show.",
                "The swap comes Thursday, with one host travelling to the other's studio, and the favour returned the"
                        + " next week.",
                "There are only a few people in the world that know how tough this job is, one of them said on Sunday.",
                "Joked the other: if we can come together on each other's shows, then surely there is hope for peace.",
                "Both programs returned to the air last week without writers due to the strike by the writers guild.");
        StringBuilder menu = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            menu.append("<tr><td class=\"menu\"><a href=\"/s").append(i).append("\">Section ").append(i).append("</a></td></tr>");
        }
        String html = "<html><body><table><tr><td><table>" + menu + "</table></td><td><h1>Hosts swap shows</h1>"
                + "<table><tr><td><center><b>Get Arts and Entertainment Feeds</b><br>Add the feed to your reader, it is"
                + " free, and it works with every reader around.</center></td></tr></table><p><span>By THE PRESS"
                + "</span><br><span>January 7, 2008</span><br><span class=\"body2\">" + String.join("<br><br>\n", story)
                + "</span></p></td></tr></table></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text())
                    .isEqualTo("Hosts swap shows\n\n" + String.join("\n\n", story));
        }
    }

    /**
     * A table layout written without {@code tbody}, as most were: the story, one span of paragraphs written with
     * line breaks, in a row of its table, beside a column of headlines. An HTML parser puts each row in a tbody,
     * and the scores that choose the content were made on that tree; without it the digest path's outer row came
     * within a quarter of the story's score, and the selection climbed to the table that holds the headlines too.
     */
    @Test
    void aTableLayoutIsScoredAsTheTreeAnHtmlParserBuilds() {
        List<String> story = List.of(
                "LAS VEGAS - The primary is taking on a new tone amid a dispute over comments made by one of the"
                        + " candidates about the role of a leader in the movement.",
                "The candidate has said the dream was only realized when the act was signed by the president in 1964.",
                "Some leaders have criticized the comments, and the top rival calls them ill-advised.",
                "The campaign says the rival is pushing the story to score political points, which the rival denies.",
                "On a Sunday programme yesterday, the candidate maintained the hope that the campaign is not about"
                        + " this.");
        StringBuilder headlines = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            headlines.append("<tr><td class=\"caption\">&raquo;</td><td class=\"caption\"><a href=\"/News/index.php?ID=")
                    .append(i).append("\">Headline number ").append(i).append(" of the day</a></td></tr>");
        }
        String html = "<html><body><table width=975><tr valign=top><td><table width=\"100%\"><tr><td colspan=2>"
                + "<a href=/ad><img src=/ad.jpg></a></td></tr><tr><td><span class=title><strong>Rivals spar</strong>"
                + "</span></td><td></td></tr><tr><td colspan=3><table width=250 align=right><tr><td><span class=brief>"
                + "<img src=/photo.jpg></span></td></tr></table><span class=brief>" + String.join("<br />\n<br />\n", story)
                + "</span><br><br><span class=brief>&copy; 2008 The Press.</span></td></tr></table></td>"
                + "<td width=\"21%\"><table><tr><td colspan=2 class=blueheader>More Headlines</td></tr>" + headlines
                + "</table></td></tr></table></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains(String.join("\n\n", story))
                    .doesNotContain("Headline number");
        }
    }

    /**
     * An anchor is not a link: old pages open each section with an {@code <a name>} they never close, so the
     * document's text sits inside it. Counted as link text, the article scored as a menu, and a short box won.
     */
    @Test
    void textInsideAnAnchorWithoutHrefIsNotLinkText() {
        StringBuilder toc = new StringBuilder();
        for (String s : List.of("intro", "data", "sources")) {
            toc.append("<p><a href=\"#").append(s).append("\">Section ").append(s).append("</a></p>");
        }
        String html = "<html><body><table><tr><td>" + toc + "<a name=\"intro\"><h2>Introduction</h2><p>" + P1 + "</p>"
                + "<a name=\"data\"><h2>Data</h2><p>" + P2 + "</p><p>" + P3 + "</p></td></tr><tr><td><p>Feedback: if you"
                + " see any errors on this page, please fill in the feedback form so that we can correct it.</p></td></tr>"
                + "</table></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains(P1 + "\n\nData\n\n" + P2 + "\n\n" + P3)
                    .doesNotContain("Feedback");
        }
    }

    /**
     * A blog post written with line breaks, its icons beside it: Readability has a paragraph for each run of text
     * between breaks by the time it counts paragraphs against images, so the post is not an image gallery. Counted
     * without them, the post's column was cleaned out and the blog's description in the header came back.
     */
    @Test
    void paragraphsOfBreaksCountAgainstTheImagesAroundThem() {
        String post = "This week I am in another city working on record systems and the exchange of information."
                + "<br /><br />There will be a few days without posts this week due to my travels, but I will detail all"
                + " the lessons when I return.<br /><br />Aligning quality, safety and efficiency with technology poses"
                + " the same challenges everywhere.";
        String html = "<html><body><div class=\"header-outer\"><h1><a href=/>Life as an engineer</a></h1>"
                + "<div class=\"descriptionwrapper\"><p class=\"description\"><span>Every day I experience life in the"
                + " world of hospital systems, supporting thousands of doctors and staff. In this blog I record my"
                + " experiences with infrastructure, applications, policies and management, and muse on other topics"
                + " such as reducing our footprint and living life to its fullest.</span></p></div></div>"
                + "<div class=\"main section\"><div class=\"blog-posts hfeed\"><div class=\"post hentry\">"
                + "<h3 class=\"post-title\">In the city this week</h3><div class=\"post-body entry-content\">" + post
                + "</div><div class=\"post-footer\">Posted by Author at 3:00 AM <a href=/e><img src=/email.png></a>"
                + " <a href=/b><img src=/blog.png></a> <a href=/t><img src=/twitter.png></a></div></div></div></div>"
                + "</body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains("Aligning quality, safety and efficiency")
                    .doesNotContain("Every day I experience");
        }
    }

    /**
     * A post that is a list: linked items, each with its description, one with a paragraph of its own. A list
     * starts below zero as a candidate, and a paragraph in it hardly lifts it; Readability's cleaning weighs only
     * the class, so the list stays. Weighed by its score, the post lost all but its first paragraph.
     */
    @Test
    void aListThatIsThePostIsNotCleanedOutForItsScore() {
        StringBuilder items = new StringBuilder("<li><p>Notes from the gemba on customer focus this month</p></li>");
        for (int i = 0; i < 5; i++) {
            items.append("<li><a href=\"/post").append(i).append("\">Leadership lesson ").append(i).append("</a> by a"
                    + " writer: what a successful leader must also have is a keen sense of the customer and of the moment"
                    + " when a product or a service is delivered to them</li>");
        }
        String html = "<html><body><div id=\"nav\"><ul><li><a href=/>Home</a></li><li><a href=/about>About</a></li>"
                + "</ul></div><div id=\"content\"><h2>Management blog carnival</h2><p>The carnival is published twice a"
                + " month, with hand picked recent posts on management, lean thinking and improvement.</p><p>" + P1
                + "</p><p>" + P2 + "</p><p>" + P3 + "</p><ul>" + items
                + "</ul></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains("Leadership lesson 4 by a writer")
                    .contains("Notes from the gemba").doesNotContain("About");
        }
    }

    /**
     * A short paragraph beside the story joins it when it reads as sentences: a full stop before a space or at its
     * end, as Readability's test has it, not only a full stop at its end.
     */
    @Test
    void aShortParagraphBesideTheStoryWithASentenceInItJoinsIt() {
        String html = "<html><body><nav><a href=/>Home</a></nav><div class=\"story\"><p>" + P1 + "</p><p>" + P2 + "</p><p>"
                + P3 + "</p></div><p>The bridge opens in May. Tickets go on sale soon</p></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).endsWith(P3 + "\n\nThe bridge opens in May. Tickets go on sale soon");
            // a full stop with a line break after it ends the text as well
            String stopThenBreak = html.replace("The bridge opens in May. Tickets go on sale soon", "Tickets go on sale in May.\n");
            assertThat(path.apply(stopThenBreak, ArticlePages.main()).text()).endsWith(P3 + "\n\nTickets go on sale in May.");
        }
    }

    /** An ad's slot that keeps only its label, or a box still saying it is loading, is left out of the story. */
    @Test
    void anAdsLabelAndALoadingNoticeAreLeftOut() {
        String html = "<html><body><nav><a href=/>Home</a></nav><article><h1>Harbour bridge</h1><p>" + P1 + "</p>"
                + "<div class=\"slot\"><span>Advertisement</span></div><p>" + P2 + "</p><div>Loading...</div><p>" + P3
                + "</p></article></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).contains(P1 + "\n\n" + P2 + "\n\n" + P3);
        }
    }

    /**
     * A story split around an advertisement into numbered containers, each in a wrapper of its own (cousins, not
     * siblings, as a news site's template writes them): both parts are the content, in order; the ad, the related
     * links and a box whose class is the same but unnumbered are not.
     */
    @Test
    void anArticleSplitAroundAnAdvertisementIsKeptWhole() {
        String first = "<p>" + P1 + "</p>"; // a lede of one paragraph before the first ad
        String second = "<p>" + P2 + "</p><p>" + P3 + "</p><p>" + P1.replace("harbour", "river") + "</p>";
        String html = "<html><body><h1>Harbour bridge</h1><div class=\"story-body-supplemental\"><div class=\"story-body"
                + " story-body-1\">" + first + "</div><aside class=\"related\"><a href=/r>Related story</a></aside></div>"
                + "<div class=\"story-interrupter\"><div class=\"ad\">Advertisement</div></div>"
                + "<div class=\"story-body-supplemental\"><div class=\"story-body story-body-2\">" + second + "</div></div>"
                + "<div class=\"footer-box\"><div class=\"story-body\"><p>" + FURNITURE + ", " + P2 + "</p></div></div>"
                + "</body></html>";
        // The same parts in wrappers that hold nothing else, which the selection climbs past.
        String bare = html.replace("<aside class=\"related\"><a href=/r>Related story</a></aside>", "");
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            for (String page : List.of(html, bare)) {
                assertThat(path.apply(page, ArticlePages.main()).text()).isEqualTo("Harbour bridge\n\n" + P1 + "\n\n"
                        + P2 + "\n\n" + P3 + "\n\n" + P1.replace("harbour", "river"));
            }
        }
    }

    /**
     * A two-paragraph post, under the 500 characters after which the first attempt is kept, beside a sidebar of
     * short notes and a long archive of links: without the class judgements the notes score near the post, the
     * selection climbs to the whole page, and what that adds is mostly links, so the post stands.
     */
    @Test
    void aShortPostStandsAgainstTheLinksAroundIt() {
        String post = "Download the app today and take part in a global experiment through October, it is free.";
        String more = "It will be very interesting to see how this turns out, and we will report on it next week.";
        StringBuilder sidebar = new StringBuilder("<div id=\"beta\" class=\"sidebar\">");
        for (String note : List.of("I write about storage and clouds, and sometimes about cars and my family.",
                "This blog is my own opinion, and it is not the opinion of my employer.",
                "Subscribe by email below, and you will get every new post in your inbox.")) {
            sidebar.append("<div class=\"module\"><p>").append(note).append("</p></div>");
        }
        sidebar.append("<div><ul>");
        for (int i = 1; i <= 24; i++) {
            sidebar.append("<li><a href=\"/archive/").append(i).append("\">Posts of month number ").append(i)
                    .append(" of the archive</a></li>");
        }
        String html = "<html><body><div id=\"container\"><div id=\"alpha\"><div class=\"entry\"><h3>Are you in?</h3>"
                + "<div class=\"entry-body\"><p>" + post + "</p><p>" + more + "</p></div></div></div>" + sidebar
                + "</ul></div></div></div></body></html>";
        for (BiFunction<String, ContentOptions, PageContent> path : BOTH_PATHS) {
            assertThat(path.apply(html, ArticlePages.main()).text()).isEqualTo(post + "\n\n" + more);
        }
    }

    @Test
    void blocksAreParagraphsHeadingsAndListItemsLinesOfTheirOwn() {
        String html = "<html><body><article><h1>Title here</h1><p>" + P1 + "</p><h2>Part two</h2><p>" + P2
                + "</p><ul><li>first item</li><li>second <b>item</b></li></ul><p>" + P3 + "</p></article></body></html>";
        String text = ArticlePages.digest(html, ArticlePages.main()).text();
        assertThat(text).isEqualTo("Title here\n\n" + P1 + "\n\nPart two\n\n" + P2 + "\n\nfirst item\nsecond item\n\n"
                + P3);
    }

    @Test
    void theHeadlineBeforeTheArticleIsKept() {
        String html = "<html><body><div class=\"headline\"><h1>Harbour bridge to be rebuilt</h1></div>"
                + "<div class=\"story-body\"><p>" + P1 + "</p><p>" + P2 + "</p><p>" + P3 + "</p></div></body></html>";
        assertThat(ArticlePages.digest(html, ArticlePages.main()).text())
                .startsWith("Harbour bridge to be rebuilt\n\n" + P1);
    }

    @Test
    void bothPathsGiveTheSameText() {
        String html = ArticlePages.page("<nav><a href=/>Home</a></nav><div class=\"sidebar\">Popular</div>");
        assertThat(ArticlePages.document(html, ArticlePages.markdown()))
                .isEqualTo(ArticlePages.digest(html, ArticlePages.markdown()));
    }

    @Test
    void aPageWithoutAnArticleKeepsItsCentralTextNotItsMenus() {
        // The shape of a JDK Javadoc class page: a navigation bar, then the class description and members.
        String nav = "<header><nav><ul><li><a href=o.html>Overview</a></li><li><a href=p.html>Package</a></li>"
                + "<li>Class</li><li><a href=u.html>Use</a></li><li><a href=t.html>Tree</a></li>"
                + "<li><a href=d.html>Deprecated</a></li><li><a href=i.html>Index</a></li>"
                + "<li><a href=h.html>Help</a></li></ul></nav></header>";
        String html = "<html><body>" + nav + "<main role=main><div class=header><h1>Class ArrayList</h1></div>"
                + "<section class=description><div class=block>Resizable-array implementation of the List"
                + " interface.</div></section><section class=details><h2>Method Details</h2><ul><li><h3>size</h3>"
                + "<div class=block>Returns the number of elements in this list.</div></li></ul></section>"
                + "</main></body></html>";
        String text = ArticlePages.digest(html, ArticlePages.main()).text();
        assertThat(text).startsWith("Class ArrayList\n\n");
        assertThat(text).contains("Resizable-array implementation of the List interface.",
                "Returns the number of elements in this list.").doesNotContain("Overview", "Deprecated", "Help");
    }

    @Test
    void fullIsAllVisibleTextAndNoneIsNothing() {
        String html = ArticlePages.page("<nav>Menu words</nav><script>hidden()</script>");
        PageContent full = ArticlePages.digest(html, new ContentOptions(ContentMode.FULL, false, 200_000));
        assertThat(full.text()).contains("Menu words", P1, P3).doesNotContain("hidden()");
        assertThat(ArticlePages.digest(html, new ContentOptions(ContentMode.NONE, false, 200_000)))
                .isEqualTo(PageContent.NONE);
        assertThat(full.textHash()).matches("[0-9a-f]{32}");
        assertThat(full.simhash()).matches("[0-9a-f]{16}");
    }

    @Test
    void textIsCutAtTheCapAtAParagraphAndFlagged() {
        StringBuilder body = new StringBuilder("<html><body><article>");
        for (int i = 0; i < 40; i++) {
            body.append("<p>").append(P1).append("</p>");
        }
        body.append("</article></body></html>");
        PageContent c = ArticlePages.digest(body.toString(), new ContentOptions(ContentMode.MAIN, true, 1000));
        assertThat(c.textTruncated()).isTrue();
        assertThat(c.text().length()).isLessThanOrEqualTo(1000);
        assertThat(c.text()).endsWith(P1);
        assertThat(c.markdown().length()).isLessThanOrEqualTo(1000);
        PageContent whole = ArticlePages.digest(body.toString(), ArticlePages.main());
        assertThat(whole.textTruncated()).isFalse();
    }

    @Test
    void textWithoutSpacesIsCutAtALineOrTheCapNotBackToItsHeadline() {
        // A class hierarchy: one name a line, no space in any of them, no blank line between.
        StringBuilder list = new StringBuilder("<html><body><main><h1>Class Hierarchy</h1><ul>");
        for (int i = 0; i < 200; i++) {
            list.append("<li>net.sample.http.<a href=\"C").append(i).append(".html\">Class").append(i).append("</a></li>");
        }
        list.append("</ul></main></body></html>");
        ContentOptions capped = new ContentOptions(ContentMode.FULL, true, 1000);
        PageContent c = ArticlePages.digest(list.toString(), capped);
        assertThat(c.textTruncated()).isTrue();
        assertThat(c.text().length()).isBetween(900, 1000);
        assertThat(c.text()).matches("(?s)Class Hierarchy\n\n(net\\.sample\\.http\\.Class\\d+\n)*net\\.sample\\.http\\.Class\\d+");
        assertThat(c.markdown().length()).isBetween(900, 1000);
        // Chinese: no space at all in a paragraph longer than the cap.
        String chinese = "\u7f51\u9875\u722c\u866b\u6293\u53d6\u5185\u5bb9\u3002".repeat(300);
        PageContent zh = ArticlePages.digest("<html><body><article><h1>\u6807\u9898</h1><p>" + chinese
                + "</p></article></body></html>", new ContentOptions(ContentMode.MAIN, true, 1000));
        assertThat(zh.text()).hasSize(1000).startsWith("\u6807\u9898\n\n\u7f51\u9875");
        assertThat(zh.markdown().length()).isBetween(900, 1000);
    }

    @Test
    void metadataComesFromTheSamePass() {
        String html = "<html><head><meta property=\"og:site_name\" content=\"City News\">"
                + "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\",\"author\":{\"name\":\"Ann Lee\"},"
                + "\"datePublished\":\"2026-12-01T08:00:00Z\"}</script></head><body><article><p>" + P1
                + "</p><p>By <span itemprop=author>Someone Else</span></p></article></body></html>";
        PageContent c = ArticlePages.digest(html, ArticlePages.main());
        assertThat(c.metadata().siteName()).isEqualTo("City News");
        assertThat(c.metadata().author()).isEqualTo("Ann Lee");
        assertThat(c.metadata().published()).isEqualTo("2026-12-01T08:00:00Z");
        assertThat(ArticlePages.document(html, ArticlePages.main()).metadata()).isEqualTo(c.metadata());
    }
}
