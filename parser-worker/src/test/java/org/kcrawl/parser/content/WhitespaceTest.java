package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Whitespace's quick test of ASCII gives its definition's answer for every character. */
class WhitespaceTest {
    @Test
    void everyCharacterIsJudgedAsTheDefinitionSays() {
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            boolean defined = c <= ' ' || Character.isWhitespace(c) || Character.isSpaceChar(c);
            assertThat(Whitespace.isSpace((char) c)).as("U+%04X", c).isEqualTo(defined);
        }
    }

    @Test
    void runsCollapseToOneSpaceAndEndsAreTrimmed() {
        assertThat(Whitespace.collapse(" a\u00a0\u2003 b\t\n")).isEqualTo("a b");
        String collapsed = "a b";
        assertThat(Whitespace.collapse(collapsed)).isSameAs(collapsed);
    }
}
