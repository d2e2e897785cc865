package org.kcrawl.common.redirect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The syntax of a refresh, by the HTML standard's shared declarative refresh steps (what browsers
 * apply to a {@code Refresh} header and a meta refresh's content alike).
 */
class RefreshTest {

    static Stream<Arguments> refreshes() {
        return Stream.of(
                arguments("0; url=/home.html", 0L, "/home.html"),
                arguments("0;url=/home.html", 0L, "/home.html"),
                arguments("5;URL='/next'", 5L, "/next"),
                arguments("5; URL = \"/next page\" extra", 5L, "/next page"),
                arguments("3, url=/comma", 3L, "/comma"),
                arguments("3 url=/space", 3L, "/space"),
                arguments("0; /bare", 0L, "/bare"),
                arguments("0;'/quoted-bare'", 0L, "/quoted-bare"),
                arguments("0; url='/unclosed", 0L, "/unclosed"),
                arguments("0; url=/a?x=1;y=2", 0L, "/a?x=1;y=2"),
                arguments("  7  ;  url=http://x.test/  ", 7L, "http://x.test/"),
                arguments("1.5; url=/fraction", 1L, "/fraction"),
                arguments(".5; url=/no-integer", 0L, "/no-integer"),
                arguments("2.; url=/dot", 2L, "/dot"),
                arguments("0; ur=/not-a-prefix", 0L, "ur=/not-a-prefix"),
                arguments("0; urls=/not-a-prefix", 0L, "urls=/not-a-prefix"),
                arguments("0; u", 0L, "u"),
                arguments("0; Ubuntu.html", 0L, "Ubuntu.html"),
                arguments("10", 10L, null),
                arguments("10;", 10L, null),
                arguments("10; url=", 10L, null),
                arguments("10; url=''", 10L, null),
                arguments(".", 0L, null),
                arguments("99999999999999999999999; url=/x", Long.MAX_VALUE, "/x"));
    }

    @ParameterizedTest(name = "[{0}] -> {1}, {2}")
    @MethodSource("refreshes")
    void readsWhatBrowsersRead(String value, long delay, String url) {
        assertThat(Refresh.parse(value)).isEqualTo(new Refresh(delay, url));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "soon", "-1; url=/x", "5x", "5x; url=/x", "url=/x", "; url=/x", "+1; url=/x"})
    void declaresNothingWithoutADelayFirst(String value) {
        assertThat(Refresh.parse(value)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0;\turl=/tab", "0;\nurl=/tab", "0\f;\rurl=/tab"})
    void takesEveryAsciiSpace(String value) {
        assertThat(Refresh.parse(value)).isEqualTo(new Refresh(0, "/tab"));
    }
}
