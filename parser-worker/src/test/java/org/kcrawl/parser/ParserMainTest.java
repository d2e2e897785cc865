package org.kcrawl.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ParserMainTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) {
        return ParserMain.run(args, env, new PrintStream(err, true, StandardCharsets.UTF_8), new AtomicBoolean());
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void readsTheConfigOption() {
        assertThat(ParserMain.configFile(new String[0])).isNull();
        assertThat(ParserMain.configFile(new String[] {"--config", "p.yaml"})).isEqualTo(Path.of("p.yaml"));
        assertThat(ParserMain.configFile(new String[] {"--config=q.yaml"})).isEqualTo(Path.of("q.yaml"));
        assertThatThrownBy(() -> ParserMain.configFile(new String[] {"--bogus"}))
                .hasMessageContaining("--bogus");
    }

    @Test
    void helpExitsZero() {
        assertThat(run(Map.of(), "--help")).isZero();
        assertThat(errors()).contains("usage: parser-worker").contains("KCRAWL_PARSER_");
    }

    @Test
    void badArgumentsExitTwoWithUsage() {
        assertThat(run(Map.of(), "--nope")).isEqualTo(2);
        assertThat(errors()).contains("unexpected arguments: --nope").contains("usage:");
    }

    @Test
    void badConfigurationExitsTwoNamingTheKey() {
        assertThat(run(Map.of("KCRAWL_PARSER_MAX_DEPTH", "-3"))).isEqualTo(2);
        assertThat(errors()).contains("max_depth");
        assertThat(run(Map.of(), "--config", "/nonexistent/parser.yaml")).isEqualTo(2);
        assertThat(errors()).contains("/nonexistent/parser.yaml");
    }
}
