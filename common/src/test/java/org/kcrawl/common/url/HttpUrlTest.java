package org.kcrawl.common.url;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link HttpUrl} must accept exactly what {@link URI} accepts with an http(s) scheme and a host, with the same parts. */
class HttpUrlTest {
    private static final List<String> EDGES = List.of(
            "http://example.org/", "https://EXAMPLE.org:8443/a/b?c=d#e", "http://127.0.0.1:8082/x.html",
            "http://a", "http://a?q", "http://a#f", "http://a:/", "http://a:0/", "http://a:65535/", "http://a:99999/",
            "http://a:123456/", "http://a:8x/", "http://:80/", "http:///p", "http://user@a/", "http://user:pw@a:1/",
            "http://[::1]/", "http://[::1]:8080/p", "http://[v1.x]/", "http://a_b.example/", "http://a-.example/",
            "http://-a.example/", "http://a.-b.example/", "http://a..b/", "http://a.b./", "http://.a/", "http://1a.b/",
            "http://a.1b/", "http://123/", "http://1.2.3/", "http://1.2.3.4/", "http://1.2.3.4.5/", "http://01.2.3.4/",
            "http://256.1.1.1/", "http://1.2.3.4x/", "http://0.0.0.0/", "http://255.255.255.255/",
            "http://a/%41%zz", "http://a/%4", "http://a/%", "http://a/%41", "http://a/b c", "http://a/ä",
            "http://a/%C3%A4", "http://a/[x]", "http://a/?q=[x]", "http://a/?q=a|b", "http://a/{x}", "http://a/`",
            "http://a/\"", "http://a/<", "http://a/^", "http://a/\\", "http://a/p#f#g", "http://a/p?x?y#z?w",
            "http://a/;p=1;q=2/x", "http://a/~u/!$&'()*+,;=:@", "http://a/?~!$&'()*+,;=:@/?", "http://ä.example/",
            "http://xn--4ca.example/", "HTTP://A/", "HtTpS://a/", "ftp://a/", "mailto:x@a", "javascript:void(0)",
            "//a/", "/a", "a", "", " http://a/", "http://a/ ", "http://a\t/", "http://a/\u0000", "http:a",
            "http:/a", "https:", "http://", "http://a:80:80/", "http://a/b/../c", "http://a/./b");

    @Test
    void aUrlParsedAgainRightAwayOnItsThreadGetsTheSamePartsWithoutAScan() throws Exception {
        String a = new String("http://a.example:8080/x/y?q=1#f");
        String b = new String("https://b.example/p");
        HttpUrl first = HttpUrl.parse(a);
        assertThat(HttpUrl.parse(a)).isSameAs(first);
        assertThat(HttpUrl.isValid(a)).isTrue();
        HttpUrl other = HttpUrl.parse(b);
        assertThat(other.host()).isEqualTo("b.example");
        assertThat(other.effectivePort()).isEqualTo(443);
        HttpUrl again = HttpUrl.parse(new String(a)); // equal text, another object: scanned again, same parts
        assertThat(again).isNotSameAs(first);
        assertThat(again.host()).isEqualTo(first.host()).isEqualTo("a.example");
        assertThat(again.port()).isEqualTo(8080);
        assertThat(again.rawPath()).isEqualTo("/x/y");
        assertThat(again.rawQuery()).isEqualTo("q=1");
        assertThat(HttpUrl.isValid(new String("http://a/%zz"))).isFalse();
    }

    @Test
    void agreesWithUriOnEdgeCases() {
        for (String url : EDGES) {
            assertAgrees(url);
        }
    }

    @Test
    void agreesWithUriOnRandomMutationsOfUrls() {
        Random random = new Random(20261201L);
        String alphabet = "aZ09-._~!$&'()*+,;=:@/?#%[]{}|\\^` \"<>äé\u0000\t";
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder(EDGES.get(random.nextInt(EDGES.size())));
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits && sb.length() > 0; e++) {
                int at = random.nextInt(sb.length() + 1);
                char c = alphabet.charAt(random.nextInt(alphabet.length()));
                switch (random.nextInt(3)) {
                    case 0 -> sb.insert(at, c);
                    case 1 -> {
                        if (at < sb.length()) {
                            sb.setCharAt(at, c);
                        }
                    }
                    default -> {
                        if (at < sb.length()) {
                            sb.deleteCharAt(at);
                        }
                    }
                }
            }
            inputs.add(sb.toString());
        }
        for (String url : inputs) {
            assertAgrees(url);
        }
    }

    @Test
    void reportsTheParts() throws Exception {
        HttpUrl url = HttpUrl.parse("https://Docs.Example.org:8443/a/b.html?x=1&y=2#top");
        assertThat(url.https()).isTrue();
        assertThat(url.host()).isEqualTo("Docs.Example.org");
        assertThat(url.port()).isEqualTo(8443);
        assertThat(url.effectivePort()).isEqualTo(8443);
        assertThat(url.rawPath()).isEqualTo("/a/b.html");
        assertThat(url.rawQuery()).isEqualTo("x=1&y=2");
        assertThat(HttpUrl.parse("https://a.example").effectivePort()).isEqualTo(443);
        assertThat(HttpUrl.parse("http://a.example/").effectivePort()).isEqualTo(80);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://a/", "mailto:x@a.example", "data:text/plain,x"})
    void classifiesOtherSchemes(String url) {
        InvalidUrlException e = catchThrowableOfType(InvalidUrlException.class, () -> HttpUrl.parse(url));
        assertThat(e.problem()).isEqualTo(InvalidUrlException.Problem.UNSUPPORTED_SCHEME);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://a_b.example/", "http:///x", "not a url", "http://a/%zz"})
    void classifiesMalformedUrls(String url) {
        InvalidUrlException e = catchThrowableOfType(InvalidUrlException.class, () -> HttpUrl.parse(url));
        assertThat(e.problem()).isEqualTo(InvalidUrlException.Problem.MALFORMED);
    }

    private static void assertAgrees(String url) {
        URI uri = uriWithHttpHost(url);
        HttpUrl parsed;
        try {
            parsed = HttpUrl.parse(url);
        } catch (InvalidUrlException e) {
            assertThat(uri).as("URI accepts %s but HttpUrl refused it: %s", url, e.getMessage()).isNull();
            return;
        }
        assertThat(uri).as("HttpUrl accepts %s but URI does not", url).isNotNull();
        assertThat(parsed.https()).as("scheme of %s", url).isEqualTo(uri.getScheme().equalsIgnoreCase("https"));
        assertThat(parsed.host()).as("host of %s", url).isEqualTo(uri.getHost());
        assertThat(parsed.port()).as("port of %s", url).isEqualTo(uri.getPort());
        assertThat(parsed.rawPath()).as("path of %s", url).isEqualTo(uri.getRawPath());
        assertThat(parsed.rawQuery()).as("query of %s", url).isEqualTo(uri.getRawQuery());
        assertThat(HttpUrl.isValid(url)).isTrue();
    }

    private static URI uriWithHttpHost(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            boolean ok = (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                    && !uri.getHost().isEmpty();
            return ok ? uri : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
