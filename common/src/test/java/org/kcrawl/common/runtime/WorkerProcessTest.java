package org.kcrawl.common.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.kcrawl.common.metrics.MeterCatalogue;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.metrics.OpsServer;
import org.kcrawl.common.topic.TopicProvisioner;
import org.junit.jupiter.api.Test;

/**
 * The process around a worker, on loopback and with no broker (nothing asks the cluster anything): the
 * order things start and stop in, and what the endpoints answer.
 */
class WorkerProcessTest {
    private static final Duration SILENCE = Duration.ofSeconds(90);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final List<String> steps = new ArrayList<>();
    private final FakeWorker worker = new FakeWorker();

    private WorkerProcessSpec<FakeWorker> spec(int port, Consumer<TopicProvisioner> topics) {
        return new WorkerProcessSpec<>(MeterSpec.Worker.PARSER, "crawl", "127.0.0.1:1", port, SILENCE, topics, (clients, t) -> {
            steps.add("worker built on " + clients.bootstrapServers());
            return worker;
        });
    }

    private WorkerProcess<FakeWorker> start(int port) {
        return WorkerProcess.start(spec(port, t -> steps.add("topics")), Map.of(), "127.0.0.1");
    }

    private static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void preparesTopicsThenBuildsServesAndStartsTheWorker() throws Exception {
        try (WorkerProcess<FakeWorker> process = start(0)) {
            assertThat(steps).containsExactly("topics", "worker built on 127.0.0.1:1");
            assertThat(worker.starts).hasValue(1);
            assertThat(process.worker()).isSameAs(worker);
            assertThat(process.role()).isEqualTo(MeterSpec.Worker.PARSER);
            assertThat(process.registry().find("jvm.memory.used").tag(MeterCatalogue.WORKER_TAG, "parser")
                    .tag(MeterCatalogue.CRAWL_TAG, "crawl").meters())
                    .as("JVM meters carry the worker and crawl tags").isNotEmpty();
            assertThat(get(process.opsPort(), OpsServer.METRICS_PATH).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aWorkerMainStartsTheProcessItsSpecDescribes() {
        WorkerMain.ProcessStarter<Integer, FakeWorker> starter =
                WorkerMain.ProcessStarter.of(port -> spec(port, t -> steps.add("topics")));
        try (WorkerProcess<FakeWorker> process = starter.start(0, Map.of(), "127.0.0.1")) {
            assertThat(steps).containsExactly("topics", "worker built on 127.0.0.1:1");
            assertThat(process.worker()).isSameAs(worker);
            assertThat(worker.starts).hasValue(1);
        }
        assertThat(worker.stops).hasValue(1);
    }

    @Test
    void liveAndReadyFollowTheWorkersLoopsAndPartitions() throws Exception {
        try (WorkerProcess<FakeWorker> process = start(0)) {
            int port = process.opsPort();
            assertThat(process.live()).isTrue();
            assertThat(worker.askedSilence).hasValue(SILENCE);
            assertThat(process.ready()).as("no partitions yet").isFalse();
            assertThat(get(port, OpsServer.LIVENESS_PATH).statusCode()).isEqualTo(200);
            assertThat(get(port, OpsServer.READINESS_PATH).statusCode()).isEqualTo(503);

            worker.partitions = 3;
            assertThat(process.ready()).isTrue();
            assertThat(get(port, OpsServer.READINESS_PATH).statusCode()).isEqualTo(200);

            worker.alive = false;
            assertThat(process.live()).isFalse();
            assertThat(process.ready()).as("a dead worker is not ready whatever it owns").isFalse();
            assertThat(get(port, OpsServer.LIVENESS_PATH).statusCode()).isEqualTo(503);
            assertThat(get(port, OpsServer.READINESS_PATH).statusCode()).isEqualTo(503);
        }
    }

    @Test
    void closeStopsTheWorkerThenTheEndpointsOnlyOnce() throws Exception {
        WorkerProcess<FakeWorker> process = start(0);
        int port = process.opsPort();
        process.close();
        process.close();

        assertThat(worker.stops).hasValue(1);
        assertThat(process.awaitTermination(Duration.ZERO)).isTrue();
        assertThatThrownBy(() -> get(port, OpsServer.LIVENESS_PATH)).isInstanceOf(IOException.class);
    }

    @Test
    void aTakenPortStopsTheBuiltWorkerWithoutStartingIt() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> start(taken.getLocalPort())).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(String.valueOf(taken.getLocalPort()));
        }
        assertThat(worker.starts).hasValue(0);
        assertThat(worker.stops).hasValue(1);
    }

    @Test
    void topicsThatCannotBePreparedBuildNoWorker() {
        IllegalStateException unreachable = new IllegalStateException("cluster unreachable");
        assertThatThrownBy(() -> WorkerProcess.start(spec(0, t -> {
            throw unreachable;
        }), Map.of(), "127.0.0.1")).isSameAs(unreachable);
        assertThat(steps).isEmpty();
        assertThat(worker.starts).hasValue(0);
    }

    @Test
    void refusesAnIncompleteSpecNamingWhatIsMissing() {
        assertThatThrownBy(() -> new WorkerProcessSpec<>(MeterSpec.Worker.ALL, "crawl", "k:9092", 0, SILENCE, t -> { },
                (c, t) -> worker)).hasMessageContaining("role");
        assertThatThrownBy(() -> new WorkerProcessSpec<>(MeterSpec.Worker.FETCHER, "crawl", "k:9092", 70_000, SILENCE,
                t -> { }, (c, t) -> worker)).hasMessageContaining("metricsPort");
        assertThatThrownBy(() -> new WorkerProcessSpec<>(MeterSpec.Worker.FETCHER, "crawl", "k:9092", 0, Duration.ZERO,
                t -> { }, (c, t) -> worker)).hasMessageContaining("maxSilence");
        assertThatThrownBy(() -> new WorkerProcessSpec<>(MeterSpec.Worker.FETCHER, " ", "k:9092", 0, SILENCE,
                t -> { }, (c, t) -> worker)).hasMessageContaining("crawlName");
        assertThatThrownBy(() -> WorkerProcess.start(null, Map.of(), "127.0.0.1")).hasMessageContaining("spec");
    }
}
