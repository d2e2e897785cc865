package org.kcrawl.testkit.kafka;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * Asks Testcontainers whether a Docker engine answers. Only loaded once Testcontainers is known to be on
 * the class path, since it links against it.
 */
final class TestcontainersDocker {
    private static final Logger log = LoggerFactory.getLogger(TestcontainersDocker.class);
    private static final String TESTCONTAINERS_CLASS = "org.testcontainers.kafka.KafkaContainer";

    private TestcontainersDocker() {
    }

    /** True when Testcontainers' Kafka module can be loaded, checked without initialising any of it. */
    static boolean present() {
        try {
            Class.forName(TESTCONTAINERS_CLASS, false, TestcontainersDocker.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * True when Testcontainers reaches a Docker engine within {@code patience}. A socket that exists but
     * does not answer must not stall the test run, so the probe runs on its own daemon thread.
     */
    static boolean available(Duration patience) {
        CompletableFuture<Boolean> probe = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                probe.complete(DockerClientFactory.instance().isDockerAvailable());
            } catch (RuntimeException | LinkageError e) {
                probe.completeExceptionally(e);
            }
        }, "kcrawl-docker-probe");
        thread.setDaemon(true);
        thread.start();
        try {
            return probe.get(patience.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            log.warn("no answer from the Docker engine within {}; using the embedded Kafka broker", patience);
            return false;
        } catch (ExecutionException e) {
            log.warn("cannot ask Testcontainers for a Docker engine ({}); using the embedded Kafka broker",
                    e.getCause().toString());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while probing for a Docker engine", e);
        }
    }
}
