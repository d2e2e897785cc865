package org.kcrawl.common.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One documented meter of the {@link MeterCatalogue}: its Micrometer name, kind, tags with their
 * bounded values, which worker registers it, and what it means.
 *
 * @param name the dotted lower-case Micrometer name, for example {@code crawl.fetch.outcomes}
 * @param kind what sort of meter it is, which decides its Prometheus series
 * @param baseUnit the base unit (bytes, seconds) or null; timers are always in seconds
 * @param tags tag keys in order, each with the values it may take; an empty list means a value
 *             bounded by the deployment rather than by the code (a client id, a topic, a partition)
 * @param worker which process registers it
 * @param description what it counts or measures, in one sentence
 * @param onFirstUse true when the meter is registered only once its first event happens, rather than
 *                   when the worker starts
 */
public record MeterSpec(String name, Kind kind, String baseUnit, Map<String, List<String>> tags, Worker worker,
                        String description, boolean onFirstUse) {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(\\.[a-z0-9]+)+");

    /** What sort of meter it is. */
    public enum Kind {
        /** A monotonic count (Micrometer counter or function counter). */
        COUNTER,
        /** A value that goes up and down (gauge or time gauge). */
        GAUGE,
        /** Durations with count, sum, max and a percentile histogram in Prometheus. */
        TIMER,
        /** Durations with count, sum and max (no histogram buckets). */
        TIMER_NO_HISTOGRAM,
        /** Amounts (bytes) with count, sum and max. */
        SUMMARY;

        /** Lower-case name for tables. */
        public String label() {
            return switch (this) {
                case TIMER -> "timer (histogram)";
                case TIMER_NO_HISTOGRAM -> "timer";
                default -> name().toLowerCase(Locale.ROOT);
            };
        }
    }

    /** Which worker process registers a meter. */
    public enum Worker {
        /** The fetcher only. */
        FETCHER,
        /** The parser only. */
        PARSER,
        /** The render worker only. */
        RENDERER,
        /** The archiver only. */
        ARCHIVER,
        /** Every worker: shown as "all" in the metrics table. */
        ALL;

        /** True when a worker of role {@code role} (not ALL) registers meters of this attribution. */
        public boolean includes(Worker role) {
            return this == ALL || this == role;
        }

        /** How the metrics table names this attribution: the role, or "all" for every worker. */
        public String label() {
            return tag();
        }

        /** Lower-case name, as in the {@code worker} tag every meter carries. */
        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public MeterSpec {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name must be dotted lower case (like crawl.fetch.outcomes) but was '"
                    + name + "'");
        }
        if (kind == null) {
            throw new IllegalArgumentException("kind must not be null");
        }
        if (worker == null) {
            throw new IllegalArgumentException("worker must not be null");
        }
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("description of " + name + " must not be blank");
        }
        Map<String, List<String>> copy = new LinkedHashMap<>();
        (tags == null ? Map.<String, List<String>>of() : tags).forEach((k, v) -> copy.put(k, List.copyOf(v)));
        tags = Collections.unmodifiableMap(copy);
    }

    /** A meter registered when the worker starts. */
    public MeterSpec(String name, Kind kind, String baseUnit, Map<String, List<String>> tags, Worker worker,
                     String description) {
        this(name, kind, baseUnit, tags, worker, description, false);
    }

    /** This spec, marked as registered on first use. */
    public MeterSpec registeredOnFirstUse() {
        return new MeterSpec(name, kind, baseUnit, tags, worker, description, true);
    }

    /** The Prometheus name, before the per-kind suffixes ({@code _total}, {@code _count} and so on). */
    public String prometheusBaseName() {
        String base = name.replace('.', '_');
        if (kind == Kind.COUNTER) {
            return base.endsWith("_total") ? base.substring(0, base.length() - "_total".length()) : base;
        }
        String unit = kind == Kind.TIMER || kind == Kind.TIMER_NO_HISTOGRAM ? "seconds" : baseUnit;
        return unit == null || base.endsWith("_" + unit) ? base : base + "_" + unit;
    }

    /** Every Prometheus series name this meter is exposed as by a Micrometer Prometheus registry. */
    public List<String> prometheusNames() {
        String base = prometheusBaseName();
        List<String> out = new ArrayList<>();
        switch (kind) {
            case COUNTER -> out.add(base + "_total");
            case GAUGE -> out.add(base);
            case TIMER -> {
                out.addAll(List.of(base + "_count", base + "_sum", base + "_max", base + "_bucket"));
            }
            case TIMER_NO_HISTOGRAM, SUMMARY -> out.addAll(List.of(base + "_count", base + "_sum", base + "_max"));
        }
        return out;
    }
}
