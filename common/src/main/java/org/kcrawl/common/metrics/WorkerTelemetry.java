package org.kcrawl.common.metrics;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.kcrawl.common.config.KafkaEnv;
import org.kcrawl.common.kafka.KafkaClients;

/**
 * The meters of one worker process: a Prometheus registry whose meters all carry the tags
 * {@code worker} and {@code crawl}, with the JVM and process meters bound, and Kafka clients whose own metrics land
 * in it. Both workers' mains build one, as do tests that run a worker the way a container does.
 */
public final class WorkerTelemetry implements AutoCloseable {
    private final MeterSpec.Worker role;
    private final PrometheusMeterRegistry registry;
    private final JvmMeters jvm;
    private final KafkaMeterBinding kafka;

    private WorkerTelemetry(MeterSpec.Worker role, PrometheusMeterRegistry registry, JvmMeters jvm,
                            KafkaMeterBinding kafka) {
        this.role = role;
        this.registry = registry;
        this.jvm = jvm;
        this.kafka = kafka;
    }

    /** Telemetry for a worker of {@code role} (FETCHER, PARSER, RENDERER or ARCHIVER) of the crawl {@code crawlName}. */
    public static WorkerTelemetry create(MeterSpec.Worker role, String crawlName) {
        if (role == null || role == MeterSpec.Worker.ALL) {
            throw new IllegalArgumentException("role must be FETCHER, PARSER, RENDERER or ARCHIVER but was " + role);
        }
        if (crawlName == null || crawlName.isBlank()) {
            throw new IllegalArgumentException("crawlName must not be blank");
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().commonTags(MeterCatalogue.WORKER_TAG, role.tag(), MeterCatalogue.CRAWL_TAG, crawlName);
        return new WorkerTelemetry(role, registry, JvmMeters.bindTo(registry), KafkaMeterBinding.register(registry));
    }

    /** The worker's role. */
    public MeterSpec.Worker role() {
        return role;
    }

    /** The registry to give the worker and to serve on {@code /metrics}. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /**
     * Kafka clients for {@code bootstrapServers} with the {@code KAFKA_*} variables of {@code env}
     * passed through, whose metrics are mirrored into {@link #registry()}.
     */
    public KafkaClients kafkaClients(String bootstrapServers, Map<String, String> env) {
        return new KafkaClients(bootstrapServers, kafka.clientProperties(KafkaEnv.clientOverrides(env)));
    }

    /**
     * Serves this registry with the given liveness and readiness checks on {@code port} (0 picks a
     * free one) of {@code bindAddress} ({@code 0.0.0.0} in a container).
     */
    public OpsServer serve(String bindAddress, int port, BooleanSupplier live, BooleanSupplier ready) {
        return OpsServer.start(bindAddress, port, registry, live, ready);
    }

    @Override
    public void close() {
        kafka.close();
        jvm.close();
        registry.close();
    }
}
