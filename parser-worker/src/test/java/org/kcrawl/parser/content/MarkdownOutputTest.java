package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.kcrawl.parser.content.ArticlePages.P1;

import org.junit.jupiter.api.Test;

/** Each element kind as CommonMark, on the digest path (the document path gives the same: ContentExtractionTest). */
class MarkdownOutputTest {
    private static String markdown(String articleHtml) {
        return markdown("", articleHtml);
    }

    private static String markdown(String title, String articleHtml) {
        String html = "<html><head><title>" + title + "</title></head><body><nav><a href=/>Home</a></nav><article><p>"
                + P1 + "</p>" + articleHtml + "</article></body></html>";
        String md = ArticlePages.digest(html, ArticlePages.markdown()).markdown();
        assertThat(md).startsWith(P1 + "\n\n");
        return md.substring(P1.length() + 2);
    }

    @Test
    void headingsAreAtxHeadings() {
        assertThat(markdown("<h2>Second level</h2><h3>Third <em>level</em></h3><p>Body.</p>"))
                .isEqualTo("## Second level\n\n### Third *level*\n\nBody.");
        // A heading's text starts no block: its leading number or dash needs no escape; a paragraph's does.
        assertThat(markdown("<h2>4. More Control Flow Tools</h2><h3>- and +</h3><p>4. Not a list</p>"))
                .isEqualTo("## 4. More Control Flow Tools\n\n### - and +\n\n4\\. Not a list");
    }

    @Test
    void paragraphsAreSeparatedByABlankLine() {
        assertThat(markdown("<p>One.</p><div>Two.</div><p>Three.</p>")).isEqualTo("One.\n\nTwo.\n\nThree.");
    }

    /** Two line breaks in a row end a paragraph, as they look; one is a hard break. */
    @Test
    void twoLineBreaksInARowEndAParagraph() {
        assertThat(markdown("<p>One line<br>the next.<br><br>\n <br>A new paragraph.</p>"))
                .isEqualTo("One line\\\nthe next.\n\nA new paragraph.");
        assertThat(markdown("<p>First.<br> <br>Second.</p>")).isEqualTo("First.\n\nSecond.");
    }

    /** A break that ends a block breaks nothing: CommonMark would show its backslash as text. */
    @Test
    void aLineBreakAtABlocksEndLeavesNoBackslash() {
        assertThat(markdown("<p><b>A</b><br>abs()<br>all()<br></p><p><b>B</b><br>bin()<br></p>"))
                .isEqualTo("**A**\\\nabs()\\\nall()\n\n**B**\\\nbin()");
        assertThat(markdown("<ul><li>One<br></li><li>Two<br></li></ul>")).isEqualTo("- One\n- Two");
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
        // An image is spaced from the words beside it (its alt would join them); a parenthesis in a
        // destination is escaped, as CommonMark pairs them.
        assertThat(markdown("<p><img src=/a.jpg alt=\"Baudouin, designer\">Irié, <a href=\"/wiki/Mosaic_(web)\">"
                + "Mosaic</a></p>"))
                .isEqualTo("![Baudouin, designer](https://news.example/a.jpg) Irié,"
                        + " [Mosaic](https://news.example/wiki/Mosaic_%28web%29)");
    }

    @Test
    void anAltTextThatIsOnlyAFileNameIsLeftOut() {
        assertThat(markdown("<p><img src=\"/i/IMG_3886.jpg\" alt=\"IMG_3886.jpg\"></p>"))
                .isEqualTo("![](https://news.example/i/IMG_3886.jpg)");
    }

    /**
     * A reader reads an alt text once: the page's title (or its part without the site's name) that SEO plugins
     * add to every picture of a post is cut off, an alt said before is not said again, and a file name is no
     * description, spaces or not.
     */
    @Test
    void altTextsSayOnlyWhatThePageHasNotSaid() {
        String title = "Midgård Villa: A House in Sweden | Freshome";
        assertThat(markdown(title, "<p><img src=/a.jpg alt=\"Terrace Midgård Villa A House in Sweden\">"
                + "<img src=/b.jpg alt=\"Midgård Villa: a house in Sweden - Pool\">"
                + "<img src=/c.jpg alt=\"Midgård Villa: A House in Sweden | Freshome\">"
                + "<img src=/d.jpg alt=\"Terrace\"><img src=/e.jpg alt=\"Mozilla dinosaur head logo.png\">"
                + "<img src=/f.jpg alt=\"The villa from Sweden\"></p>"))
                .isEqualTo("![Terrace](https://news.example/a.jpg) ![Pool](https://news.example/b.jpg)"
                        + " ![](https://news.example/c.jpg) ![](https://news.example/d.jpg)"
                        + " ![](https://news.example/e.jpg) ![The villa from Sweden](https://news.example/f.jpg)");
    }

    /**
     * An emphasis that begins or ends inside a word (a drop cap) is left out: rendered, the word is whole, but
     * whatever reads the Markdown as text would split it at the markers.
     */
    @Test
    void emphasisInsideAWordIsLeftOut() {
        assertThat(markdown("<p><b>A</b>dvertise, un<em>believ</em>able, <b>bold</b> and <em>Note</em>: kept;"
                + " <b>T</b> <b>wo</b>, pre<b>fix</b></p>"))
                .isEqualTo("Advertise, unbelievable, **bold** and *Note*: kept; **T** **wo**, prefix");
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
        // Where highlighters name it: on the elements around the pre (Sphinx; Jekyll's Rouge), not Sphinx's default.
        assertThat(markdown("<div class=\"highlight-python3 notranslate\"><div class=\"highlight\"><pre><span>for</span>"
                + " w <span>in</span> words:\n    print(w)</pre></div></div>")).isEqualTo("```python3\nfor w in words:\n    print(w)\n```");
        assertThat(markdown("<div class=\"language-ruby highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\">"
                + "<code>puts 1</code></pre></div></div>")).isEqualTo("```ruby\nputs 1\n```");
        assertThat(markdown("<div class=\"highlight-default notranslate\"><div class=\"highlight\"><pre>$ make</pre></div></div>"))
                .isEqualTo("```\n$ make\n```");
    }

    /** A fence is literal text: links, emphasis and images in a {@code pre} are written as what it shows. */
    @Test
    void markupInACodeBlockIsItsText() {
        assertThat(markdown("<pre>Document: <a href=\"/d-04\">d-04</a>   <b>IndieHosters</b><br>"
                + "Status: <em>draft</em> <img src=/logo.png alt=Logo>\nEnd</pre>"))
                .isEqualTo("```\nDocument: d-04   IndieHosters\nStatus: draft\nEnd\n```");
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

    /**
     * A code listing laid out as a table (WordPress's syntax highlighters, Pygments' {@code linenos=table}) is a
     * code block, not a one-line pipe table; its gutter of line numbers is left out, of the text too.
     */
    @Test
    void aCodeListingLaidOutAsATableIsACodeBlockWithoutItsLineNumbers() {
        assertThat(markdown("<div class=\"wp_syntax\"><table><tr><td class=\"code\"><pre>fetch(url)\n  .then(show);"
                + "</pre></td></tr></table></div><p>After.</p>"))
                .isEqualTo("```\nfetch(url)\n  .then(show);\n```\n\nAfter.");
        String pygments = "<table class=\"highlighttable\"><tr><td class=\"linenos\"><div class=\"linenodiv\"><pre>1\n2"
                + "</pre></div></td><td class=\"code\"><div class=\"highlight\"><pre><span class=\"k\">import</span> os\n"
                + "print(os.getcwd())</pre></div></td></tr></table><p>After.</p>";
        assertThat(markdown(pygments)).isEqualTo("```\nimport os\nprint(os.getcwd())\n```\n\nAfter.");
        String html = "<html><body><article><p>" + P1 + "</p>" + pygments + "</article></body></html>";
        assertThat(ArticlePages.digest(html, ArticlePages.main()).text())
                .isEqualTo(P1 + "\n\nimport os\nprint(os.getcwd())\n\nAfter.");
    }

    /** A layout's table of empty cells (a spacer) has nothing to show: no table of blanks. */
    @Test
    void aTableOfEmptyCellsIsLeftOut() {
        assertThat(markdown("<table><tr><td> </td></tr><tr><td><span></span></td></tr></table><p>After.</p>"))
                .isEqualTo("After.");
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
        // Numbers a page wrote as text, not an ordered list: a list item's marker at a line's start is escaped.
        assertThat(markdown("<p>Ranked: <br>1. Finland<br>2) Norway<br>10 to 12. Spain<br>2026. A year</p>"
                + "<ol><li>Real</li></ol>"))
                .isEqualTo("Ranked:\\\n1\\. Finland\\\n2\\) Norway\\\n10 to 12. Spain\\\n2026\\. A year\n\n1. Real");
        assertThat(markdown("<dl><dt>Since:</dt><dd>1.8</dd><dd>3)b</dd></dl>")).isEqualTo("Since:\n\n1.8\n\n3)b");
    }

    @Test
    void emptyInlineElementsLeaveNothing() {
        assertThat(markdown("<p>Before <em> </em><a href=/x></a>after.</p>")).isEqualTo("Before after.");
    }
}
