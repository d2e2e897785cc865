package org.kcrawl.common.metrics;

/**
 * A group of meters that a library registers, documented by prefix rather than one by one (JVM and
 * Kafka client meters); the catalogue lists the members that dashboards use as {@link MeterSpec}s.
 *
 * @param prefix the common dotted prefix, ending in a dot, for example {@code jvm.}
 * @param worker which process registers them
 * @param source the binder or bridge that registers them
 * @param description what they cover
 */
public record MeterFamily(String prefix, MeterSpec.Worker worker, String source, String description) {
    public MeterFamily {
        if (prefix == null || !prefix.matches("[a-z]+\\.")) {
            throw new IllegalArgumentException("prefix must be a lower-case word followed by a dot but was '"
                    + prefix + "'");
        }
        if (worker == null || source == null || source.isBlank() || description == null || description.isBlank()) {
            throw new IllegalArgumentException("worker, source and description of family " + prefix
                    + " are required");
        }
    }
}
