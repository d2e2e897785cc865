package org.kcrawl.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ParserMainTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) {
        return ParserMain.MAIN.run(args, env, new PrintStream(err, true, StandardCharsets.UTF_8), new AtomicBoolean());
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void readsTheConfigFileNamedEitherWay() {
        assertThat(run(Map.of(), "--config", "/nonexistent/p.yaml")).isEqualTo(2);
        assertThat(run(Map.of(), "--config=/nonexistent/q.yaml")).isEqualTo(2);
        assertThat(errors()).startsWith("parser-worker: ").contains("/nonexistent/p.yaml")
                .contains("/nonexistent/q.yaml").doesNotContain("usage:");
    }

    @Test
    void helpExitsZero() {
        assertThat(run(Map.of(), "--help")).isZero();
        assertThat(errors()).contains("usage: parser-worker").contains("KCRAWL_PARSER_");
    }

    @Test
    void badArgumentsExitTwoWithUsage() {
        assertThat(run(Map.of(), "--nope")).isEqualTo(2);
        assertThat(errors()).contains("parser-worker: unknown argument '--nope'").contains("usage:");
        assertThat(run(Map.of(), "--config")).isEqualTo(2);
        assertThat(errors()).contains("--config needs a FILE");
    }

    @Test
    void badConfigurationExitsTwoNamingTheKey() {
        assertThat(run(Map.of("KCRAWL_PARSER_MAX_DEPTH", "-3"))).isEqualTo(2);
        assertThat(errors()).contains("max_depth");
        assertThat(run(Map.of(), "--config", "/nonexistent/parser.yaml")).isEqualTo(2);
        assertThat(errors()).contains("/nonexistent/parser.yaml");
    }
}
