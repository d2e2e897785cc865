package org.kcrawl.common.metrics;

import io.micrometer.core.instrument.Meter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.MetricsReporter;

/**
 * A Kafka metrics reporter that mirrors one client's metrics into the Micrometer registry of a
 * {@link KafkaMeterBinding}: meters appear as Kafka creates metrics (per broker, topic and
 * partition as they come into use) and disappear when the client closes. Kafka instantiates it
 * by class name; clients get it through {@link KafkaMeterBinding#clientProperties}.
 */
public final class KafkaClientMeters implements MetricsReporter {
    private final Map<MetricName, Bound> meters = new HashMap<>();
    private KafkaMeterBinding binding;

    /** Called by Kafka. */
    public KafkaClientMeters() {}

    @Override
    public void configure(Map<String, ?> configs) {
        Object id = configs.get(KafkaMeterBinding.REGISTRY_CONFIG);
        binding = KafkaMeterBinding.lookup(id == null ? null : id.toString());
        if (binding == null) {
            throw new IllegalArgumentException(KafkaMeterBinding.REGISTRY_CONFIG + " names no open meter binding ("
                    + id + "); build client properties with KafkaMeterBinding.clientProperties");
        }
    }

    @Override
    public synchronized void init(List<KafkaMetric> metrics) {
        metrics.forEach(this::add);
    }

    @Override
    public synchronized void metricChange(KafkaMetric metric) {
        add(metric);
    }

    @Override
    public synchronized void metricRemoval(KafkaMetric metric) {
        Bound old = meters.remove(metric.metricName());
        if (old != null) {
            binding.unbind(old.meter);
        }
    }

    @Override
    public synchronized void close() {
        meters.values().forEach(b -> binding.unbind(b.meter));
        meters.clear();
    }

    private void add(KafkaMetric metric) {
        Bound old = meters.remove(metric.metricName());
        if (old != null) {
            binding.unbind(old.meter);
        }
        Meter meter = binding.bind(metric);
        if (meter != null) {
            meters.put(metric.metricName(), new Bound(metric, meter));
        }
    }

    /** Keeps the metric reachable for as long as its meter reads it (function counters hold it weakly). */
    private record Bound(KafkaMetric metric, Meter meter) {}
}
