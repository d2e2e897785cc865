package org.kcrawl.http.robots;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RobotsParserTest {
    private static final String ROBOTS = "http://shop.example/robots.txt";

    private final RobotsParser parser = new RobotsParser("kcrawl", RobotsSettings.RFC_MIN_BYTES, Duration.ofSeconds(30));

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = RobotsParserTest.class.getResourceAsStream("/robots/" + name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }

    private HostRobots parse(String name) throws IOException {
        return parser.parse(ROBOTS, fixture(name), "text/plain");
    }

    @Test
    void longestMatchDecidesBetweenAllowAndDisallow() throws IOException {
        HostRobots r = parse("allow-disallow.txt");

        assertThat(r.kind()).isEqualTo(HostRobots.Kind.RULES);
        assertThat(r.allows("http://shop.example/")).isTrue();
        assertThat(r.allows("http://shop.example/private/orders")).isFalse();
        assertThat(r.allows("http://shop.example/private/public.html")).isTrue();
        assertThat(r.allows("http://shop.example/cart?id=3")).isFalse();
        assertThat(r.allows("http://shop.example/cartoons")).isFalse(); // a prefix rule, as RFC 9309 says
        assertThat(r.crawlDelay()).isNull();
    }

    @Test
    void wildcardAndEndAnchorRules() throws IOException {
        HostRobots r = parse("wildcards.txt");

        assertThat(r.allows("http://shop.example/report.pdf")).isFalse();
        assertThat(r.allows("http://shop.example/report.pdf?download=1")).isTrue(); // $ anchors the end
        assertThat(r.allows("http://shop.example/search?lang=en&q=shoes")).isFalse();
        assertThat(r.allows("http://shop.example/search?lang=en")).isTrue();
        assertThat(r.allows("http://shop.example/docs/manual.pdf")).isTrue(); // the longer Allow wins
        assertThat(r.allows("http://shop.example/docs/index.html")).isFalse();
    }

    @Test
    void theGroupNamingOurTokenWinsOverTheWildcardGroup() throws IOException {
        HostRobots r = parse("agent-groups.txt");

        assertThat(r.allows("http://shop.example/page")).isTrue();
        assertThat(r.allows("http://shop.example/no-kcrawl/page")).isFalse();
        assertThat(r.crawlDelay()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void anotherAgentFallsBackToTheWildcardGroup() throws IOException {
        HostRobots r = new RobotsParser("somebot", RobotsSettings.RFC_MIN_BYTES, Duration.ofSeconds(30))
                .parse(ROBOTS, fixture("agent-groups.txt"), "text/plain");

        assertThat(r.allows("http://shop.example/page")).isFalse();
    }

    @Test
    void aHugeCrawlDelayIsCappedNotTurnedIntoDisallowAll() throws IOException {
        HostRobots r = parse("crawl-delay-huge.txt");

        assertThat(r.crawlDelay()).isEqualTo(Duration.ofSeconds(30));
        assertThat(r.allows("http://shop.example/page")).isTrue();
        assertThat(r.allows("http://shop.example/admin")).isFalse();
    }

    @Test
    void onlyTheFirst500KiBAreParsedAndACutLineIsDropped() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, "User-agent: *\nDisallow: /early\n");
        String filler = "# " + "x".repeat(97) + "\n";
        while (out.size() + filler.length() <= RobotsSettings.RFC_MIN_BYTES - 200) {
            write(out, filler);
        }
        int pad = RobotsSettings.RFC_MIN_BYTES - 11 - out.size();
        write(out, "#" + "y".repeat(pad - 2) + "\n");
        assertThat(out.size()).isEqualTo(RobotsSettings.RFC_MIN_BYTES - 11); // "Disallow: /" fits, the rest does not
        // This rule straddles the cap: cut, it would read "Disallow: /" and close the whole site.
        write(out, "Disallow: /straddling\n");
        write(out, "Disallow: /late\n");

        HostRobots r = parser.parse(ROBOTS, out.toByteArray(), "text/plain");

        assertThat(out.size()).isGreaterThan(RobotsSettings.RFC_MIN_BYTES);
        assertThat(r.allows("http://shop.example/early")).isFalse();
        assertThat(r.allows("http://shop.example/late")).isTrue();
        assertThat(r.allows("http://shop.example/straddling")).isTrue();
        assertThat(r.allows("http://shop.example/other")).isTrue();
    }

    @Test
    void anEmptyFileAllowsEverything() {
        HostRobots r = parser.parse(ROBOTS, new byte[0], "text/plain");

        assertThat(r.allows("http://shop.example/anything")).isTrue();
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
    }
}
