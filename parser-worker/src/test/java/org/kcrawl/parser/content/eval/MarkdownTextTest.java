package org.kcrawl.parser.content.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Markdown scores on its words: targets, definitions, fences' languages and list numbers left out. */
class MarkdownTextTest {
    @Test
    void linksScoreAsTheirTextAndImagesAsTheirAlt() {
        assertThat(words("[Kafka](https://kafka.apache.org/intro \"Intro\") is *fast*."))
                .isEqualTo("Kafka is fast");
        assertThat(words("See ![A cat](https://x.org/cat.png) and [![logo](l.svg)](https://x.org/home).")).
                isEqualTo("See A cat and logo");
        assertThat(words("[spaced](<https://x.org/a b>) [ref][1] [empty]()")).isEqualTo("spaced ref empty");
        assertThat(words("a [paren](https://en.wikipedia.org/wiki/Java_(programming_language)) b"))
                .isEqualTo("a paren b");
        assertThat(words("cited.[\\[1\\]](http://x.org/p#cite_note-1) and ![a \\[b\\]](http://x.org/i.png)"))
                .isEqualTo("cited 1 and a b");
    }

    @Test
    void definitionsFenceLinesListNumbersAndTagsAreNotWords() {
        assertThat(words("[1]: https://example.com/x \"title\"\nText")).isEqualTo("Text");
        assertThat(words("```java\nint x = 1;\n```\n~~~\ny\n~~~")).isEqualTo("int x 1 y");
        assertThat(words("1. First\n2) Second\n   10. Tenth\n> 3. Quoted")).isEqualTo("First Second Tenth Quoted");
        assertThat(words("1\\. not a list, and 2024 stays")).isEqualTo("1 not a list and 2024 stays");
        assertThat(words("a<br/>b <span class=\"x\">c</span> <!-- note --> d")).isEqualTo("a b c d");
        assertThat(words("Tom &amp; Jerry&#39;s &lt;b&gt;")).isEqualTo("Tom Jerry s b");
    }

    /** Code is literal text in CommonMark: a tag or a link in it is words; so is an escaped {@code <}. */
    @Test
    void codeAndEscapedAnglesAreTextNotTagsOrLinks() {
        assertThat(words("```html\n<script src=\"a.js\"></script> [x](y) &amp;\n```\nafter <b>bold</b>"))
                .isEqualTo("script src a js script x y amp after bold");
        assertThat(words("Use `<br>` or ``a `[b](c)` d``, not <br>.")).isEqualTo("Use br or a b c d not");
        assertThat(words("Google \\<noun>.js")).isEqualTo("Google noun js");
    }

    @Test
    void autolinksKeepTheirTextAndMarkupIsNeverAWord() {
        assertThat(words("<https://example.com/a>")).isEqualTo("https example com a");
        assertThat(words("# Title\n\n| a | b |\n|---|:--:|\n| 1 | 2 |\n\n- **x** _y_ `z`\n\n---"))
                .isEqualTo("Title a b 1 2 x y z");
    }

    @Test
    void markdownOfAnArticleScoresAsItsPlainText() {
        String text = "Headline\n\nThe first paragraph links to a site.\n\nItem one\nItem two";
        String markdown = "# Headline\n\nThe **first** paragraph links to [a site](https://a.example/).\n\n"
                + "1. Item one\n2. Item two\n\n![](https://a.example/i.png)";
        assertThat(PageScore.of(MarkdownText.of(markdown), text).f1()).isEqualTo(1.0);
    }

    private static String words(String markdown) {
        return String.join(" ", WordTokens.of(MarkdownText.of(markdown)));
    }
}
