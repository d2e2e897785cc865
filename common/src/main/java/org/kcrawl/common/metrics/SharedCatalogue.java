package org.kcrawl.common.metrics;

import static org.kcrawl.common.metrics.CatalogueRows.meter;
import static org.kcrawl.common.metrics.MeterCatalogue.KAFKA_ASSIGNED_PARTITIONS;
import static org.kcrawl.common.metrics.MeterCatalogue.KAFKA_RECORDS_LAG;
import static org.kcrawl.common.metrics.MeterSpec.Kind.COUNTER;
import static org.kcrawl.common.metrics.MeterSpec.Kind.GAUGE;
import static org.kcrawl.common.metrics.MeterSpec.Worker.ALL;

import java.util.List;

/**
 * The rows of the {@link MeterCatalogue} every worker registers: its Kafka clients', JVM's and process's.
 * Package-private: the catalogue is the one table; a part only keeps a worker's rows in a file of their own
 * (issue 34), in the order the table lists them.
 */
final class SharedCatalogue {
    private SharedCatalogue() {}

    /** The meters of every worker (Kafka clients, JVM, process), in table order. */
    static List<MeterSpec> meters() {
        return List.of(
                meter(KAFKA_RECORDS_LAG, GAUGE, null, ALL,
                        "messages between the consumer's position and the log end, per assigned partition (consumer lag)",
                        "client.id", List.of(), "topic", List.of(), "partition", List.of()),
                meter(KAFKA_ASSIGNED_PARTITIONS, GAUGE, null, ALL, "partitions assigned to the worker's group consumer",
                        "client.id", List.of()),
                meter("kafka.consumer.fetch.manager.records.consumed.total", COUNTER, null, ALL,
                        "records consumed, per topic", "client.id", List.of(), "topic", List.of()),
                meter("kafka.producer.topic.record.send.total", COUNTER, null, ALL,
                        "records sent, per topic: pages, failures, links, records and dead letters",
                        "client.id", List.of(), "topic", List.of()),
                meter("kafka.producer.topic.byte.total", COUNTER, null, ALL,
                        "bytes sent, per topic, as compressed by the producer: on the pages topic, the volume fetched",
                        "client.id", List.of(), "topic", List.of()),
                meter("kafka.producer.record.error.total", COUNTER, null, ALL,
                        "record sends that failed after the producer's retries", "client.id", List.of()),

                meter("jvm.memory.used", GAUGE, "bytes", ALL, "JVM memory in use, by area and pool",
                        "area", List.of("heap", "nonheap"), "id", List.of()),
                meter("jvm.threads.live", GAUGE, "threads", ALL, "live JVM threads"),
                meter("process.cpu.usage", GAUGE, null, ALL, "CPU used by the worker process, 0 to 1 of all cores"),
                meter("system.cpu.count", GAUGE, null, ALL, "processors available to the JVM"),
                meter("process.uptime", GAUGE, "seconds", ALL, "time since the worker process started"));
    }
}
