package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kcrawl.cli.SeedInput;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.common.url.UrlNormalizer;

class SeedInputTest {
    private final SeedInput input = new SeedInput(UrlNormalizer.defaults(), UsageException::new);

    @Test
    void normalizesLikeTheParserAndKeepsTheFirstOfEachUrl() throws IOException {
        input.addArguments(List.of("HTTP://Example.ORG:80/a?utm_source=x&b=2&a=1#top", "https://example.net"));
        input.addLines(reader("# a comment\n\n  http://example.org/a?a=1&b=2  \nhttps://example.com/x\n"), "list");

        assertThat(input.seeds()).containsExactly("http://example.org/a?a=1&b=2", "https://example.net/",
                "https://example.com/x");
    }

    @Test
    void aBadLineIsNamedByItsNumber() {
        assertThatThrownBy(() -> input.addLines(reader("https://example.org/\n#\nhttps://exa mple.org/\n"), "seeds.txt"))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("bad URL in seeds.txt line 3: ");
    }

    @Test
    void aUrlTheNormalizerRefusesIsABadArgument() {
        assertThatThrownBy(() -> input.addArguments(List.of("http://example.org:99999/")))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("bad URL in argument")
                .hasMessageContaining("port");
    }

    private static BufferedReader reader(String text) {
        return new BufferedReader(new StringReader(text));
    }
}
