package org.kcrawl.parser.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler reporting the CPU the benchmark JVM used per wall-clock second of each iteration
 * (all its threads: benchmark, GC and compiler), as the secondary result {@value #RESULT}. On an idle
 * two-core machine a two-thread run shows close to 2; a lower figure means other work took the cores
 * and wall-clock scaling cannot be judged from that run.
 */
public final class ProcessCpuProfiler implements InternalProfiler {
    /** The name of the secondary result. */
    public static final String RESULT = "cpus";

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuStart;
    private long wallStart;

    @Override
    public String getDescription() {
        return "CPU-seconds used by the benchmark JVM per wall-clock second";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpuStart = os.getProcessCpuTime();
        wallStart = System.nanoTime();
    }

    @Override
    public Collection<? extends Result<?>> afterIteration(BenchmarkParams benchmarkParams,
                                                       IterationParams iterationParams, IterationResult result) {
        double cpus = (double) (os.getProcessCpuTime() - cpuStart) / (System.nanoTime() - wallStart);
        return List.of(new ScalarResult(RESULT, cpus, "CPUs", AggregationPolicy.AVG));
    }
}
