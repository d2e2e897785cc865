package org.kcrawl.testkit.kafka;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.kcrawl.embedded.kafka.EmbeddedKafkaBroker;

/** Which broker the tests of this JVM share, chosen from {@value #ENV} and the presence of a Docker engine. */
enum KafkaMode {
    /** {@link EmbeddedKafkaBroker} in this JVM. */
    EMBEDDED,
    /** Testcontainers' apache/kafka container. */
    CONTAINER;

    /** Environment variable that forces a mode: {@code embedded}, {@code container}, or {@code auto} (the default). */
    static final String ENV = "KCRAWL_TEST_KAFKA";

    /**
     * Chooses the mode. {@code auto} picks the container only when Testcontainers is on the class path and a
     * Docker endpoint is hinted at (DOCKER_HOST or a known socket file) and Testcontainers confirms it; without
     * a hint, Testcontainers is never asked, which keeps the check instant and quiet on machines without Docker.
     *
     * @param env the process environment
     * @param fileExists whether a path exists (the Docker socket hints)
     * @param testcontainersPresent whether Testcontainers' Kafka module can be loaded
     * @param dockerConfirmed asks Testcontainers whether the Docker engine answers; called at most once
     */
    static KafkaMode choose(Map<String, String> env, Predicate<Path> fileExists, BooleanSupplier testcontainersPresent,
                            BooleanSupplier dockerConfirmed) {
        String requested = env.getOrDefault(ENV, "").strip().toLowerCase(Locale.ROOT);
        switch (requested) {
            case "embedded":
                return EMBEDDED;
            case "container":
                if (!testcontainersPresent.getAsBoolean()) {
                    throw new IllegalStateException(ENV + "=container but org.testcontainers:kafka is not on the class path;"
                            + " add it as a test dependency or set " + ENV + "=embedded");
                }
                return CONTAINER;
            case "":
            case "auto":
                boolean hinted = env.containsKey("DOCKER_HOST") || dockerHints(env).stream().anyMatch(fileExists);
                boolean docker = hinted && testcontainersPresent.getAsBoolean() && dockerConfirmed.getAsBoolean();
                return docker ? CONTAINER : EMBEDDED;
            default:
                throw new IllegalStateException(ENV + " must be embedded, container or auto but was '"
                        + env.get(ENV) + "'");
        }
    }

    /** Places where a Docker engine's socket usually is; Testcontainers looks at the same ones. */
    static List<Path> dockerHints(Map<String, String> env) {
        List<Path> hints = new ArrayList<>();
        hints.add(Path.of("/var/run/docker.sock"));
        String home = env.get("HOME");
        if (home != null && !home.isBlank()) {
            hints.add(Path.of(home, ".docker", "run", "docker.sock"));
            hints.add(Path.of(home, ".docker", "desktop", "docker.sock"));
            hints.add(Path.of(home, ".colima", "default", "docker.sock"));
            hints.add(Path.of(home, ".rd", "docker.sock"));
            // Testcontainers records the engine it found here, for example a remote one.
            hints.add(Path.of(home, ".testcontainers.properties"));
        }
        String runtime = env.get("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isBlank()) {
            hints.add(Path.of(runtime, "docker.sock"));
            hints.add(Path.of(runtime, "podman", "podman.sock"));
        }
        return hints;
    }
}
