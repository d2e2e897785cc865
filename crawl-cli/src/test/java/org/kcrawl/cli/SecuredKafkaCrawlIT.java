package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.kcrawl.embedded.kafka.SaslPlain;

/**
 * {@code crawl --bootstrap} against a broker that requires SASL/PLAIN, as an operator runs it: the
 * credentials come from {@code KAFKA_*} variables only (a plain-text client cannot even read the
 * broker's metadata), the seeds from standard input. The command runs as its own process, so the
 * variables are real environment variables.
 */
class SecuredKafkaCrawlIT {
    private static final SaslPlain SASL = new SaslPlain(Map.of("crawler", "crawler-s3cret"), false);
    private static EmbeddedKafkaBroker broker;

    @TempDir
    static Path brokerDir;
    @TempDir
    Path dir;
    private Path logback;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedKafkaBroker.startWithSasl(brokerDir, SASL);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @BeforeEach
    void childLogging() throws IOException {
        logback = dir.resolve("logback-child.xml");
        Files.writeString(logback, """
                <configuration>
                  <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
                    <target>System.err</target>
                    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{24} - %msg%n</pattern></encoder>
                  </appender>
                  <root level="WARN"><appender-ref ref="STDERR"/></root>
                </configuration>
                """, StandardCharsets.UTF_8);
    }

    /** {@code KAFKA_*} variables for {@code settings}, named as the Kafka images and the workers read them. */
    private static Map<String, String> variables(Map<String, String> settings) {
        Map<String, String> env = new LinkedHashMap<>();
        settings.forEach((k, v) -> env.put("KAFKA_" + k.toUpperCase(Locale.ROOT).replace('.', '_'), v));
        return env;
    }

    @Test
    void theCrawlReachesABrokerThatRequiresSaslThroughKafkaVariablesWithSeedsFromStdin() throws Exception {
        try (RecordingSite site = RecordingSite.http("127.0.0.1")) {
            site.page("/", "<title>root</title><a href=/a>a</a>").page("/a", "<title>a</title>");

            try (CommandProcess crawl = start(variables(SASL.clientSettings("crawler")),
                    "# from stdin\n" + site.root() + "\n", "--seeds", "-")) {
                assertThat(crawl.awaitExit(Duration.ofSeconds(120))).as(crawl::stderr).isTrue();
                assertThat(crawl.exitCode()).as(crawl::stderr).isZero();
            }
            assertThat(lines("records.jsonl")).extracting(r -> r.get("url").asText())
                    .containsExactlyInAnyOrder(site.root(), site.url("/a"));
        }
    }

    @Test
    void wrongCredentialsEndTheCommandWithAnAuthenticationFailure() throws Exception {
        try (CommandProcess crawl = start(variables(SaslPlain.clientSettings("crawler", "not-the-password")), "",
                "http://127.0.0.1:9/")) {
            assertThat(crawl.awaitExit(Duration.ofSeconds(90))).as(crawl::stderr).isTrue();
            assertThat(crawl.exitCode()).as(crawl::stderr).isEqualTo(1);
            assertThat(crawl.stderr()).contains("crawl: failed:").containsIgnoringCase("authentication");
        }
    }

    @Test
    void aVariableThatWouldWeakenTheDeliveryGuaranteeIsRefusedNamingIt() throws Exception {
        Map<String, String> env = new LinkedHashMap<>(variables(SASL.clientSettings("crawler")));
        env.put("KAFKA_ENABLE_AUTO_COMMIT", "true");
        try (CommandProcess crawl = start(env, "", "http://127.0.0.1:9/")) {
            assertThat(crawl.awaitExit(Duration.ofSeconds(60))).as(crawl::stderr).isTrue();
            assertThat(crawl.exitCode()).as(crawl::stderr).isEqualTo(2);
            assertThat(crawl.stderr().strip().lines()).singleElement().asString()
                    .startsWith("crawl:").contains("KAFKA_ENABLE_AUTO_COMMIT");
        }
    }

    private CommandProcess start(Map<String, String> env, String stdin, String... extra) {
        List<String> args = new ArrayList<>(List.of("--bootstrap", broker.bootstrapServers(),
                "--crawl-name", "secured-" + Long.toHexString(System.nanoTime()), "--allow-private", "--quiet",
                "--rate", "50", "--out", dir.resolve("records.jsonl").toString(),
                "--failures", dir.resolve("failures.jsonl").toString()));
        args.addAll(List.of(extra));
        return CommandProcess.start(dir, logback, env, stdin, args.toArray(String[]::new));
    }

    private List<JsonNode> lines(String file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve(file), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out;
    }
}
