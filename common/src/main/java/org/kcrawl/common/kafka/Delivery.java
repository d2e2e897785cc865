package org.kcrawl.common.kafka;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * How a worker's outputs and its consumed offsets are committed: the {@code delivery} setting.
 */
public enum Delivery {
    /**
     * Outputs, seen markers and consumed offsets in one Kafka transaction per commit interval, read with
     * read_committed: a crash, rebalance or broker outage never shows an output twice.
     */
    EXACTLY_ONCE,
    /**
     * Outputs acknowledged one by one, offsets committed after them: a fault may repeat the outputs of
     * the records that were in flight.
     */
    AT_LEAST_ONCE;

    /** The lower-case name used in configuration. */
    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code exactly_once} or {@code at_least_once}; throws naming the accepted values otherwise. */
    @JsonCreator
    public static Delivery fromWireName(String name) {
        for (Delivery d : values()) {
            if (d.wireName().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return d;
            }
        }
        throw new IllegalArgumentException("delivery must be one of "
                + Arrays.stream(values()).map(Delivery::wireName).toList() + " but was '" + name + "'");
    }
}
