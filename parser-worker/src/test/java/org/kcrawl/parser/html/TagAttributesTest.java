package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TagAttributesTest {

    @Test
    void aClassRepeatedOnAPageIsMadeIntoAStringOnce() {
        List<String> classes = startTagValues("<div class=\"col-first even-row-color\"></div>"
                + "<p class='col-first even-row-color'><span class=col-first>x</span></p>"
                + "<div class=\"col-first even-row-color\"></div>", "class");
        assertThat(classes).containsExactly("col-first even-row-color", "col-first even-row-color", "col-first",
                "col-first even-row-color");
        assertThat(classes.get(1)).isSameAs(classes.get(0));
        assertThat(classes.get(3)).isSameAs(classes.get(0));
    }

    @Test
    void valuesSharingASlotAreEachReadAsWritten() {
        // 2,000 values of one length in 256 slots: many share a slot and must still compare character by character.
        StringBuilder page = new StringBuilder();
        List<String> written = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            String value = String.format("c%05d", i);
            written.add(value);
            page.append("<b id=").append(value).append(">x</b>");
        }
        for (int i = 1999; i >= 0; i -= 7) { // read again, in another order
            written.add(String.format("c%05d", i));
            page.append("<b id=").append(String.format("c%05d", i)).append(">x</b>");
        }
        assertThat(startTagValues(page.toString(), "id")).isEqualTo(written);
    }

    @Test
    void referencesAreDecodedAndLinksReadAsWritten() {
        assertThat(startTagValues("<a class=\"a&amp;b\" href=\"/x?a=1&amp;b=2\"></a><a class='a&amp;b'></a>", "class"))
                .containsExactly("a&b", "a&b");
        assertThat(startTagValues("<a href=\"/x?a=1&amp;b=2\"></a><a href=/same></a><a href=/same></a>", "href"))
                .containsExactly("/x?a=1&b=2", "/same", "/same");
    }

    /** The value of {@code name} on each start tag of {@code html} that has it, read as content extraction reads it. */
    private static List<String> startTagValues(String html, String name) {
        List<String> values = new ArrayList<>();
        char[] chars = html.toCharArray();
        new HtmlTokenizer(chars, chars.length, new TokenSink() {
            @Override
            public void startTag(String tag, TagAttributes attributes, boolean selfClosing) {
                for (int i = 0; i < attributes.view().size(); i++) {
                    if (attributes.view().nameAt(i).equals(name)) {
                        values.add(attributes.view().valueAt(i));
                    }
                }
            }

            @Override
            public void endTag(String tag) {
            }

            @Override
            public void text(char[] text, int from, int to, boolean cdata) {
            }

            @Override
            public void other() {
            }

            @Override
            public TokenContent contentAfter(String tag) {
                return TokenContent.MARKUP;
            }
        }, () -> false).run();
        return values;
    }
}
