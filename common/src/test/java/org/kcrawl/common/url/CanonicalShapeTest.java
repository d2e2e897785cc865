package org.kcrawl.common.url;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The normalizer's shortcut must give exactly what the general normalization gives, whenever it applies. */
class CanonicalShapeTest {
    private final UrlNormalizer normalizer = UrlNormalizer.defaults();

    private static final List<String> SHAPES = List.of(
            "http://docs.example.org/api/java.base/java/lang/String.html",
            "https://docs.example.org/guide/../api/x.html#method-summary",
            "http://127.0.0.1:8083/a/./b/../c.html", "http://127.0.0.1:80/", "https://h.example:443/x",
            "https://h.example:8443/x", "http://h.example:080/", "http://h.example:0/", "http://h.example:65536/",
            "http://h.example:/", "http://h.example", "http://h.example#top", "http://h.example/#", "HTTP://H.example/",
            "http://H.example/", "http://h.example./x", "http://h_x.example/", "http://-h.example/", "http://h-.example/",
            "http://1.2.3.4/", "http://01.2.3.4/", "http://1.2.3/", "http://256.1.1.1/", "http://1.2.3.4.5/",
            "http://a.1b/", "http://xn--bcher-kva.example/", "http://h.example/a;jsessionid=1/b", "http://h.example/a?q=1",
            "http://h.example/a%2Fb", "http://h.example/a%41", "http://h.example/a b", "http://h.example/a\\b",
            "http://h.example/ä", "http://h.example/a\tb", " http://h.example/", "http://h.example/ ",
            "http://h.example/!$&'()*+,=:@~-._", "http://h.example/..", "http://h.example/a/..", "http://h.example/a/.",
            "http://h.example//x", "http://user@h.example/", "http://[::1]/", "http://h.example:8080#x",
            "https://" + "a".repeat(64) + ".example/", "https://" + "a.".repeat(130) + "example/");

    @Test
    void agreesWithTheGeneralNormalizationOnEveryShape() throws Exception {
        for (String url : SHAPES) {
            assertAgrees(url);
        }
    }

    @Test
    void agreesOnRandomMutations() throws Exception {
        Random random = new Random(11);
        String alphabet = "aZ09-._~!$&'()*+,;=:@/?#%\\ .ä\t";
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            StringBuilder sb = new StringBuilder(SHAPES.get(random.nextInt(SHAPES.size())));
            for (int e = 0; e < 1 + random.nextInt(3) && sb.length() > 0; e++) {
                int at = random.nextInt(sb.length());
                char c = alphabet.charAt(random.nextInt(alphabet.length()));
                switch (random.nextInt(3)) {
                    case 0 -> sb.insert(at, c);
                    case 1 -> sb.setCharAt(at, c);
                    default -> sb.deleteCharAt(at);
                }
            }
            inputs.add(sb.toString());
        }
        int shortcut = 0;
        for (String url : inputs) {
            if (assertAgrees(url)) {
                shortcut++;
            }
        }
        assertThat(shortcut).as("the shortcut was taken for a good share of the inputs").isGreaterThan(2_000);
    }

    @Test
    void takesTheShortcutForOrdinaryLinks() {
        assertThat(CanonicalShape.normalize("https://docs.example.org/api/../guide/x.html#top"))
                .isEqualTo("https://docs.example.org/guide/x.html");
        String normal = "http://127.0.0.1:8083/api/x.html";
        assertThat(CanonicalShape.normalize(normal)).isSameAs(normal);
    }

    /** True when the shortcut applied (and agreed). */
    private boolean assertAgrees(String url) throws Exception {
        String quick = CanonicalShape.normalize(url);
        if (quick == null) {
            return false;
        }
        String full;
        try {
            full = normalizer.normalizeFully(url);
        } catch (InvalidUrlException e) {
            throw new AssertionError("the shortcut normalized " + url + " to " + quick + " but the normalizer refuses it: "
                    + e.getMessage(), e);
        }
        assertThat(quick).as("shortcut for %s", url).isEqualTo(full);
        assertThat(HttpUrl.isValid(quick)).as("HttpUrl accepts %s", quick).isTrue();
        return true;
    }
}
