package org.kcrawl.testkit.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one Kafka broker that all tests of a JVM share, started on first use and stopped when the JVM exits.
 *
 * <p>It is the embedded broker, or Testcontainers' apache/kafka container when a Docker engine answers; the
 * environment variable {@code KCRAWL_TEST_KAFKA} forces {@code embedded} or {@code container}. Tests stay
 * independent by using their own crawl name, hence their own topics and groups: {@link #uniqueCrawlName}.
 * Tests that stop a broker start an {@link EmbeddedKafkaBroker} of their own instead.
 */
public final class SharedKafka {
    private static final Logger log = LoggerFactory.getLogger(SharedKafka.class);
    /** How long a Docker engine that seems to exist may take to answer before the embedded broker is used. */
    private static final Duration DOCKER_PATIENCE = Duration.ofSeconds(2);
    private static final CrawlNames NAMES = CrawlNames.random();

    private static String bootstrapServers;
    private static RuntimeException startFailure;

    private SharedKafka() {
    }

    /**
     * Bootstrap servers of the shared broker, starting it on the first call.
     *
     * @throws IllegalStateException if the broker cannot be started (then every later call fails the same way)
     */
    public static synchronized String bootstrapServers() {
        if (bootstrapServers != null) {
            return bootstrapServers;
        }
        if (startFailure != null) {
            throw new IllegalStateException("the shared Kafka broker failed to start earlier: " + startFailure.getMessage(),
                    startFailure);
        }
        try {
            bootstrapServers = startShared();
            return bootstrapServers;
        } catch (RuntimeException e) {
            startFailure = e;
            throw e;
        }
    }

    /**
     * A crawl name no other caller in this JVM gets, starting with {@code prefix} (cleaned to letters, digits
     * and dashes); its topics ({@code name.urls}, ...) and groups are therefore the caller's own.
     */
    public static String uniqueCrawlName(String prefix) {
        return NAMES.next(prefix);
    }

    private static String startShared() {
        long started = System.nanoTime();
        KafkaMode mode = KafkaMode.choose(System.getenv(), Files::exists, TestcontainersDocker::present,
                () -> TestcontainersDocker.available(DOCKER_PATIENCE));
        String servers = mode == KafkaMode.CONTAINER ? startContainer() : startEmbedded();
        log.info("shared Kafka ({}) at {} ready after {} ms", mode.name().toLowerCase(Locale.ROOT), servers,
                Duration.ofNanos(System.nanoTime() - started).toMillis());
        return servers;
    }

    private static String startContainer() {
        ContainerKafka container;
        try {
            container = ContainerKafka.start();
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot start the Kafka container " + ContainerKafka.IMAGE + ": " + e.getMessage()
                    + " (set " + KafkaMode.ENV + "=embedded to use the embedded broker)", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(container::close, "kcrawl-shared-kafka-stop"));
        return container.bootstrapServers();
    }

    private static String startEmbedded() {
        Path dataDir;
        try {
            dataDir = Files.createTempDirectory("kcrawl-shared-kafka-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a data directory for the shared Kafka broker", e);
        }
        EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(dataDir);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            broker.close();
            deleteTree(dataDir);
        }, "kcrawl-shared-kafka-stop"));
        return broker.bootstrapServers();
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            log.warn("cannot delete the shared Kafka data directory {}: {}", root, e.toString());
        }
    }
}
