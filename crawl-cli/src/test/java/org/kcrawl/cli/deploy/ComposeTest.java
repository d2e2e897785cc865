package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.kcrawl.common.metrics.OpsServer;

/**
 * docker-compose.yml and the files it mounts agree with the workers: every KCRAWL_* variable names
 * a setting, Prometheus scrapes the port the workers serve, and Grafana gets the dashboard with the
 * data source it refers to. ({@code docker-compose config} checks the file's own schema.)
 */
class ComposeTest {
    private static final JsonNode COMPOSE = Repo.yaml("docker-compose.yml");

    @ParameterizedTest
    @EnumSource(WorkerKind.class)
    void workerVariablesBindWithTheWorkersConfigurationAndTheirPortIsScraped(WorkerKind kind) {
        JsonNode service = COMPOSE.path("services").path(kind.name);
        assertThat(service.path("build").path("args").path("MODULE").asText()).isEqualTo(kind.module);
        assertThat(service.path("build").path("target").asText(null)).as("the image stage")
                .isEqualTo(kind == WorkerKind.RENDERER ? "renderer" : null);
        Map<String, String> env = new LinkedHashMap<>();
        service.path("environment").properties().forEach(f -> env.put(f.getKey(), f.getValue().asText()));
        assertThat(env.keySet()).allMatch(k -> k.startsWith(kind.envPrefix) || k.startsWith("KAFKA_")
                || k.startsWith("KCRAWL_LOG_"));
        WorkerKind.Bound bound = kind.bind(null, env);
        assertThat(bound.bootstrapServers()).isEqualTo("kafka:9092");

        assertThat(service.path("ports").toString()).as("a random host port on loopback")
                .isEqualTo("[\"127.0.0.1::" + bound.metricsPort() + "\"]");
        assertThat(service.path("read_only").asBoolean()).isTrue();
        assertThat(service.path("depends_on").path("kafka").path("condition").asText()).isEqualTo("service_healthy");

        JsonNode job = scrapeJob("kcrawl-" + kind.name);
        assertThat(job.path("metrics_path").asText(OpsServer.METRICS_PATH)).isEqualTo(OpsServer.METRICS_PATH);
        JsonNode sd = job.path("dns_sd_configs").get(0);
        assertThat(sd.path("names").get(0).asText()).isEqualTo(kind.name);
        assertThat(sd.path("port").asInt()).isEqualTo(bound.metricsPort());
    }

    @Test
    void everyWorkerCreatesTheSameTopicsForOneCrawl() {
        List<WorkerKind.Bound> bound = new ArrayList<>();
        for (WorkerKind kind : WorkerKind.values()) {
            Map<String, String> env = new LinkedHashMap<>();
            COMPOSE.path("services").path(kind.name).path("environment").properties()
                    .forEach(f -> env.put(f.getKey(), f.getValue().asText()));
            bound.add(kind.bind(null, env));
        }
        for (WorkerKind.Bound other : bound) {
            assertThat(other.crawlName()).isEqualTo(bound.get(0).crawlName());
            assertThat(other.layout()).isEqualTo(bound.get(0).layout());
        }
    }

    @Test
    void kafkaRunsInKraftModeWithoutAutoCreatedTopics() {
        JsonNode env = COMPOSE.path("services").path("kafka").path("environment");
        assertThat(COMPOSE.path("services").path("kafka").path("image").asText()).startsWith("apache/kafka:");
        assertThat(env.path("KAFKA_PROCESS_ROLES").asText()).isEqualTo("broker,controller");
        assertThat(env.path("KAFKA_AUTO_CREATE_TOPICS_ENABLE").asText()).isEqualTo("false");
        assertThat(env.path("KAFKA_MESSAGE_MAX_BYTES").asInt())
                .isGreaterThanOrEqualTo(org.kcrawl.common.topic.TopicLayout.DEFAULT_MAX_MESSAGE_BYTES);
    }

    @Test
    void grafanaIsProvisionedWithTheDashboardAndTheDataSourceItUses() {
        JsonNode grafana = COMPOSE.path("services").path("grafana");
        Map<String, String> mounts = new LinkedHashMap<>();
        grafana.path("volumes").forEach(v -> {
            String[] parts = v.asText().split(":");
            mounts.put(parts[1], parts[0]);
        });
        String provisioning = mounts.get("/etc/grafana/provisioning");
        assertThat(Files.isDirectory(Repo.root().resolve(provisioning))).isTrue();
        JsonNode provider = Repo.yaml(provisioning.substring(2) + "/dashboards/kcrawl.yaml").path("providers").get(0);
        String dashboardsIn = provider.path("options").path("path").asText();
        String hostDir = mounts.get(dashboardsIn);
        assertThat(hostDir).as("the provider's path is mounted").isNotNull();
        assertThat(Files.isRegularFile(Repo.root().resolve(hostDir).resolve("kcrawl.json"))).isTrue();
        assertThat(grafana.path("environment").path("GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH").asText())
                .isEqualTo(dashboardsIn + "/kcrawl.json");

        JsonNode datasource = Repo.yaml(provisioning.substring(2) + "/datasources/prometheus.yaml")
                .path("datasources").get(0);
        assertThat(datasource.path("url").asText()).isEqualTo("http://prometheus:9090");
        assertThat(DashboardTest.datasourceVariable().path("current").path("value").asText())
                .isEqualTo(datasource.path("uid").asText());
        assertThat(datasource.path("type").asText()).isEqualTo("prometheus");

        JsonNode prometheus = COMPOSE.path("services").path("prometheus");
        String config = prometheus.path("volumes").get(0).asText().split(":")[0];
        assertThat(Repo.root().resolve(config)).isRegularFile();
    }

    /**
     * Nothing is published beyond this machine: every port of every service is bound to 127.0.0.1
     * (Kafka's plain-text listener, Prometheus and Grafana have no authentication worth the name).
     */
    @Test
    void everyPublishedPortListensOnLoopbackOnly() {
        List<String> published = new ArrayList<>();
        COMPOSE.path("services").properties().forEach(service -> service.getValue().path("ports").forEach(p -> {
            published.add(service.getKey() + " " + p.asText());
            assertThat(p.isTextual()).as("%s uses the short syntax", service.getKey()).isTrue();
            assertThat(p.asText()).as("%s publishes %s", service.getKey(), p.asText()).startsWith("127.0.0.1:");
        }));
        assertThat(published).anyMatch(p -> p.startsWith("kafka ")).anyMatch(p -> p.startsWith("prometheus "))
                .anyMatch(p -> p.startsWith("grafana "));
    }

    /** Grafana's admin password comes from the environment, with no default to fall back on. */
    @Test
    void grafanasAdminPasswordComesFromTheEnvironmentWithoutADefault() {
        String password = COMPOSE.path("services").path("grafana").path("environment")
                .path("GF_SECURITY_ADMIN_PASSWORD").asText();
        assertThat(password).matches("\\$\\{GRAFANA_ADMIN_PASSWORD:\\?[^}]+}");
        assertThat(Repo.text("docker-compose.yml")).doesNotContain("admin/admin");
    }

    private static JsonNode scrapeJob(String name) {
        for (JsonNode job : Repo.yaml("deploy/prometheus/prometheus.yml").path("scrape_configs")) {
            if (job.path("job_name").asText().equals(name)) {
                return job;
            }
        }
        throw new AssertionError("no scrape job " + name);
    }
}
