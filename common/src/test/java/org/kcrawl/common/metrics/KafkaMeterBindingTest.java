package org.kcrawl.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.CumulativeSum;
import org.apache.kafka.common.metrics.stats.Value;
import org.apache.kafka.common.utils.Time;
import org.junit.jupiter.api.Test;

/** Kafka's own metrics registry driving the reporter, as a client's would, without a broker. */
class KafkaMeterBindingTest {

    private static KafkaClientMeters reporter(KafkaMeterBinding binding) {
        KafkaClientMeters reporter = new KafkaClientMeters();
        reporter.configure(binding.clientProperties(Map.of()));
        return reporter;
    }

    @Test
    void clientPropertiesAddTheReporterAndKeepTheOperatorsOwn() {
        try (KafkaMeterBinding binding = KafkaMeterBinding.register(new SimpleMeterRegistry())) {
            Map<String, String> plain = binding.clientProperties(Map.of("security.protocol", "SSL"));
            assertThat(plain).containsEntry("security.protocol", "SSL")
                    .containsEntry("metric.reporters", "org.apache.kafka.common.metrics.JmxReporter,"
                            + KafkaClientMeters.class.getName())
                    .containsKey(KafkaMeterBinding.REGISTRY_CONFIG);
            Map<String, String> own = binding.clientProperties(Map.of("metric.reporters", "com.example.Reporter"));
            assertThat(own.get("metric.reporters")).isEqualTo("com.example.Reporter," + KafkaClientMeters.class.getName());
        }
    }

    @Test
    void mirrorsMetricsWithMicrometersNamesAndRemovesThemWithTheClient() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (KafkaMeterBinding binding = KafkaMeterBinding.register(registry)) {
            Metrics metrics = new Metrics(new MetricConfig(), List.of(reporter(binding)), Time.SYSTEM);
            Sensor lag = metrics.sensor("lag");
            lag.add(metrics.metricName("records-lag", "consumer-fetch-manager-metrics",
                    Map.of("client-id", "c1", "topic", "crawl.urls", "partition", "3")), new Value());
            Sensor sent = metrics.sensor("sent");
            sent.add(metrics.metricName("record-send-total", "producer-topic-metrics",
                    Map.of("client-id", "c1", "topic", "crawl.pages")), new CumulativeSum());
            metrics.addMetric(metrics.metricName("version", "app-info", Map.of("client-id", "c1")),
                    (org.apache.kafka.common.metrics.Gauge<String>) (config, now) -> "4.1.1");
            lag.record(42);
            sent.record(5);
            sent.record(2);

            Gauge g = registry.get("kafka.consumer.fetch.manager.records.lag").tag("client.id", "c1")
                    .tag("topic", "crawl.urls").tag("partition", "3").gauge();
            assertThat(g.value()).isEqualTo(42.0);
            FunctionCounter c = registry.get("kafka.producer.topic.record.send.total").tag("topic", "crawl.pages")
                    .functionCounter();
            assertThat(c.count()).isEqualTo(7.0);
            assertThat(registry.find("kafka.app.info.version").meters()).as("strings are skipped").isEmpty();

            metrics.close();
            assertThat(registry.getMeters()).as("closing the client removes its meters").isEmpty();
        }
    }

    @Test
    void thePerPartitionVariantOfANameWinsOverThePerClientOne() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (KafkaMeterBinding binding = KafkaMeterBinding.register(registry);
             Metrics metrics = new Metrics(new MetricConfig(), List.of(reporter(binding)), Time.SYSTEM)) {
            Sensor client = metrics.sensor("client");
            client.add(metrics.metricName("records-lag-max", "consumer-fetch-manager-metrics",
                    Map.of("client-id", "c1")), new Value());
            Sensor partition = metrics.sensor("partition");
            partition.add(metrics.metricName("records-lag-max", "consumer-fetch-manager-metrics",
                    Map.of("client-id", "c1", "topic", "t", "partition", "0")), new Value());
            Sensor again = metrics.sensor("again");
            again.add(metrics.metricName("records-lag-max", "consumer-fetch-manager-metrics",
                    Map.of("client-id", "c2")), new Value());
            partition.record(9);

            List<Meter> meters = List.copyOf(registry.find("kafka.consumer.fetch.manager.records.lag.max").meters());
            assertThat(meters).hasSize(1);
            assertThat(meters.get(0).getId().getTag("partition")).isEqualTo("0");
            assertThat(registry.scrape()).contains(
                    "kafka_consumer_fetch_manager_records_lag_max{client_id=\"c1\",partition=\"0\",topic=\"t\"} 9.0");
        }
    }

    @Test
    void assignedPartitionsAddUpOverTheGroupConsumers() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (KafkaMeterBinding binding = KafkaMeterBinding.register(registry);
             Metrics metrics = new Metrics(new MetricConfig(), List.of(reporter(binding)), Time.SYSTEM)) {
            assertThat(binding.assignedPartitions()).isZero();
            for (String client : List.of("a", "b")) {
                MetricName name = metrics.metricName("assigned-partitions", "consumer-coordinator-metrics",
                        Map.of("client-id", client));
                metrics.addMetric(name, (org.apache.kafka.common.metrics.Gauge<Integer>) (config, now) -> 3);
            }
            assertThat(binding.assignedPartitions()).isEqualTo(6);
        }
    }

    @Test
    void aReporterWithoutAnOpenBindingRefusesToStart() {
        KafkaMeterBinding binding = KafkaMeterBinding.register(new SimpleMeterRegistry());
        Map<String, String> props = binding.clientProperties(Map.of());
        binding.close();
        assertThatThrownBy(() -> new KafkaClientMeters().configure(props))
                .hasMessageContaining(KafkaMeterBinding.REGISTRY_CONFIG);
        assertThatThrownBy(() -> new KafkaClientMeters().configure(Map.of()))
                .hasMessageContaining(KafkaMeterBinding.REGISTRY_CONFIG);
    }
}
