package org.kcrawl.common.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.common.KafkaException;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.metrics.MeterSpec;
import org.junit.jupiter.api.Test;

/**
 * A worker's entry point from command line to exit code, with a stand-in worker in a real process on
 * loopback: what it prints, the codes it returns and who closes the process.
 */
class WorkerMainTest {
    private static final String USAGE = "usage: test-worker [--config FILE]";

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final FakeWorker worker = new FakeWorker();
    private final AtomicBoolean shuttingDown = new AtomicBoolean();
    private final AtomicReference<Path> loadedFile = new AtomicReference<>();
    private final AtomicReference<String> boundTo = new AtomicReference<>();
    private final List<String> started = new ArrayList<>();

    private final WorkerMain<String, FakeWorker> main = new WorkerMain<>("test-worker", USAGE, this::load,
            this::startProcess, (config, process) -> started.add(config + " on port " + process.opsPort()));

    private String load(Path file, Map<String, String> env) {
        loadedFile.set(file);
        String crawl = env.getOrDefault("CRAWL", "crawl");
        if (crawl.isBlank()) {
            throw new ConfigException("crawl_name", "must not be blank");
        }
        return crawl;
    }

    private WorkerProcess<FakeWorker> startProcess(String config, Map<String, String> env, String bindAddress) {
        boundTo.set(bindAddress);
        if (env.containsKey("FAIL")) {
            throw new IllegalStateException(env.get("FAIL"));
        }
        if (env.containsKey("REFUSE")) {
            throw new KafkaException("Failed to construct kafka producer",
                    new org.apache.kafka.common.config.ConfigException("security.protocol", env.get("REFUSE"),
                            "not a protocol"));
        }
        // The tests talk to loopback only, whatever the entry point asks for.
        return WorkerProcess.start(new WorkerProcessSpec<>(MeterSpec.Worker.FETCHER, "crawl", "127.0.0.1:1", 0,
                WorkerProcessSpec.DEFAULT_MAX_SILENCE, t -> { }, (clients, telemetry) -> worker), env, "127.0.0.1");
    }

    private int run(WorkerMain<String, FakeWorker> entry, Map<String, String> env, String... args) {
        return entry.run(args, env, new PrintStream(err, true, StandardCharsets.UTF_8), shuttingDown);
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpPrintsTheUsageAndExitsZeroWithoutLoading() {
        assertThat(run(main, Map.of(), "--help")).isZero();
        assertThat(errors()).isEqualTo(USAGE + System.lineSeparator());
        assertThat(boundTo).hasValue(null);
    }

    @Test
    void badArgumentsExitTwoNamingThemWithTheUsage() {
        assertThat(run(main, Map.of(), "--verbose")).isEqualTo(2);
        assertThat(errors()).startsWith("test-worker: unknown argument '--verbose'").contains(USAGE);
        assertThat(loadedFile).hasValue(null);
    }

    @Test
    void badConfigurationExitsTwoNamingTheKeyWithoutTheUsage() {
        assertThat(run(main, Map.of("CRAWL", " "), "--config", "w.yaml")).isEqualTo(2);
        assertThat(loadedFile).hasValue(Path.of("w.yaml"));
        assertThat(errors()).startsWith("test-worker: invalid configuration 'crawl_name': must not be blank")
                .doesNotContain("usage:");
        assertThat(boundTo).hasValue(null);
    }

    @Test
    void aClusterThatCannotBeUsedExitsOne() {
        assertThat(run(main, Map.of("FAIL", "no broker at 127.0.0.1:1"))).isEqualTo(1);
        assertThat(errors()).startsWith("test-worker: no broker at 127.0.0.1:1");
    }

    @Test
    void aKafkaPropertyTheClientsRefuseExitsTwoNamingIt() {
        assertThat(run(main, Map.of("REFUSE", "CARRIER_PIGEON"))).isEqualTo(2);
        assertThat(errors()).startsWith("test-worker: invalid Kafka client configuration (KAFKA_* variables): ")
                .contains("security.protocol").contains("CARRIER_PIGEON");
    }

    @Test
    void aKafkaVariableThatWouldWeakenTheDeliveryGuaranteeExitsTwoNamingIt() {
        assertThat(run(main, Map.of("KAFKA_ENABLE_AUTO_COMMIT", "true"))).isEqualTo(2);
        assertThat(errors()).startsWith("test-worker: invalid configuration 'KAFKA_ENABLE_AUTO_COMMIT': "
                + "enable.auto.commit must be false");
        assertThat(started).isEmpty();
    }

    @Test
    void aWorkerThatFailsExitsOneAfterTheProcessIsClosed() {
        worker.end(new IllegalStateException("poll loop died"));

        assertThat(run(main, Map.of())).isEqualTo(1);
        assertThat(boundTo).as("every interface, as in a container").hasValue("0.0.0.0");
        assertThat(worker.starts).hasValue(1);
        assertThat(worker.stops).hasValue(1);
        assertThat(started).singleElement().asString().startsWith("crawl on port ");
    }

    @Test
    void aWorkerThatStopsCleanlyExitsZero() {
        worker.end(null);

        assertThat(run(main, Map.of("CRAWL", "news"))).isZero();
        assertThat(worker.stops).hasValue(1);
        assertThat(started).singleElement().asString().startsWith("news on port ");
    }

    @Test
    void duringShutdownTheHookClosesTheProcessAndTheExitIsTheSignals() {
        // As the SIGTERM hook does: it flags the shutdown, then stops the worker, which ends its loops.
        WorkerMain<String, FakeWorker> signalled = new WorkerMain<String, FakeWorker>("test-worker", USAGE,
                this::load, this::startProcess, (config, process) -> {
                    shuttingDown.set(true);
                    worker.end(new IllegalStateException("interrupted by the shutdown"));
                });

        assertThat(run(signalled, Map.of())).isZero();
        assertThat(worker.stops).as("left to the hook").hasValue(0);
    }

    @Test
    void reportsProgressWhileTheWorkerRuns() {
        AtomicInteger reports = new AtomicInteger();
        WorkerMain<String, FakeWorker> reporting = main.reportingEvery(Duration.ofSeconds(1), w -> {
            assertThat(w).isSameAs(worker);
            reports.incrementAndGet();
            w.end(null);
        });

        assertThat(run(reporting, Map.of())).isZero();
        assertThat(reports).hasValue(1);
    }
}
