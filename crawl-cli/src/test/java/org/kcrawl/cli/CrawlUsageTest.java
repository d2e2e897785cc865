package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad command lines end with one line on stderr and exit code 2, before anything starts. */
class CrawlUsageTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureErr() {
        originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreErr() {
        System.setErr(originalErr);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--rate 0 http://example.org/ | --rate",
        "--rate abc http://example.org/ | --rate",
        "--per-host 0 http://example.org/ | --per-host",
        "--per-address 0 http://example.org/ | --per-address",
        "--concurrency -1 http://example.org/ | --concurrency",
        "--max-depth -2 http://example.org/ | --max-depth",
        "--scope galaxy http://example.org/ | --scope",
        "--bootstrap nonsense http://example.org/ | --bootstrap",
        "--no-such-option http://example.org/ | no-such-option",
        "ftp://example.org/ | ftp",
        "not-a-url | not-a-url",
        "http:///nohost | no host",
        "--seeds /does/not/exist.txt | /does/not/exist.txt",
        "--quiet | no seed URLs",
        "--recrawl-after soon --data-dir /tmp/x http://example.org/ | --recrawl-after: a recrawl age is",
        "--recrawl-after 0s --recrawl-due --data-dir /tmp/x http://example.org/ | give one",
        "--recrawl-after 7d http://example.org/ | --recrawl-after needs the crawl that ran before: give its --data-dir",
        "--recrawl-due http://example.org/ | --recrawl-due needs",
        "--proxies ftp://127.0.0.1:21 http://example.org/ | --proxies",
        "--proxies http://127.0.0.1 http://example.org/ | port",
        "--headers NoColon http://example.org/ | --headers",
        "--headers Host:evil.example http://example.org/ | 'Host'",
        "--headers X-A:\u0001 http://example.org/ | --headers X-A",
        "--content article http://example.org/ | --content must be main, full or none, got",
        "--content none --markdown http://example.org/ | give --content main or full",
    })
    void refusesWithOneLineAndExitCode2(String argLine, String mentioned) {
        int code = CrawlMain.run(argLine.split(" "));
        String out = err.toString(StandardCharsets.UTF_8).strip();
        assertThat(code).isEqualTo(2);
        assertThat(out.lines().count()).as(out).isEqualTo(1);
        assertThat(out).startsWith("crawl:").contains(mentioned);
    }

    @Test
    void aValueOfTheConfigFileOutsideItsBoundIsRefusedInOneLineNamingTheFix(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("crawl.yaml");
        Files.writeString(file, "fetcher:\n  max_body_bytes: 1KiB\n");

        int code = CrawlMain.run("--config", file.toString(), "http://example.org/");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip()).isEqualTo("crawl: invalid configuration"
                + " 'fetcher.max_body_bytes': max_body_bytes must be from 500KiB to 3840KiB but was 1KiB; to fix, give"
                + " max_body_bytes a value that is from 500KiB to 3840KiB, or remove it to get the default (2MiB)");
    }

    @Test
    void aDurationInUnitsThatIsNoneIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("crawl.yaml");
        Files.writeString(file, "crawl:\n  drain_timeout: 30 seconds\n");

        int code = CrawlMain.run("--config", file.toString(), "http://example.org/");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip()).startsWith("crawl: invalid configuration"
                + " 'crawl.drain_timeout': drain_timeout must be a duration (30s, 5m, 1h, 7d or ISO-8601 such as PT30S)"
                + " but was '30 seconds'").doesNotContain("\n");
    }

    @Test
    void helpListsTheContractOptions() {
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
        try {
            assertThat(CrawlMain.run("--help")).isZero();
        } finally {
            System.setOut(originalOut);
        }
        String help = outBytes.toString(StandardCharsets.UTF_8);
        for (String option : new String[] {"--seeds", "--out", "--failures", "--max-pages", "--max-depth", "--scope",
            "--rate", "--per-host", "--per-address", "--per-ip", "--concurrency", "--allow-private", "--ignore-robots",
            "--bootstrap", "--config", "--quiet", "--proxies", "--proxy", "--headers", "--header", "--allow-patterns",
            "--deny-patterns", "--render-patterns", "demo"}) {
            assertThat(help).contains(option);
        }
    }
}
