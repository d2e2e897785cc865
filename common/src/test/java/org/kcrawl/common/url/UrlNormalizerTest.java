package org.kcrawl.common.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.kcrawl.common.message.CrawlRequest;

class UrlNormalizerTest {
    private final UrlNormalizer normalizer = UrlNormalizer.defaults();

    @ParameterizedTest(name = "{0} => {1}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '`', value = {
            // scheme and host case, default ports, empty path
            "HTTP://Example.COM => http://example.com/",
            "http://example.com:80/a => http://example.com/a",
            "https://example.com:443/a => https://example.com/a",
            "http://example.com:443/a => http://example.com:443/a",
            "https://example.com:80/ => https://example.com:80/",
            "http://example.com:0080/ => http://example.com/",
            "http://example.com:/x => http://example.com/x",
            "http://example.com:8080 => http://example.com:8080/",
            "http://example.com. => http://example.com/",
            // user info is dropped
            "http://user:secret@example.com/a => http://example.com/a",
            // fragments
            "http://example.com/a#top => http://example.com/a",
            "http://example.com/a?b=1#frag?x=2 => http://example.com/a?b=1",
            "http://example.com/# => http://example.com/",
            // dot segments
            "http://example.com/a/./b/../c => http://example.com/a/c",
            "http://example.com/../../x => http://example.com/x",
            "http://example.com/a/b/.. => http://example.com/a/",
            "http://example.com/a/b/. => http://example.com/a/b/",
            "http://example.com/a/%2e%2E/b => http://example.com/b",
            "http://example.com/a/..b/c => http://example.com/a/..b/c",
            // percent-encoding
            "http://example.com/%7euser/%41 => http://example.com/~user/A",
            "http://example.com/a%2fb => http://example.com/a%2Fb",
            "http://example.com/a b => http://example.com/a%20b",
            "http://example.com/100% => http://example.com/100%25",
            "http://example.com/%zz => http://example.com/%25zz",
            "http://example.com/%e4 => http://example.com/%E4",
            "http://example.com/\u00e4 => http://example.com/%C3%A4",
            "http://example.com/\u65e5\u672c => http://example.com/%E6%97%A5%E6%9C%AC",
            "http://example.com/a|b{c} => http://example.com/a%7Cb%7Bc%7D",
            "http://example.com/?q=a b&r=\u00fc => http://example.com/?q=a%20b&r=%C3%BC",
            "http://example.com/?q=%3d%20+x => http://example.com/?q=%3D%20+x",
            "http://example.com/?a=\"x\" => http://example.com/?a=%22x%22",
            // backslashes and extra slashes, as browsers treat them
            "http:\\\\example.com\\a\\b => http://example.com/a/b",
            "http:///example.com/a => http://example.com/a",
            // query: empty, sorted, stripped
            "http://example.com/a? => http://example.com/a",
            "http://example.com/a?b=2&a=1 => http://example.com/a?a=1&b=2",
            "http://example.com/a?a=2&a=1 => http://example.com/a?a=1&a=2",
            "http://example.com/a?&&x=1& => http://example.com/a?x=1",
            "http://example.com/a?utm_source=x&utm_MEDIUM=y&k=v => http://example.com/a?k=v",
            "http://example.com/a?gclid=1&fbclid=2 => http://example.com/a",
            "http://example.com/a?PHPSESSID=abc&page=2 => http://example.com/a?page=2",
            "http://example.com/a?utm%5Fsource=x&k=v => http://example.com/a?k=v",
            "http://example.com/a?flag => http://example.com/a?flag",
            "http://example.com/a?x=1?y=2 => http://example.com/a?x=1?y=2",
            // session ids in path parameters
            "http://example.com/shop;jsessionid=0A1B2C?x=1 => http://example.com/shop?x=1",
            "http://example.com/a;JSESSIONID=1;v=2/b => http://example.com/a;v=2/b",
            "http://example.com/a/.;jsessionid=1/b => http://example.com/a/b",
            // IDN and hosts
            "http://M\u00fcnchen.de/ => http://xn--mnchen-3ya.de/",
            "http://b\u00fccher.example/\u00e4 => http://xn--bcher-kva.example/%C3%A4",
            "http://ex%41mple.com/ => http://example.com/",
            "http://[::1]:8080/x => http://[0:0:0:0:0:0:0:1]:8080/x",
            "http://[0:0:0:0:0:0:0:1]/ => http://[0:0:0:0:0:0:0:1]/",
            "http://127.0.0.1:80/ => http://127.0.0.1/",
    })
    void normalizes(String input, String expected) throws Exception {
        assertThat(normalizer.normalize(input)).isEqualTo(expected);
        assertThat(normalizer.normalize(expected)).as("idempotent").isEqualTo(expected);
    }

    @Test
    void removesWhitespaceAsBrowsersDo() throws Exception {
        assertThat(normalizer.normalize("  http://example.com/a \n")).isEqualTo("http://example.com/a");
        assertThat(normalizer.normalize("http://exa\tmple.com/a\nb\r")).isEqualTo("http://example.com/ab");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mailto:someone@example.com", "javascript:void(0)", "data:text/html,hi",
            "tel:+123", "ftp://example.com/", "file:///etc/passwd", "JavaScript:alert(1)"})
    void refusesOtherSchemes(String url) {
        assertThatThrownBy(() -> normalizer.normalize(url))
                .isInstanceOfSatisfying(InvalidUrlException.class,
                        e -> assertThat(e.problem()).isEqualTo(InvalidUrlException.Problem.UNSUPPORTED_SCHEME));
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com/a", "/relative/path", "http:example.com", "http://", "http:///",
            "http://exa mple.com/", "http://under_score.example.com/", "http://example.com:99999/",
            "http://example.com:8o/", "http://[::1/", "http://[zz::1]/", "http://a..b/", "http://-a.example/",
            "http://%ff%fe.com/", "http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com/"})
    void refusesMalformedUrls(String url) {
        assertThatThrownBy(() -> normalizer.normalize(url))
                .isInstanceOfSatisfying(InvalidUrlException.class,
                        e -> assertThat(e.problem()).isEqualTo(InvalidUrlException.Problem.MALFORMED));
    }

    @Test
    void refusesOverlongInputBeforeParsingIt() {
        String url = "http://example.com/" + "a".repeat(UrlNormalizer.DEFAULT_MAX_INPUT_LENGTH);
        assertThatThrownBy(() -> normalizer.normalize(url))
                .isInstanceOfSatisfying(InvalidUrlException.class,
                        e -> assertThat(e.problem()).isEqualTo(InvalidUrlException.Problem.TOO_LONG));
    }

    @Test
    void keepsParameterOrderWhenSortingIsOff() throws Exception {
        UrlNormalizer unsorted = new UrlNormalizer(List.of("sid"), false, 4096);
        assertThat(unsorted.normalize("http://example.com/?b=1&sid=x&a=2")).isEqualTo("http://example.com/?b=1&a=2");
    }

    @Test
    void stripsNothingWithAnEmptyList() throws Exception {
        UrlNormalizer keepAll = new UrlNormalizer(List.of(), true, 4096);
        assertThat(keepAll.normalize("http://example.com/x;jsessionid=1?utm_source=a"))
                .isEqualTo("http://example.com/x;jsessionid=1?utm_source=a");
    }

    @Test
    void refusesAPatternThatWouldStripEverything() {
        assertThatThrownBy(() -> new UrlNormalizer(List.of("*"), true, 4096))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'*'");
    }

    /**
     * Random URLs built from the characters that make normalization hard. Every output must be a
     * fixed point, parse as a URI with a host, and be accepted by the crawl's message constructor.
     */
    @Test
    void isIdempotentAndProducesValidMessagesOnRandomInput() {
        String[] pieces = {"/", "/", "a", "B", ".", "..", "./", "../", "%", "%2", "%2e", "%2E", "%41", "%7e", "%2F",
                "%3f", "%25", "%C3%A4", "%e4", "?", "?", "&", "=", "#", ";", ";jsessionid=1", "utm_x=1", "+", " ",
                "\t", "\\", "\u00e4", "\u65e5", "\ud83d\ude00", "\ud800", "|", "{", "\"", "'", "[", "]", "@", ":", "~",
                "!", "*", "(", ")", ",", "$"};
        String[] prefixes = {"http://example.com", "HTTPS://Example.com:443", "http://b\u00fccher.example:8080",
                "http://user@h.example", "http://[::1]:81", "http://10.0.0.1"};
        Random random = new Random(42);
        int valid = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder(prefixes[random.nextInt(prefixes.length)]);
            if (random.nextInt(10) > 0) {
                sb.append('/'); // mostly paths; sometimes junk right after the authority
            }
            int n = random.nextInt(12);
            for (int k = 0; k < n; k++) {
                sb.append(pieces[random.nextInt(pieces.length)]);
            }
            String input = sb.toString();
            String once;
            try {
                once = normalizer.normalize(input);
            } catch (InvalidUrlException e) {
                continue;
            }
            valid++;
            String twice;
            try {
                twice = normalizer.normalize(once);
            } catch (InvalidUrlException e) {
                throw new AssertionError("normalized form of '" + input + "' is refused: " + once, e);
            }
            assertThat(twice).as("normalize(normalize('%s'))", input).isEqualTo(once);
            assertThat(URI.create(once).getHost()).as("host of %s", once).isNotNull();
            assertThat(once).doesNotContain("#");
            CrawlRequest.seed(once, java.time.Instant.EPOCH);
            assertThat(HostKey.of(once)).isEqualTo(URI.create(once).getHost());
        }
        assertThat(valid).as("most random inputs are usable URLs").isGreaterThan(12_000);
    }
}
