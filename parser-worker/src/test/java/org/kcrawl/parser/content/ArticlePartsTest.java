package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ArticlePartsTest {
    @Test
    void aPartsNumberIsTheLastNumberOfItsClass() {
        assertThat(ArticleParts.number("story-body story-body-12")).isEqualTo(12);
        assertThat(ArticleParts.number("col-md-8 main")).isEqualTo(8);
        assertThat(ArticleParts.number("article-body")).isEqualTo(-1);
        assertThat(ArticleParts.number("x-12345678901")).isEqualTo(-1); // an id, not a part's number
    }

    @Test
    void classesAreTheSameButForTheirDigits() {
        assertThat(ArticleParts.sameButDigits("story-body story-body-1", "story-body story-body-2")).isTrue();
        assertThat(ArticleParts.sameButDigits("story-body-9", "story-body-10")).isTrue();
        assertThat(ArticleParts.sameButDigits("story-body-1", "story-body")).isFalse();
        assertThat(ArticleParts.sameButDigits("story-body-1", "story-foot-2")).isFalse();
    }
}
