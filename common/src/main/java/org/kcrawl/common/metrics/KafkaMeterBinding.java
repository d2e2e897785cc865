package org.kcrawl.common.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.KafkaMetric;

/**
 * Connects the Kafka clients of a worker to its meter registry. Kafka creates its metrics
 * reporters itself, by class name, so the clients are given {@link #clientProperties} that name
 * {@link KafkaClientMeters} as a reporter and carry this binding's id, by which the reporter finds
 * the registry. Meters are named as Micrometer's {@code KafkaClientMetrics} names them:
 * {@code kafka.<group without -metrics>.<name>} with dots for dashes, so {@code records-lag} of
 * {@code consumer-fetch-manager-metrics} becomes {@code kafka.consumer.fetch.manager.records.lag}.
 *
 * <p>Kafka publishes some metrics both per client and per topic or partition under one name;
 * Prometheus needs one set of tag keys per name, so the variant with the most tags is kept.
 */
public final class KafkaMeterBinding implements AutoCloseable {
    /** Client property carrying the binding id to the reporter. */
    static final String REGISTRY_CONFIG = "kcrawl.meter.registry";
    private static final String JMX_REPORTER = "org.apache.kafka.common.metrics.JmxReporter";
    private static final String REPORTERS_CONFIG = "metric.reporters";
    /** Groups without useful numbers: version strings, and a count of the metrics themselves. */
    private static final Set<String> SKIPPED_GROUPS = Set.of("app-info", "kafka-metrics-count");
    private static final Map<String, KafkaMeterBinding> BINDINGS = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();
    private final MeterRegistry registry;
    private final Map<String, Set<String>> tagKeysByName = new HashMap<>();

    private KafkaMeterBinding(MeterRegistry registry) {
        this.registry = registry;
    }

    /** A binding for {@code registry}; close it when the worker's clients are closed. */
    public static KafkaMeterBinding register(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        KafkaMeterBinding binding = new KafkaMeterBinding(registry);
        BINDINGS.put(binding.id, binding);
        return binding;
    }

    /** The binding a reporter was configured with, or null. */
    static KafkaMeterBinding lookup(String id) {
        return id == null ? null : BINDINGS.get(id);
    }

    /**
     * {@code overrides} (client properties, for example from {@code KAFKA_*} variables) plus what
     * makes every client built with them report into this binding's registry. A reporter list in
     * {@code overrides} is kept and extended.
     */
    public Map<String, String> clientProperties(Map<String, String> overrides) {
        Map<String, String> out = new LinkedHashMap<>(overrides == null ? Map.of() : overrides);
        String reporters = out.getOrDefault(REPORTERS_CONFIG, JMX_REPORTER).trim();
        String ours = KafkaClientMeters.class.getName();
        out.put(REPORTERS_CONFIG, reporters.isEmpty() ? ours : reporters + "," + ours);
        out.put(REGISTRY_CONFIG, id);
        return out;
    }

    /** Partitions assigned to the group consumers of this binding's clients, from Kafka's own metric. */
    public int assignedPartitions() {
        double sum = 0;
        for (Gauge g : registry.find(MeterCatalogue.KAFKA_ASSIGNED_PARTITIONS).gauges()) {
            double v = g.value();
            if (!Double.isNaN(v)) {
                sum += v;
            }
        }
        return (int) sum;
    }

    /** Stops lending the registry to new clients; meters of open clients stay until they close. */
    @Override
    public void close() {
        BINDINGS.remove(id, this);
    }

    /** Registers a meter for {@code metric}, or returns null when it is skipped. */
    synchronized Meter bind(KafkaMetric metric) {
        MetricName n = metric.metricName();
        if (SKIPPED_GROUPS.contains(n.group()) || !(metric.metricValue() instanceof Number)) {
            return null;
        }
        String name = meterName(n);
        List<Tag> tags = new ArrayList<>();
        Set<String> keys = new TreeSet<>();
        n.tags().forEach((k, v) -> {
            String key = k.replace('-', '.');
            tags.add(Tag.of(key, v));
            keys.add(key);
        });
        Set<String> known = tagKeysByName.get(name);
        if (known != null && !known.equals(keys)) {
            if (known.size() >= keys.size()) {
                return null;
            }
            // The per-topic or per-partition variant arrived after the per-client one: it wins.
            for (Meter m : registry.find(name).meters()) {
                registry.remove(m);
            }
        }
        tagKeysByName.put(name, keys);
        if (n.name().endsWith("-total")) {
            return FunctionCounter.builder(name, metric, KafkaMeterBinding::value)
                    .description(n.description()).tags(tags).register(registry);
        }
        return Gauge.builder(name, metric, KafkaMeterBinding::value)
                .description(n.description()).tags(tags).strongReference(true).register(registry);
    }

    /** Removes a meter registered by {@link #bind}. */
    void unbind(Meter meter) {
        registry.remove(meter);
    }

    /** The Micrometer name of a Kafka metric. */
    static String meterName(MetricName n) {
        return ("kafka." + n.group() + "." + n.name()).replace("-metrics", "").replace('-', '.');
    }

    private static double value(KafkaMetric metric) {
        return metric.metricValue() instanceof Number v ? v.doubleValue() : Double.NaN;
    }
}
