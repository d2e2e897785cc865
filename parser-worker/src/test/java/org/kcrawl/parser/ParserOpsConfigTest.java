package org.kcrawl.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The parser's operational settings: the metrics port binds, defaults to the fetcher's, and is validated. */
class ParserOpsConfigTest {

    @Test
    void theMetricsPortDefaultsTo9400AndCanBeSet() {
        assertThat(ParserConfig.defaults().metricsPort()).isEqualTo(9400);
        assertThat(ParserConfig.load(null, Map.of("KCRAWL_PARSER_METRICS_PORT", "0")).metricsPort()).isZero();
        assertThat(ParserConfig.defaults().withKafka("c", "127.0.0.1:1").withScope(
                org.kcrawl.common.scope.ScopeMode.ANY, 1).metricsPort()).isEqualTo(9400);
    }

    @Test
    void anInvalidPortStopsTheParserNamingTheKey() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ParserMain.MAIN.run(new String[0], Map.of("KCRAWL_PARSER_METRICS_PORT", "-1"),
                new PrintStream(err, true, StandardCharsets.UTF_8), new AtomicBoolean());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("metrics_port").contains("-1");
    }

    @Test
    void aKafkaPropertyTheClientsRefuseStopsTheParserNamingIt() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ParserMain.MAIN.run(new String[0], Map.of("KCRAWL_PARSER_BOOTSTRAP_SERVERS", "127.0.0.1:1",
                        "KCRAWL_PARSER_METRICS_PORT", "0", "KAFKA_SECURITY_PROTOCOL", "CARRIER_PIGEON"),
                new PrintStream(err, true, StandardCharsets.UTF_8), new AtomicBoolean());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("security.protocol").contains("CARRIER_PIGEON");
    }
}
