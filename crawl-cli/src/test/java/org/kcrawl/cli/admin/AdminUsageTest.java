package org.kcrawl.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kcrawl.cli.CrawlMain;

/**
 * Bad admin command lines end with one line on stderr and exit code 2 before anything connects: the
 * bootstrap addresses used here are never dialled.
 */
class AdminUsageTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private PrintStream originalErr;
    private PrintStream originalOut;

    @TempDir
    Path dir;

    @BeforeEach
    void capture() {
        originalErr = System.err;
        originalOut = System.out;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setErr(originalErr);
        System.setOut(originalOut);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "submit --bootstrap nonsense http://example.org/ | --bootstrap must be HOST:PORT",
        "submit --bootstrap 127.0.0.1:9 --crawl-name bad/name http://example.org/ | --crawl-name",
        "submit --bootstrap 127.0.0.1:9 --partitions 0 http://example.org/ | --partitions must be >= 1",
        "submit --bootstrap 127.0.0.1:9 --partitions many http://example.org/ | --partitions",
        "submit --bootstrap 127.0.0.1:9 --timeout 0 http://example.org/ | --timeout must be >= 1",
        "submit --bootstrap 127.0.0.1:9 ftp://example.org/ | ftp",
        "submit --bootstrap 127.0.0.1:9 not-a-url | not-a-url",
        "submit --bootstrap 127.0.0.1:9 http://example.org/ http:///nohost | no host",
        "submit --bootstrap 127.0.0.1:9 --seeds /does/not/exist.txt | /does/not/exist.txt: no such file",
        "submit --bootstrap 127.0.0.1:9 | no seed URLs",
        "submit --bootstrap 127.0.0.1:9 --no-such-option http://example.org/ | no-such-option",
        "tail --bootstrap 127.0.0.1:9 | Missing required parameter",
        "tail pages --bootstrap 127.0.0.1:9 | expected records, failures or dead-letters but got 'pages'",
        "tail records --bootstrap 127.0.0.1:9 --max 0 | --max must be >= 1",
        "tail records --bootstrap 127.0.0.1:9 --max lots | --max",
        "tail records failures --bootstrap 127.0.0.1:9 | failures",
        "status --bootstrap 127.0.0.1 | --bootstrap must be HOST:PORT",
        "status --bootstrap 127.0.0.1:9 --timeout -5 | --timeout",
        "status --bootstrap 127.0.0.1:9 extra | extra",
        "fetcher --config /does/not/exist.yaml | --config /does/not/exist.yaml does not exist",
        "fetcher --bootstrap 127.0.0.1:9 | --bootstrap",
        "parser --config /does/not/exist.yaml | --config /does/not/exist.yaml does not exist",
        "parser extra | extra",
    })
    void refusesWithOneLineAndExitCode2(String argLine, String mentioned) {
        int code = CrawlMain.run(argLine.split(" "));

        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertThat(code).as(message).isEqualTo(2);
        assertThat(message.lines().count()).as(message).isEqualTo(1);
        assertThat(message).startsWith("crawl:").contains(mentioned);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aBadLineInTheSeedListIsNamedAndNothingIsSubmitted() throws IOException {
        Path seeds = dir.resolve("seeds.txt");
        Files.writeString(seeds, "# news sites\nhttps://example.org/\n\nmailto:someone@example.org\n");

        int code = CrawlMain.run("submit", "--bootstrap", "127.0.0.1:9", "--seeds", seeds.toString());

        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertThat(code).isEqualTo(2);
        assertThat(message).isEqualTo("crawl: bad URL in " + seeds + " line 4: seed URL must use http or https, "
                + "not mailto: mailto:someone@example.org (see crawl submit --help)");
    }

    @Test
    void withoutBootstrapTheVariableIsAskedFor() {
        assumeTrue(System.getenv(ClusterOptions.BOOTSTRAP_ENV) == null, "KAFKA_BOOTSTRAP_SERVERS is set here");

        for (List<String> args : List.of(List.of("submit", "http://example.org/"), List.of("tail", "records"),
                List.of("status"))) {
            err.reset();
            assertThat(CrawlMain.run(args.toArray(String[]::new))).as(args.toString()).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8).strip())
                    .isEqualTo("crawl: --bootstrap HOST:PORT is required (or set KAFKA_BOOTSTRAP_SERVERS) "
                            + "(see crawl " + args.get(0) + " --help)");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "submit | --bootstrap,--crawl-name,--seeds,--partitions,--timeout,URL",
        "tail | records|failures|dead-letters,--from-beginning,--follow,--max,--bootstrap,--crawl-name",
        "status | --bootstrap,--crawl-name,--timeout",
        "fetcher | --config,KCRAWL_FETCHER_,KAFKA_",
        "parser | --config,KCRAWL_PARSER_,KAFKA_",
    })
    void everyCommandExplainsItsOptions(String command, String options) {
        assertThat(CrawlMain.run(command, "--help")).isZero();

        String help = out.toString(StandardCharsets.UTF_8);
        assertThat(help).contains("Usage: crawl " + command);
        for (String option : options.split(",")) {
            assertThat(help).contains(option);
        }
    }

    @Test
    void theCrawlCommandListsTheAdminCommands() {
        assertThat(CrawlMain.run("--help")).isZero();

        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("submit", "tail", "status", "fetcher", "parser");
    }
}
