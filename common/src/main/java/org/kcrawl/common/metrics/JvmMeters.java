package org.kcrawl.common.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;

/**
 * Binds the JVM and process meters (memory, GC, threads, class loading, CPU, uptime, open files)
 * to a registry. Closing it detaches the GC listener, which would otherwise outlive the registry.
 */
public final class JvmMeters implements AutoCloseable {
    private final JvmGcMetrics gc;

    private JvmMeters(JvmGcMetrics gc) {
        this.gc = gc;
    }

    /** Binds every JVM and process binder to {@code registry}. */
    public static JvmMeters bindTo(MeterRegistry registry) {
        if (registry == null) {
            throw new IllegalArgumentException("registry must not be null");
        }
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        JvmGcMetrics gc = new JvmGcMetrics();
        gc.bindTo(registry);
        return new JvmMeters(gc);
    }

    @Override
    public void close() {
        gc.close();
    }
}
