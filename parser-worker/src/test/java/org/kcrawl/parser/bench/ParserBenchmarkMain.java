package org.kcrawl.parser.bench;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link ParserBenchmark}, or the benchmarks named by a pattern such as {@code workerOneThread} or
 * {@code ContentBenchmark} (JMH command-line options are passed through, for example {@code -prof jfr} or
 * {@code -f 2}), and reports the two targets: the worker's pages/s
 * against the bare jsoup loop (at least 0.85), and two threads against one (at least 1.7). Both are
 * judged on wall-clock pages/s; pages per CPU-second and the CPU the threads got are printed beside
 * them, so a run disturbed by other work on the machine shows as such. A benchmark with parameters is
 * labelled with them; {@link ContentBenchmark}'s results get its own summary (CPU-ms per page of each
 * content mode against {@code none}). Exits 0 when both targets are met (or not measured), 3 when one is
 * missed, 2 for bad options.
 */
public final class ParserBenchmarkMain {
    /** Worker throughput the pipeline must keep, relative to the bare loop. */
    public static final double MIN_WORKER_RATIO = 0.85;
    /** Two threads' throughput relative to one, on a machine with at least two cores. */
    public static final double MIN_SCALING = 1.7;

    private ParserBenchmarkMain() {}

    /** One benchmark's outcome: wall-clock pages/s with its error, and CPU-seconds used per second. */
    private record Score(double pagesPerSecond, double error, double cpus) {
        double pagesPerCpuSecond() {
            return cpus > 0 ? pagesPerSecond / cpus : Double.NaN;
        }
    }

    public static void main(String[] args) throws RunnerException {
        CommandLineOptions cli;
        try {
            cli = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("bad JMH options: " + e.getMessage());
            System.exit(2);
            return;
        }
        OptionsBuilder builder = new OptionsBuilder();
        if (cli.getIncludes().isEmpty()) {
            builder.include(ParserBenchmark.class.getName() + "\\.");
        }
        boolean content = cli.getIncludes().stream().anyMatch(i -> i.contains("ContentBenchmark"));
        if (content && !ContentBenchmark.javadocPresent() && !cli.getParameter("corpus").hasValue()) {
            System.out.println("ContentBenchmark: " + ContentBenchmark.javadocAbsent());
            builder.param("corpus", "bench");
        }
        Options options = builder.parent(cli).addProfiler(ProcessCpuProfiler.class).build();
        Collection<RunResult> results = new Runner(options).run();
        Map<String, Score> scores = new TreeMap<>();
        for (RunResult r : results) {
            String label = r.getParams().getBenchmark();
            label = label.substring(label.lastIndexOf('.') + 1) + params(r.getParams());
            Result<?> cpu = r.getSecondaryResults().get(ProcessCpuProfiler.RESULT);
            scores.put(label, new Score(r.getPrimaryResult().getScore(),
                    r.getPrimaryResult().getScoreError(), cpu == null ? Double.NaN : cpu.getScore()));
        }
        boolean met = report(scores);
        ContentBenchmark.report(results);
        System.exit(met ? 0 : 3);
    }

    /** The benchmark's parameters as a label's suffix ({@code [corpus=bench,content=main]}), or nothing. */
    private static String params(BenchmarkParams params) {
        if (params.getParamsKeys().isEmpty()) {
            return "";
        }
        StringJoiner joined = new StringJoiner(",", "[", "]");
        for (String key : params.getParamsKeys()) {
            joined.add(key + "=" + params.getParam(key));
        }
        return joined.toString();
    }

    private static boolean report(Map<String, Score> scores) {
        System.out.println();
        System.out.println("Parser benchmark: " + BenchCorpus.SIZE + "-page corpus, "
                + Runtime.getRuntime().availableProcessors() + " cores");
        System.out.printf(Locale.ROOT, "  %-40s %18s %10s %16s%n", "benchmark", "pages/s", "CPUs used", "pages/CPU-s");
        scores.forEach((name, s) -> System.out.printf(Locale.ROOT, "  %-40s %9.1f ± %6.1f %10.2f %16.1f%n",
                name, s.pagesPerSecond(), s.error(), s.cpus(), s.pagesPerCpuSecond()));
        Score worker1 = scores.get("workerOneThread");
        Score worker2 = scores.get("workerTwoThreads");
        Score bare1 = scores.get("bareOneThread");
        Score bare2 = scores.get("bareTwoThreads");
        boolean ok = true;
        if (worker1 != null && bare1 != null) {
            ok &= verdict("worker / bare, one thread", worker1.pagesPerSecond() / bare1.pagesPerSecond(),
                    MIN_WORKER_RATIO);
            System.out.printf(Locale.ROOT, "  %-28s %.3f (per CPU-second)%n", "",
                    worker1.pagesPerCpuSecond() / bare1.pagesPerCpuSecond());
        }
        if (worker2 != null && bare2 != null) {
            verdict("worker / bare, two threads", worker2.pagesPerSecond() / bare2.pagesPerSecond(), MIN_WORKER_RATIO);
        }
        if (worker1 != null && worker2 != null) {
            ok &= verdict("worker, two threads / one", worker2.pagesPerSecond() / worker1.pagesPerSecond(),
                    MIN_SCALING);
            // Below 1 when a second thread makes each CPU-second do less (shared caches, GC, contention).
            System.out.printf(Locale.ROOT, "  %-28s %.3f (pages per CPU-second, two threads / one)%n", "",
                    worker2.pagesPerCpuSecond() / worker1.pagesPerCpuSecond());
        }
        if (bare1 != null && bare2 != null) {
            verdict("bare, two threads / one", bare2.pagesPerSecond() / bare1.pagesPerSecond(), MIN_SCALING);
        }
        return ok;
    }

    private static boolean verdict(String what, double ratio, double target) {
        boolean met = ratio >= target;
        System.out.printf(Locale.ROOT, "  %-28s %.3f (target >= %.2f: %s)%n", what, ratio, target,
                met ? "met" : "MISSED");
        return met;
    }
}
