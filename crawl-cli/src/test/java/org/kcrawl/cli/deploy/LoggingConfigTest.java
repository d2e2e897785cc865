package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.kcrawl.common.metrics.LogFormat;
import org.slf4j.MDC;

/**
 * The workers' logback.xml, as their runnable jars load it: one JSON object a line with the MDC's
 * host, partition and offset as fields when the main chose JSON, plain text when it chose TEXT.
 */
class LoggingConfigTest {

    @ParameterizedTest
    @EnumSource(WorkerKind.class)
    void jsonLinesCarryTheMdcAndTheStackTrace(WorkerKind kind) throws Exception {
        List<String> lines = logWith(kind, "JSON").lines().toList();
        assertThat(lines).hasSize(2);
        JsonNode error = Repo.JSON.readTree(lines.get(0));
        assertThat(error.path("message").asText()).isEqualTo("fetch of http://a.example/x failed");
        assertThat(error.path("level").asText()).isEqualTo("ERROR");
        assertThat(error.path("service").asText()).isEqualTo("kcrawl-" + kind.name);
        assertThat(error.path("host").asText()).isEqualTo("a.example");
        assertThat(error.path("partition").asText()).isEqualTo("3");
        assertThat(error.path("offset").asText()).isEqualTo("1234");
        assertThat(error.path("stack_trace").asText()).contains("IllegalStateException: boom");
        JsonNode info = Repo.JSON.readTree(lines.get(1));
        assertThat(info.has("host")).as("the MDC was cleared").isFalse();
    }

    @ParameterizedTest
    @EnumSource(WorkerKind.class)
    void textLinesAreForPeople(WorkerKind kind) throws Exception {
        String out = logWith(kind, "TEXT");
        assertThat(out).doesNotStartWith("{").contains("ERROR").contains("fetch of http://a.example/x failed")
                .contains("host=a.example").contains("IllegalStateException: boom");
    }

    /** Configures a fresh logging context from the worker's logback.xml and logs an error with context. */
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private static String logWith(WorkerKind kind, String format) throws JoranException, IOException {
        LoggerContext context = new LoggerContext();
        // The static MDC belongs to the default context; events of this one must read the same.
        context.setMDCAdapter(MDC.getMDCAdapter());
        context.putProperty(LogFormat.PROPERTY, format);
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(context);
            configurator.doConfigure(Repo.file(kind.module + "/src/main/resources/logback.xml").toFile());
            Logger log = context.getLogger("org.kcrawl.test");
            try (var h = MDC.putCloseable("host", "a.example");
                 var p = MDC.putCloseable("partition", "3");
                 var o = MDC.putCloseable("offset", "1234")) {
                log.error("fetch of {} failed", "http://a.example/x", new IllegalStateException("boom"));
            }
            log.info("after");
        } finally {
            context.stop();
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
