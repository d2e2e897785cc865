package org.kcrawl.testkit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class KafkaModeTest {
    private final AtomicInteger dockerQuestions = new AtomicInteger();

    private BooleanSupplier docker(boolean answer) {
        return () -> {
            dockerQuestions.incrementAndGet();
            return answer;
        };
    }

    @Test
    void withoutAnyDockerHintTestcontainersIsNeverAsked() {
        KafkaMode mode = KafkaMode.choose(Map.of("HOME", "/home/dev"), p -> false, () -> true, docker(true));

        assertThat(mode).isEqualTo(KafkaMode.EMBEDDED);
        assertThat(dockerQuestions).hasValue(0);
    }

    @Test
    void aDockerSocketThatAnswersSelectsTheContainer() {
        Set<Path> files = Set.of(Path.of("/var/run/docker.sock"));

        assertThat(KafkaMode.choose(Map.of(), files::contains, () -> true, docker(true))).isEqualTo(KafkaMode.CONTAINER);
        assertThat(KafkaMode.choose(Map.of(), files::contains, () -> true, docker(false))).isEqualTo(KafkaMode.EMBEDDED);
        assertThat(dockerQuestions).hasValue(2);
    }

    @Test
    void socketsUnderHomeAndDockerHostCountAsHints() {
        Set<Path> files = Set.of(Path.of("/home/dev/.docker/run/docker.sock"));

        assertThat(KafkaMode.choose(Map.of("HOME", "/home/dev"), files::contains, () -> true, docker(true)))
                .isEqualTo(KafkaMode.CONTAINER);
        assertThat(KafkaMode.choose(Map.of("DOCKER_HOST", "tcp://127.0.0.1:2375"), p -> false, () -> true, docker(true)))
                .isEqualTo(KafkaMode.CONTAINER);
    }

    @Test
    void withoutTestcontainersTheEmbeddedBrokerIsUsed() {
        assertThat(KafkaMode.choose(Map.of("DOCKER_HOST", "unix:///x.sock"), p -> true, () -> false, docker(true)))
                .isEqualTo(KafkaMode.EMBEDDED);
        assertThat(dockerQuestions).hasValue(0);
    }

    @Test
    void environmentForcesTheMode() {
        assertThat(KafkaMode.choose(Map.of(KafkaMode.ENV, "embedded"), p -> true, () -> true, docker(true)))
                .isEqualTo(KafkaMode.EMBEDDED);
        assertThat(KafkaMode.choose(Map.of(KafkaMode.ENV, " Container "), p -> false, () -> true, docker(false)))
                .isEqualTo(KafkaMode.CONTAINER);
        assertThat(KafkaMode.choose(Map.of(KafkaMode.ENV, "auto"), p -> false, () -> true, docker(true)))
                .isEqualTo(KafkaMode.EMBEDDED);
        assertThat(dockerQuestions).hasValue(0);
    }

    @Test
    void forcedContainerWithoutTestcontainersFailsClearly() {
        assertThatThrownBy(() -> KafkaMode.choose(Map.of(KafkaMode.ENV, "container"), p -> true, () -> false, docker(true)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("org.testcontainers:kafka");
    }

    @Test
    void unknownModeFailsNamingTheVariable() {
        assertThatThrownBy(() -> KafkaMode.choose(Map.of(KafkaMode.ENV, "docker"), p -> true, () -> true, docker(true)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("KCRAWL_TEST_KAFKA")
                .hasMessageContaining("'docker'");
    }
}
