package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.kcrawl.common.config.KafkaEnv;
import org.kcrawl.common.metrics.LogFormat;
import org.kcrawl.common.metrics.OpsServer;

/**
 * Parses every manifest under {@code k8s/} and checks it against the application itself: the
 * ConfigMap binds with the workers' configuration classes, ports and probe paths are the ones the
 * workers serve, variables name real settings, KEDA watches the real groups and topics and never
 * scales past the partitions, and the pods are locked down as promised.
 */
class ManifestsTest {
    /** Minimum time beyond the drain for closing the consumer, the last commit and the producer. */
    private static final Duration CLOSE_SLACK = Duration.ofSeconds(15);
    /** Ranges no fetcher may reach: private, shared, loopback, link-local (cloud metadata), reserved. */
    private static final List<String> INTERNAL_V4 = List.of("0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10",
            "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.168.0.0/16");
    private static final List<String> INTERNAL_V6 = List.of("::1/128", "fc00::/7", "fe80::/10",
            // Forms that carry an IPv4 address, private ones included: NAT64, Teredo, 6to4.
            "64:ff9b::/96", "2001::/32", "2002::/16");
    /** Process variables the workers read besides their settings. */
    private static final Set<String> PROCESS_VARIABLES = Set.of(LogFormat.ENV, "KCRAWL_LOG_LEVEL");

    private static final Map<String, List<JsonNode>> byKind = new HashMap<>();
    private static JsonNode kustomization;

    @BeforeAll
    static void readManifests() throws IOException {
        try (Stream<Path> files = Files.list(Repo.root().resolve("k8s"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                for (JsonNode doc : Repo.yamlDocuments(f)) {
                    assertThat(doc.path("kind").isTextual()).as("%s has a kind", f).isTrue();
                    byKind.computeIfAbsent(doc.get("kind").asText(), k -> new ArrayList<>()).add(doc);
                }
            }
        }
        kustomization = single("Kustomization");
    }

    @Test
    void theKustomizationListsEveryManifestAndNamesTheNamespace() throws IOException {
        Set<String> listed = new TreeSet<>();
        kustomization.path("resources").forEach(r -> listed.add(r.asText()));
        Set<String> present = new TreeSet<>();
        try (Stream<Path> files = Files.list(Repo.root().resolve("k8s"))) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml"))
                    .filter(n -> !n.equals("kustomization.yaml")).forEach(present::add);
        }
        assertThat(listed).isEqualTo(present);
        String namespace = kustomization.path("namespace").asText();
        assertThat(single("Namespace").path("metadata").path("name").asText()).isEqualTo(namespace);
        byKind.values().stream().flatMap(List::stream).forEach(doc -> {
            String ns = doc.path("metadata").path("namespace").asText(namespace);
            assertThat(ns).as("namespace of %s", name(doc)).isEqualTo(namespace);
        });
    }

    @ParameterizedTest
    @EnumSource(WorkerKind.class)
    void theConfigMapBindsWithTheWorkersOwnConfigurationAndItsVariables(WorkerKind kind) {
        WorkerKind.Bound bound = bound(kind);
        assertThat(bound.metricsPort()).isPositive();
        Map<String, String> env = env(container(kind));
        env.keySet().forEach(key -> {
            if (key.startsWith("KAFKA_")) {
                assertThat(kafkaProperties()).as("%s passes a Kafka client property", key)
                        .containsAll(KafkaEnv.clientOverrides(Map.of(key, env.get(key))).keySet());
            } else if (!key.startsWith(kind.envPrefix)) {
                assertThat(PROCESS_VARIABLES).as("%s is read by the %s", key, kind.name).contains(key);
            }
        });
        LogFormat.choose(env, false);
    }

    @Test
    void everyWorkerWouldCreateTheSameTopicLayoutForTheSameCrawl() {
        WorkerKind.Bound fetcher = bound(WorkerKind.FETCHER);
        for (WorkerKind other : List.of(WorkerKind.PARSER, WorkerKind.RENDERER, WorkerKind.ARCHIVER)) {
            WorkerKind.Bound bound = bound(other);
            assertThat(bound.crawlName()).as(other.name).isEqualTo(fetcher.crawlName());
            assertThat(bound.bootstrapServers()).as(other.name).isEqualTo(fetcher.bootstrapServers());
            assertThat(bound.layout()).as(other.name).isEqualTo(fetcher.layout());
        }
    }

    @Test
    void archiversWriteToTheSharedWarcVolumeAndFetchersCaptureTheHeadsTheyNeed() {
        JsonNode pod = deployment(WorkerKind.ARCHIVER).path("spec").path("template");
        JsonNode warc = volumeAt(pod, container(WorkerKind.ARCHIVER), archiverWarcDir());
        String claim = warc.path("persistentVolumeClaim").path("claimName").asText();
        JsonNode pvc = single("PersistentVolumeClaim");
        assertThat(claim).isEqualTo(pvc.path("metadata").path("name").asText());
        assertThat(pvc.path("spec").path("accessModes").toString()).as("every archiver pod mounts it")
                .contains("ReadWriteMany");
        String fetcherYaml = configMap().path("data").path("fetcher.yaml").asText();
        assertThat(fetcherYaml).contains("capture_heads: true");
    }

    private static String archiverWarcDir() {
        String yaml = configMap().path("data").path("archiver.yaml").asText();
        return yaml.lines().filter(l -> l.trim().startsWith("warc_dir:")).map(l -> l.substring(l.indexOf(':') + 1)
                .trim()).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(WorkerKind.class)
    void deploymentsServeTheWorkersPortAndProbePathsAndRunLockedDown(WorkerKind kind) {
        JsonNode deployment = deployment(kind);
        JsonNode pod = deployment.path("spec").path("template");
        JsonNode c = container(kind);
        WorkerKind.Bound bound = bound(kind);

        assertThat(labels(pod.path("metadata").path("labels")))
                .containsAllEntriesOf(labels(deployment.path("spec").path("selector").path("matchLabels")));
        assertThat(c.path("args").toString()).isEqualTo("[\"--config\",\"/etc/kcrawl/" + kind.config + ".yaml\"]");
        JsonNode configVolume = volumeAt(pod, c, "/etc/kcrawl");
        assertThat(configVolume.path("configMap").path("name").asText())
                .isEqualTo(configMap().path("metadata").path("name").asText());

        JsonNode port = c.path("ports").get(0);
        assertThat(c.path("ports")).hasSize(1);
        assertThat(port.path("name").asText()).isEqualTo("metrics");
        assertThat(port.path("containerPort").asInt()).isEqualTo(bound.metricsPort());
        for (String probe : List.of("startupProbe", "livenessProbe")) {
            assertThat(c.path(probe).path("httpGet").path("path").asText()).as(probe).isEqualTo(OpsServer.LIVENESS_PATH);
            assertThat(c.path(probe).path("httpGet").path("port").asText()).as(probe).isEqualTo("metrics");
        }
        assertThat(c.path("readinessProbe").path("httpGet").path("path").asText()).isEqualTo(OpsServer.READINESS_PATH);
        assertThat(c.path("readinessProbe").path("httpGet").path("port").asText()).isEqualTo("metrics");

        long grace = pod.path("spec").path("terminationGracePeriodSeconds").asLong();
        assertThat(Duration.ofSeconds(grace)).as("the grace period outlasts the drain")
                .isGreaterThanOrEqualTo(bound.drainTimeout().plus(CLOSE_SLACK));

        assertThat(pod.path("spec").path("automountServiceAccountToken").isBoolean()).isTrue();
        assertThat(pod.path("spec").path("automountServiceAccountToken").asBoolean())
                .as("the workers never call the Kubernetes API: no token in the pod").isFalse();
        JsonNode podSecurity = pod.path("spec").path("securityContext");
        assertThat(podSecurity.path("runAsNonRoot").asBoolean()).isTrue();
        assertThat(podSecurity.path("runAsUser").asInt()).isEqualTo(DockerfileTest.imageUser());
        JsonNode security = c.path("securityContext");
        assertThat(security.path("readOnlyRootFilesystem").asBoolean()).isTrue();
        assertThat(security.path("allowPrivilegeEscalation").asBoolean(true)).isFalse();
        assertThat(security.path("capabilities").path("drop").toString()).contains("\"ALL\"");
        assertThat(volumeAt(pod, c, "/tmp").has("emptyDir")).as("/tmp is an emptyDir").isTrue();

        JsonNode resources = c.path("resources");
        assertThat(resources.path("requests").path("cpu").isMissingNode()).isFalse();
        assertThat(resources.path("requests").path("memory").asText()).isNotEmpty();
        assertThat(resources.path("limits").path("memory").asText())
                .isEqualTo(resources.path("requests").path("memory").asText());

        String image = c.path("image").asText();
        assertThat(image).isEqualTo("kcrawl/" + kind.module);
        List<String> images = new ArrayList<>();
        kustomization.path("images").forEach(i -> images.add(i.path("name").asText()));
        assertThat(images).contains(image);
        assertThat(deployment.path("spec").has("replicas")).as("KEDA owns the replica count").isFalse();
    }

    @ParameterizedTest
    @EnumSource(WorkerKind.class)
    void kedaScalesOnTheWorkersOwnGroupAndTopicAndNeverPastThePartitions(WorkerKind kind) {
        WorkerKind.Bound bound = bound(kind);
        List<JsonNode> scalers = byKind.get("ScaledObject").stream()
                .filter(s -> s.path("spec").path("scaleTargetRef").path("name").asText().equals(name(deployment(kind))))
                .toList();
        assertThat(scalers).hasSize(1);
        JsonNode spec = scalers.get(0).path("spec");
        JsonNode trigger = spec.path("triggers").get(0);
        assertThat(spec.path("triggers")).hasSize(1);
        assertThat(trigger.path("type").asText()).isEqualTo("kafka");
        JsonNode meta = trigger.path("metadata");
        assertThat(meta.path("consumerGroup").asText()).isEqualTo(bound.group());
        assertThat(meta.path("topic").asText()).isEqualTo(bound.consumedTopic());
        assertThat(meta.path("bootstrapServers").asText()).isEqualTo(bound.bootstrapServers());
        assertThat(meta.path("allowIdleConsumers").asText()).isEqualTo("false");
        assertThat(Long.parseLong(meta.path("lagThreshold").asText())).isPositive();

        int partitions = bound.consumedPartitions();
        int min = spec.path("minReplicaCount").asInt();
        int max = spec.path("maxReplicaCount").asInt();
        assertThat(min).isBetween(1, max);
        assertThat(max).as("replicas beyond the partitions would sit idle").isLessThanOrEqualTo(partitions);
    }

    @ParameterizedTest
    @EnumSource(WorkerKind.class)
    void aDisruptionBudgetTakesOnePodAtATime(WorkerKind kind) {
        Map<String, String> podLabels = labels(deployment(kind).path("spec").path("template").path("metadata")
                .path("labels"));
        List<JsonNode> budgets = byKind.get("PodDisruptionBudget").stream()
                .filter(b -> podLabels.entrySet().containsAll(
                        labels(b.path("spec").path("selector").path("matchLabels")).entrySet()))
                .toList();
        assertThat(budgets).hasSize(1);
        assertThat(budgets.get(0).path("spec").path("maxUnavailable").asInt()).isEqualTo(1);
    }

    @Test
    void thePodMonitorScrapesEveryWorkersMetricsPort() {
        JsonNode monitor = single("PodMonitor").path("spec");
        JsonNode endpoint = monitor.path("podMetricsEndpoints").get(0);
        assertThat(endpoint.path("path").asText()).isEqualTo(OpsServer.METRICS_PATH);
        for (WorkerKind kind : WorkerKind.values()) {
            Map<String, String> podLabels = labels(deployment(kind).path("spec").path("template").path("metadata")
                    .path("labels"));
            assertThat(selects(monitor.path("selector"), podLabels)).as("the monitor selects the %s", kind.name).isTrue();
            assertThat(container(kind).path("ports").get(0).path("name").asText())
                    .isEqualTo(endpoint.path("port").asText());
        }
    }

    @ParameterizedTest
    @EnumSource(WorkerKind.class)
    void networkPoliciesAdmitOnlyTheMetricsPortAndKeepFetchersOffInternalRanges(WorkerKind kind) {
        Map<String, String> podLabels = labels(deployment(kind).path("spec").path("template").path("metadata")
                .path("labels"));
        List<JsonNode> policies = byKind.get("NetworkPolicy").stream()
                .filter(p -> selects(p.path("spec").path("podSelector"), podLabels)).toList();
        assertThat(policies).hasSize(1);
        JsonNode spec = policies.get(0).path("spec");
        assertThat(spec.path("policyTypes").toString()).contains("Ingress", "Egress");
        Set<Integer> ingressPorts = new HashSet<>();
        spec.path("ingress").forEach(rule -> {
            assertThat(rule.has("ports")).as("ingress names its ports").isTrue();
            rule.path("ports").forEach(p -> ingressPorts.add(p.path("port").asInt()));
        });
        assertThat(ingressPorts).containsExactly(bound(kind).metricsPort());

        List<JsonNode> blocks = new ArrayList<>();
        spec.path("egress").forEach(rule -> rule.path("to").forEach(to -> {
            if (to.has("ipBlock")) {
                blocks.add(to.path("ipBlock"));
            }
        }));
        if (kind == WorkerKind.PARSER || kind == WorkerKind.ARCHIVER) {
            assertThat(blocks).as("parsers and archivers fetch nothing").isEmpty();
            return;
        }
        assertThat(blocks).isNotEmpty();
        for (JsonNode block : blocks) {
            String cidr = block.path("cidr").asText();
            List<String> except = new ArrayList<>();
            block.path("except").forEach(e -> except.add(e.asText()));
            for (String internal : cidr.contains(":") ? INTERNAL_V6 : INTERNAL_V4) {
                if (Cidr.of(cidr).overlaps(Cidr.of(internal))) {
                    assertThat(except.stream().anyMatch(e -> Cidr.of(e).contains(Cidr.of(internal))))
                            .as("%s allows %s", cidr, internal).isTrue();
                }
            }
        }
    }

    // ---- helpers ----

    private static WorkerKind.Bound bound(WorkerKind kind) {
        String yaml = configMap().path("data").path(kind.config + ".yaml").asText(null);
        assertThat(yaml).as("the ConfigMap has %s.yaml", kind.config).isNotNull();
        return kind.bind(yaml, env(container(kind)));
    }

    private static JsonNode configMap() {
        return single("ConfigMap");
    }

    private static JsonNode deployment(WorkerKind kind) {
        return byKind.get("Deployment").stream().filter(d -> name(d).equals("kcrawl-" + kind.name)).findFirst()
                .orElseThrow(() -> new AssertionError("no Deployment kcrawl-" + kind.name));
    }

    private static JsonNode container(WorkerKind kind) {
        JsonNode containers = deployment(kind).path("spec").path("template").path("spec").path("containers");
        assertThat(containers).hasSize(1);
        return containers.get(0);
    }

    private static Map<String, String> env(JsonNode container) {
        Map<String, String> env = new LinkedHashMap<>();
        container.path("env").forEach(e -> env.put(e.path("name").asText(), e.path("value").asText()));
        return env;
    }

    private static JsonNode volumeAt(JsonNode pod, JsonNode container, String mountPath) {
        String volume = null;
        for (JsonNode m : container.path("volumeMounts")) {
            if (m.path("mountPath").asText().equals(mountPath)) {
                volume = m.path("name").asText();
            }
        }
        assertThat(volume).as("a volume is mounted at %s", mountPath).isNotNull();
        for (JsonNode v : pod.path("spec").path("volumes")) {
            if (v.path("name").asText().equals(volume)) {
                return v;
            }
        }
        throw new AssertionError("no volume " + volume);
    }

    private static boolean selects(JsonNode selector, Map<String, String> podLabels) {
        if (!podLabels.entrySet().containsAll(labels(selector.path("matchLabels")).entrySet())) {
            return false;
        }
        for (JsonNode e : selector.path("matchExpressions")) {
            String value = podLabels.get(e.path("key").asText());
            List<String> values = new ArrayList<>();
            e.path("values").forEach(v -> values.add(v.asText()));
            boolean ok = switch (e.path("operator").asText()) {
                case "In" -> values.contains(value);
                case "NotIn" -> !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> throw new AssertionError("unknown operator " + e);
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, String> labels(JsonNode node) {
        Map<String, String> out = new LinkedHashMap<>();
        node.properties().forEach(f -> out.put(f.getKey(), f.getValue().asText()));
        return out;
    }

    private static Set<String> kafkaProperties() {
        Set<String> names = new HashSet<>(ProducerConfig.configNames());
        names.addAll(ConsumerConfig.configNames());
        names.addAll(AdminClientConfig.configNames());
        return names;
    }

    private static JsonNode single(String kind) {
        List<JsonNode> docs = byKind.getOrDefault(kind, List.of());
        assertThat(docs).as("one %s", kind).hasSize(1);
        return docs.get(0);
    }

    private static String name(JsonNode doc) {
        return doc.path("metadata").path("name").asText();
    }

    /** An IP range, to compare policy blocks with the ranges they must leave out. */
    record Cidr(BigInteger first, BigInteger last) {
        static Cidr of(String cidr) {
            try {
                String[] parts = cidr.split("/");
                byte[] address = InetAddress.getByName(parts[0]).getAddress();
                if (parts[0].contains(":") && address.length == 4) {
                    // Java hands back IPv4-mapped IPv6 addresses as IPv4; keep them in IPv6 space.
                    byte[] mapped = new byte[16];
                    mapped[10] = (byte) 0xff;
                    mapped[11] = (byte) 0xff;
                    System.arraycopy(address, 0, mapped, 12, 4);
                    address = mapped;
                }
                int bits = address.length * 8;
                int prefix = Integer.parseInt(parts[1]);
                BigInteger base = new BigInteger(1, address);
                BigInteger size = BigInteger.ONE.shiftLeft(bits - prefix);
                BigInteger first = base.divide(size).multiply(size);
                return new Cidr(first, first.add(size).subtract(BigInteger.ONE));
            } catch (IOException e) {
                throw new AssertionError("not a CIDR: " + cidr, e);
            }
        }

        boolean overlaps(Cidr o) {
            return first.compareTo(o.last) <= 0 && o.first.compareTo(last) <= 0;
        }

        boolean contains(Cidr o) {
            return first.compareTo(o.first) <= 0 && o.last.compareTo(last) <= 0;
        }
    }
}
