package org.kcrawl.common.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import java.util.function.ToDoubleFunction;

/**
 * Builders of the workers' meters from their {@link MeterCatalogue} entries: the name, description and
 * base unit come from the catalogue (and a timer's histogram from its kind), so a meter is named and
 * described in one place, the same in Prometheus's HELP and in docs/metrics.md. The caller adds tags and
 * registers. A name the catalogue does not list, or of another kind, is refused.
 */
public final class Meters {
    private Meters() {}

    /** A counter of the catalogue's {@code name}. */
    public static Counter.Builder counter(String name) {
        MeterSpec spec = spec(name, MeterSpec.Kind.COUNTER);
        return Counter.builder(name).description(spec.description()).baseUnit(counterUnit(spec));
    }

    /** A counter of the catalogue's {@code name} that reads its count from {@code f} of {@code obj}. */
    public static <T> FunctionCounter.Builder<T> functionCounter(String name, T obj, ToDoubleFunction<T> f) {
        MeterSpec spec = spec(name, MeterSpec.Kind.COUNTER);
        return FunctionCounter.builder(name, obj, f).description(spec.description()).baseUnit(counterUnit(spec));
    }

    /** A gauge of the catalogue's {@code name} that reads {@code f} of {@code obj}. */
    public static <T> Gauge.Builder<T> gauge(String name, T obj, ToDoubleFunction<T> f) {
        MeterSpec spec = spec(name, MeterSpec.Kind.GAUGE);
        return Gauge.builder(name, obj, f).description(spec.description()).baseUnit(spec.baseUnit());
    }

    /** A timer of the catalogue's {@code name}, with a percentile histogram when its kind says so. */
    public static Timer.Builder timer(String name) {
        MeterSpec spec = MeterCatalogue.find(name).orElseThrow(() -> notListed(name));
        if (spec.kind() != MeterSpec.Kind.TIMER && spec.kind() != MeterSpec.Kind.TIMER_NO_HISTOGRAM) {
            throw new IllegalArgumentException(name + " is a " + spec.kind().label() + " in the MeterCatalogue, not a"
                    + " timer");
        }
        return Timer.builder(name).description(spec.description())
                .publishPercentileHistogram(spec.kind() == MeterSpec.Kind.TIMER);
    }

    /**
     * A counter's unit as Micrometer should see it: Prometheus appends the unit to a counter's series name,
     * and the catalogue names a counter's series without it ({@link MeterSpec#prometheusBaseName()}), so a
     * unit the name does not already end in stays documentation.
     */
    private static String counterUnit(MeterSpec spec) {
        String unit = spec.baseUnit();
        return unit != null && spec.name().endsWith("." + unit) ? unit : null;
    }

    private static MeterSpec spec(String name, MeterSpec.Kind kind) {
        MeterSpec spec = MeterCatalogue.find(name).orElseThrow(() -> notListed(name));
        if (spec.kind() != kind) {
            throw new IllegalArgumentException(name + " is a " + spec.kind().label() + " in the MeterCatalogue, not a "
                    + kind.label());
        }
        return spec;
    }

    private static IllegalArgumentException notListed(String name) {
        return new IllegalArgumentException(name + " is not in the MeterCatalogue: add it there (name, kind, tags,"
                + " description) before registering it");
    }
}
