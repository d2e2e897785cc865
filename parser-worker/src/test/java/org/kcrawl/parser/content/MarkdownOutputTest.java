package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.P1;

import org.junit.jupiter.api.Test;

/** Each element kind as CommonMark, on the digest path (the document path gives the same: ContentExtractionTest). */
class MarkdownOutputTest {
    private static String markdown(String articleHtml) {
        String html = "<html><body><nav><a href=/>Home</a></nav><article><p>" + P1 + "</p>" + articleHtml
                + "</article></body></html>";
        String md = ArticlePages.digest(html, ArticlePages.markdown()).markdown();
        assertThat(md).startsWith(P1 + "\n\n");
        return md.substring(P1.length() + 2);
    }

    @Test
    void headingsAreAtxHeadings() {
        assertThat(markdown("<h2>Second level</h2><h3>Third <em>level</em></h3><p>Body.</p>"))
                .isEqualTo("## Second level\n\n### Third *level*\n\nBody.");
    }

    @Test
    void paragraphsAreSeparatedByABlankLine() {
        assertThat(markdown("<p>One.</p><div>Two.</div><p>Three.</p>")).isEqualTo("One.\n\nTwo.\n\nThree.");
    }

    @Test
    void listsNestWithTheirMarkers() {
        assertThat(markdown("<ul><li>apples<ul><li>green</li><li>red</li></ul></li><li>pears</li></ul>"
                + "<ol><li>first</li><li>second</li></ol>"))
                .isEqualTo("- apples\n  - green\n  - red\n- pears\n\n1. first\n2. second");
    }

    @Test
    void linksAndImagesHaveAbsoluteUrls() {
        assertThat(markdown("<p>See <a href=\"/docs/guide.html\">the guide</a> and"
                + " <img src=\"img/bridge.jpg\" alt=\"The bridge\"> here.</p>"))
                .isEqualTo("See [the guide](https://news.example/docs/guide.html) and"
                        + " ![The bridge](https://news.example/2026/12/img/bridge.jpg) here.");
    }

    @Test
    void anAltTextThatIsOnlyAFileNameIsLeftOut() {
        assertThat(markdown("<p><img src=\"/i/IMG_3886.jpg\" alt=\"IMG_3886.jpg\"></p>"))
                .isEqualTo("![](https://news.example/i/IMG_3886.jpg)");
    }

    @Test
    void aTableInACellOfATableIsTextOfThatCellAndStrayCellsDoNotBreakIt() {
        assertThat(markdown("<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td><table><tr><td>x</td>"
                + "<td>y</td></tr></table></td></tr></table><p>After.</p>"))
                .isEqualTo("| A | B |\n| --- | --- |\n| 1 | x y |\n\nAfter.");
        assertThat(markdown("<table><tr><td>a</td></td></td><td>b</tr></table>"))
                .isEqualTo("| a | b |\n| --- | --- |");
    }

    @Test
    void aLinkWithoutAUsableTargetIsItsText() {
        assertThat(markdown("<p>Run <a href=\"javascript:void(0)\">this</a> now.</p>"))
                .isEqualTo("Run this now.");
    }

    @Test
    void emphasisStrongAndCodeSpans() {
        assertThat(markdown("<p>An <em>emphasised</em>, a <strong>strong</strong> and <code>a.b()</code> call.</p>"))
                .isEqualTo("An *emphasised*, a **strong** and `a.b()` call.");
    }

    @Test
    void aCodeSpanHoldingALinkIsTheLink() {
        assertThat(markdown("<p>Implements <code><a href=\"/api/List.html\">List</a>&lt;E&gt;</code>.</p>"))
                .isEqualTo("Implements [List](https://news.example/api/List.html)\\<E>.");
    }

    @Test
    void codeBlocksAreFencedWithTheirLanguage() {
        assertThat(markdown("<pre><code class=\"language-java\">int x = 1;\nif (x &gt; 0) {\n    x--;\n}</code></pre>"))
                .isEqualTo("```java\nint x = 1;\nif (x > 0) {\n    x--;\n}\n```");
    }

    @Test
    void blockQuotesArePrefixed() {
        assertThat(markdown("<blockquote><p>First said.</p><p>Then this.</p></blockquote>"))
                .isEqualTo("> First said.\n>\n> Then this.");
    }

    @Test
    void tablesArePipeTables() {
        assertThat(markdown("<table><tr><th>Year</th><th>Cost</th></tr><tr><td>2026</td><td>4 | 5 m</td></tr>"
                + "<tr><td>2027</td><td>6 m</td></tr></table>"))
                .isEqualTo("| Year | Cost |\n| --- | --- |\n| 2026 | 4 \\| 5 m |\n| 2027 | 6 m |");
    }

    @Test
    void lineBreaksAreHardBreaksAndRulesAreThematicBreaks() {
        assertThat(markdown("<p>Line one<br>line two</p><hr><p>After.</p>"))
                .isEqualTo("Line one\\\nline two\n\n* * *\n\nAfter.");
    }

    @Test
    void textThatLooksLikeMarkupIsEscaped() {
        assertThat(markdown("<p>2 * 3 = [six] and snake_case</p><p># not a heading</p>"))
                .isEqualTo("2 \\* 3 = \\[six\\] and snake\\_case\n\n\\# not a heading");
    }

    @Test
    void emptyInlineElementsLeaveNothing() {
        assertThat(markdown("<p>Before <em> </em><a href=/x></a>after.</p>")).isEqualTo("Before after.");
    }
}
