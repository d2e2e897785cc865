package org.kcrawl.common.runtime;

import java.time.Duration;
import java.util.function.Consumer;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.metrics.MeterSpec;
import org.kcrawl.common.metrics.WorkerTelemetry;
import org.kcrawl.common.topic.TopicProvisioner;

/**
 * What a {@link WorkerProcess} is made of: the worker's role, the cluster, the port of its endpoints,
 * how long its poll loops may stay silent before it counts as dead, the topics it needs and how the
 * worker itself is built.
 *
 * @param role             FETCHER, PARSER or RENDERER: tags every meter and names the process's threads
 * @param crawlName        the crawl the worker serves: tags every meter, so several crawls share one Prometheus
 * @param bootstrapServers the Kafka cluster
 * @param metricsPort      port of {@code /metrics}, {@code /healthz} and {@code /readyz}; 0 picks a free one
 * @param maxSilence       a poll loop silent for longer is dead ({@code /healthz} answers 503)
 * @param topics           creates or checks the topics before the worker starts
 * @param factory          builds the worker on the process's Kafka clients and meters
 */
public record WorkerProcessSpec<W extends ManagedWorker>(MeterSpec.Worker role, String crawlName, String bootstrapServers,
        int metricsPort, Duration maxSilence, Consumer<TopicProvisioner> topics, WorkerFactory<W> factory) {

    /** A poll loop polls many times a second: this much silence means it is stuck. */
    public static final Duration DEFAULT_MAX_SILENCE = Duration.ofMinutes(2);

    public WorkerProcessSpec {
        if (role == null || role == MeterSpec.Worker.ALL) {
            throw new IllegalArgumentException("role must be FETCHER, PARSER, RENDERER or ARCHIVER but was " + role);
        }
        if (crawlName == null || crawlName.isBlank()) {
            throw new IllegalArgumentException("crawlName must not be blank");
        }
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrapServers must not be blank");
        }
        if (metricsPort < 0 || metricsPort > 65_535) {
            throw new IllegalArgumentException("metricsPort must be between 0 and 65535 but was " + metricsPort);
        }
        if (maxSilence == null || maxSilence.isNegative() || maxSilence.isZero()) {
            throw new IllegalArgumentException("maxSilence must be positive but was " + maxSilence);
        }
        if (topics == null || factory == null) {
            throw new IllegalArgumentException("topics and factory must not be null");
        }
    }

    /** Builds the worker of a process; it must not connect before {@link ManagedWorker#start()}. */
    @FunctionalInterface
    public interface WorkerFactory<W extends ManagedWorker> {
        /** The worker, on {@code clients} and registering its meters in {@code telemetry}'s registry. */
        W create(KafkaClients clients, WorkerTelemetry telemetry);
    }
}
