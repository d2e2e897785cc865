package org.kcrawl.parser.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The automaton finds exactly the lists that searching each word with {@code contains} finds. */
class WordAutomatonTest {
    private static final String[][] LISTS = {{"-ad-", "nav-", "-nav", "ad-break", "and"}, {"banana", "nan", "an"},
        {"a2b"}, {"hid"}};
    private static final WordAutomaton AUTOMATON = new WordAutomaton(LISTS);

    @Test
    void overlappingAndNestedWordsAreAllFound() {
        assertThat(AUTOMATON.match("x-nav-ad-break")).isEqualTo(0b0001);
        assertThat(AUTOMATON.match("bananan")).isEqualTo(0b0010);
        assertThat(AUTOMATON.match("nand")).isEqualTo(0b0011);
        assertThat(AUTOMATON.match("A2B HID")).isEqualTo(0b1100);
        assertThat(AUTOMATON.match("a 2b")).isZero();
        assertThat(AUTOMATON.match(null)).isZero();
        assertThat(AUTOMATON.match("")).isZero();
    }

    @Test
    void charactersOutsideAsciiAreLowerCasedAsTheRootLocaleDoesThenBreakMatches() {
        assertThat(AUTOMATON.match("\u212Aan")).as("Kelvin sign, then 'an'").isEqualTo(0b0010);
        assertThat(AUTOMATON.match("h\u00efd")).isZero();
        assertThat(AUTOMATON.match("NA\u00e9N")).isZero();
        assertThat(AUTOMATON.match("\u00e9NAN")).isEqualTo(0b0010);
    }

    @Test
    void randomStringsAgreeWithContains() {
        Random random = new Random(36);
        String alphabet = "abnd-vh2iAN \u00e9\u212A";
        for (int t = 0; t < 20_000; t++) {
            StringBuilder s = new StringBuilder();
            for (int i = random.nextInt(14); i > 0; i--) {
                s.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = s.toString();
            assertThat(AUTOMATON.match(text)).as("'%s'", text).isEqualTo(naive(text));
        }
    }

    @Test
    void aWordOutsideItsAlphabetIsRefused() {
        assertThatThrownBy(() -> new WordAutomaton(new String[] {"Nav"})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Nav'");
        assertThatThrownBy(() -> new WordAutomaton(new String[] {"a b"})).isInstanceOf(IllegalArgumentException.class);
    }

    private static int naive(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        int bits = 0;
        for (int l = 0; l < LISTS.length; l++) {
            for (String word : LISTS[l]) {
                if (lower.contains(word)) {
                    bits |= 1 << l;
                }
            }
        }
        return bits;
    }
}
