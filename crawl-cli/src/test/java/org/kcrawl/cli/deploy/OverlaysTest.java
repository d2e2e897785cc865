package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kcrawl.common.config.KafkaEnv;

/**
 * The kustomize overlays beside the base ({@code deploy/overlays/dev} and {@code production}): each renders
 * (with {@code kubectl kustomize} where it is installed, else with the test's own renderer, which the
 * first test holds to kubectl's output), each worker still binds its configuration, KEDA still watches the
 * workers' own groups and never scales past the partitions, and production reaches Kafka over SASL_SSL with
 * the credentials of the Strimzi users in {@code deploy/strimzi/}, with images pinned by digest.
 */
class OverlaysTest {
    private static final List<String> KUSTOMIZATIONS = List.of("k8s", "deploy/overlays/dev", "deploy/overlays/production");
    private static final Set<String> KAFKA_PROPERTIES = kafkaProperties();

    @Test
    void theTestsRendererRendersWhatKubectlKustomizeRenders() throws Exception {
        Assumptions.assumeTrue(onPath("kubectl"), "kubectl is not installed: the renderer is checked where it is");
        for (String dir : KUSTOMIZATIONS) {
            Process p = new ProcessBuilder("kubectl", "kustomize", Repo.root().resolve(dir).toString())
                    .redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as("kubectl kustomize %s: %s", dir, new String(out, StandardCharsets.UTF_8)).isZero();
            Path rendered = Files.createTempFile("kcrawl-rendered", ".yaml");
            try {
                Files.write(rendered, out);
                Map<String, JsonNode> ours = byIdentity(Overlay.render(dir).all());
                Map<String, JsonNode> kubectl = byIdentity(Repo.yamlDocuments(rendered));
                assertThat(ours.keySet()).as(dir).isEqualTo(kubectl.keySet());
                kubectl.forEach((id, doc) -> assertThat(ours.get(id)).as("%s in %s", id, dir).isEqualTo(doc));
            } finally {
                Files.delete(rendered);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"deploy/overlays/dev", "deploy/overlays/production"})
    void anOverlayLiesBesideTheBaseAndKeepsTheWorkersConsistent(String dir) {
        Overlay overlay = Overlay.render(dir);
        assertThat(Repo.root().resolve(dir).normalize().startsWith(Repo.root().resolve("k8s")))
                .as("kustomize refuses an overlay inside its base").isFalse();
        String namespace = overlay.kustomization().path("namespace").asText();
        assertThat(overlay.ofKind("Namespace")).singleElement()
                .satisfies(n -> assertThat(n.path("metadata").path("name").asText()).isEqualTo(namespace));
        overlay.all().stream().filter(d -> !d.path("kind").asText().equals("Namespace"))
                .forEach(d -> assertThat(d.path("metadata").path("namespace").asText()).isEqualTo(namespace));

        WorkerKind.Bound fetcher = overlay.bound(WorkerKind.FETCHER);
        WorkerKind.Bound parser = overlay.bound(WorkerKind.PARSER);
        assertThat(parser.crawlName()).isEqualTo(fetcher.crawlName());
        assertThat(parser.bootstrapServers()).isEqualTo(fetcher.bootstrapServers());
        assertThat(parser.layout()).as("both workers create the same topics").isEqualTo(fetcher.layout());
        WorkerKind.Bound renderer = overlay.bound(WorkerKind.RENDERER);
        assertThat(renderer.crawlName()).isEqualTo(fetcher.crawlName());
        assertThat(renderer.bootstrapServers()).isEqualTo(fetcher.bootstrapServers());
        assertThat(renderer.layout()).as("render workers create the same topics").isEqualTo(fetcher.layout());
        WorkerKind.Bound archiver = overlay.bound(WorkerKind.ARCHIVER);
        assertThat(archiver.crawlName()).isEqualTo(fetcher.crawlName());
        assertThat(archiver.bootstrapServers()).isEqualTo(fetcher.bootstrapServers());
        assertThat(archiver.layout()).as("archivers create the same topics").isEqualTo(fetcher.layout());
        for (WorkerKind kind : WorkerKind.values()) {
            WorkerKind.Bound bound = overlay.bound(kind);
            overlay.env(kind).keySet().stream().filter(k -> k.startsWith("KAFKA_")).forEach(k ->
                    assertThat(KAFKA_PROPERTIES).as("%s passes a Kafka client property", k)
                            .containsAll(KafkaEnv.clientOverrides(Map.of(k, "x")).keySet()));
            JsonNode pod = overlay.named("Deployment", "kcrawl-" + kind.name).path("spec").path("template").path("spec");
            assertThat(Duration.ofSeconds(pod.path("terminationGracePeriodSeconds").asLong()))
                    .isGreaterThan(bound.drainTimeout());
            assertThat(pod.path("automountServiceAccountToken").asBoolean(true)).isFalse();
            JsonNode resources = overlay.container(kind).path("resources");
            assertThat(resources.path("limits").path("memory").asText())
                    .isEqualTo(resources.path("requests").path("memory").asText());

            JsonNode scaler = overlay.named("ScaledObject", "kcrawl-" + kind.name).path("spec");
            JsonNode trigger = scaler.path("triggers").get(0).path("metadata");
            assertThat(trigger.path("consumerGroup").asText()).isEqualTo(bound.group());
            assertThat(trigger.path("topic").asText()).isEqualTo(bound.consumedTopic());
            assertThat(trigger.path("bootstrapServers").asText()).isEqualTo(bound.bootstrapServers());
            int partitions = bound.consumedPartitions();
            assertThat(scaler.path("maxReplicaCount").asInt()).as("replicas past the partitions sit idle")
                    .isLessThanOrEqualTo(partitions).isGreaterThanOrEqualTo(scaler.path("minReplicaCount").asInt());
        }
    }

    @Test
    void devIsSmall() {
        Overlay dev = Overlay.render("deploy/overlays/dev");
        WorkerKind.Bound fetcher = dev.bound(WorkerKind.FETCHER);
        assertThat(fetcher.layout().replication()).isEqualTo((short) 1);
        assertThat(fetcher.layout().urlPartitions()).isLessThanOrEqualTo(4);
        for (WorkerKind kind : WorkerKind.values()) {
            assertThat(dev.bound(kind).layout().replication()).as(kind.name).isEqualTo((short) 1);
            assertThat(dev.named("ScaledObject", "kcrawl-" + kind.name).path("spec").path("maxReplicaCount").asInt())
                    .as(kind.name).isLessThanOrEqualTo(2);
        }
    }

    @Test
    void productionLogsInOverSaslSslAsTheStrimziUsersAndPinsImagesByDigest() {
        Overlay production = Overlay.render("deploy/overlays/production");
        Set<String> users = new HashSet<>();
        Repo.yamlDocuments(Repo.file("deploy/strimzi/kafka-users.yaml"))
                .forEach(u -> users.add(u.path("metadata").path("name").asText()));
        Set<String> secretsUsed = new HashSet<>();
        for (WorkerKind kind : WorkerKind.values()) {
            JsonNode container = production.container(kind);
            Map<String, String> env = production.env(kind);
            assertThat(env).containsEntry("KAFKA_SECURITY_PROTOCOL", "SASL_SSL")
                    .containsEntry("KAFKA_SASL_MECHANISM", "SCRAM-SHA-512")
                    .containsEntry("KAFKA_SSL_TRUSTSTORE_TYPE", "PEM");
            JsonNode jaas = envEntry(container, "KAFKA_SASL_JAAS_CONFIG").path("valueFrom").path("secretKeyRef");
            assertThat(jaas.path("name").asText()).as("the %s's own KafkaUser", kind.name).isEqualTo("kcrawl-" + kind.name)
                    .isIn(users);
            assertThat(jaas.path("key").asText()).isEqualTo("sasl.jaas.config");
            String truststore = env.get("KAFKA_SSL_TRUSTSTORE_LOCATION");
            JsonNode pod = production.named("Deployment", "kcrawl-" + kind.name).path("spec").path("template").path("spec");
            JsonNode mount = null;
            for (JsonNode m : container.path("volumeMounts")) {
                if (truststore.startsWith(m.path("mountPath").asText() + "/")) {
                    mount = m;
                }
            }
            assertThat(mount).as("the trust store %s is mounted", truststore).isNotNull();
            for (JsonNode v : pod.path("volumes")) {
                if (v.path("name").asText().equals(mount.path("name").asText())) {
                    secretsUsed.add(v.path("secret").path("secretName").asText());
                    assertThat(v.path("secret").path("items").get(0).path("path").asText())
                            .isEqualTo(truststore.substring(mount.path("mountPath").asText().length() + 1));
                }
            }
            assertThat(container.path("image").asText()).as("pinned by digest")
                    .matches(".+/" + kind.module + "@sha256:[0-9a-f]{64}");
            assertThat(production.bound(kind).layout().replication()).isEqualTo((short) 3);
        }
        assertThat(secretsUsed).containsExactly("my-cluster-cluster-ca-cert");

        JsonNode auth = production.named("TriggerAuthentication", "kcrawl-kafka").path("spec");
        Map<String, JsonNode> params = new TreeMap<>();
        auth.path("secretTargetRef").forEach(r -> params.put(r.path("parameter").asText(), r));
        assertThat(params.keySet()).containsExactly("ca", "password", "username");
        String username = new String(Base64.getDecoder().decode(production.named("Secret",
                params.get("username").path("name").asText()).path("data").path("username").asText()),
                StandardCharsets.UTF_8);
        assertThat(username).isIn(users).isEqualTo(params.get("password").path("name").asText());
        assertThat(params.get("ca").path("name").asText()).isIn(secretsUsed);
        for (WorkerKind kind : WorkerKind.values()) {
            JsonNode trigger = production.named("ScaledObject", "kcrawl-" + kind.name).path("spec").path("triggers").get(0);
            assertThat(trigger.path("authenticationRef").path("name").asText()).isEqualTo("kcrawl-kafka");
            assertThat(trigger.path("metadata").path("sasl").asText()).isEqualTo("scram_sha512");
            assertThat(trigger.path("metadata").path("tls").asText()).isEqualTo("enable");
        }
        int topicPartitions = Repo.yamlDocuments(Repo.file("deploy/strimzi/kafka-topics.yaml")).stream()
                .filter(t -> t.path("spec").path("topicName").asText().endsWith(".urls")).findFirst().orElseThrow()
                .path("spec").path("partitions").asInt();
        assertThat(production.bound(WorkerKind.FETCHER).layout().urlPartitions()).isEqualTo(topicPartitions);
    }

    private static JsonNode envEntry(JsonNode container, String name) {
        for (JsonNode e : container.path("env")) {
            if (e.path("name").asText().equals(name)) {
                return e;
            }
        }
        throw new AssertionError("no variable " + name);
    }

    private static Map<String, JsonNode> byIdentity(List<? extends JsonNode> docs) {
        Map<String, JsonNode> out = new TreeMap<>();
        for (JsonNode d : docs) {
            out.put(d.path("kind").asText() + "/" + d.path("metadata").path("namespace").asText() + "/"
                    + d.path("metadata").path("name").asText(), d);
        }
        return out;
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> kafkaProperties() {
        Set<String> names = new HashSet<>(ProducerConfig.configNames());
        names.addAll(ConsumerConfig.configNames());
        names.addAll(AdminClientConfig.configNames());
        return names;
    }

}
