package org.kcrawl.common.runtime;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.common.KafkaException;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.metrics.LogFormat;

/**
 * A worker's process entry point: reads {@code --config FILE} ({@link WorkerArgs}), loads the
 * configuration, starts the {@link WorkerProcess} on {@code 0.0.0.0}, stops it gracefully on SIGTERM
 * and turns the outcome into an exit code: 0 after a clean stop or for help, 1 when the worker failed
 * or could not reach the cluster, 2 for bad usage or configuration (Kafka client properties included).
 * Every message on standard error starts with the worker's name.
 */
public final class WorkerMain<C, W extends ManagedWorker> {
    /** Where the endpoints listen in a container: every interface. */
    private static final String BIND_ADDRESS = "0.0.0.0";
    /** Only bounds each wait: the loop ends when the worker does. */
    private static final Duration AWAIT_STEP = Duration.ofMinutes(1);

    private final String name;
    private final String usage;
    private final ConfigLoader<C> loader;
    private final ProcessStarter<C, W> starter;
    private final BiConsumer<C, WorkerProcess<W>> onStarted;
    private final Duration progressEvery;
    private final Consumer<W> progress;

    /**
     * An entry point for the worker called {@code name} (as in {@code fetcher-worker}), printing
     * {@code usage} for help and bad arguments; {@code onStarted} is told once the process runs
     * (to log what it runs against).
     */
    public WorkerMain(String name, String usage, ConfigLoader<C> loader, ProcessStarter<C, W> starter,
                      BiConsumer<C, WorkerProcess<W>> onStarted) {
        this(name, usage, loader, starter, onStarted, null, null);
    }

    private WorkerMain(String name, String usage, ConfigLoader<C> loader, ProcessStarter<C, W> starter,
                       BiConsumer<C, WorkerProcess<W>> onStarted, Duration progressEvery, Consumer<W> progress) {
        if (name == null || name.isBlank() || usage == null || usage.isBlank()) {
            throw new IllegalArgumentException("name and usage must not be blank");
        }
        if (loader == null || starter == null || onStarted == null) {
            throw new IllegalArgumentException("loader, starter and onStarted must not be null");
        }
        this.name = name;
        this.usage = usage;
        this.loader = loader;
        this.starter = starter;
        this.onStarted = onStarted;
        this.progressEvery = progressEvery;
        this.progress = progress;
    }

    /** The same entry point, also handing the running worker to {@code progress} every {@code every}. */
    public WorkerMain<C, W> reportingEvery(Duration every, Consumer<W> progress) {
        if (every == null || every.toSeconds() < 1 || progress == null) {
            throw new IllegalArgumentException("every must be at least a second and progress must not be null");
        }
        return new WorkerMain<>(name, usage, loader, starter, onStarted, every, progress);
    }

    /** Runs the worker with the process's environment until it stops; exits the JVM with {@link #run}'s code. */
    public void main(String[] args) {
        Map<String, String> env = System.getenv();
        try {
            // Before the first logger exists: logback reads the choice when it starts.
            LogFormat.apply(env);
        } catch (IllegalArgumentException e) {
            System.err.println(name + ": invalid configuration: " + e.getMessage());
            System.exit(2);
        }
        AtomicBoolean shuttingDown = new AtomicBoolean();
        int code = run(args, env, System.err, shuttingDown);
        // During a SIGTERM shutdown the JVM is exiting already; System.exit would wait for the hooks forever.
        if (code != 0 && !shuttingDown.get()) {
            System.exit(code);
        }
    }

    /**
     * Runs the worker with {@code env} until it ends, printing problems to {@code err}; returns the
     * exit code. {@code shuttingDown} is set when the SIGTERM hook this registers has begun to stop it.
     */
    public int run(String[] args, Map<String, String> env, PrintStream err, AtomicBoolean shuttingDown) {
        C config;
        try {
            WorkerArgs parsed = WorkerArgs.parse(args);
            if (parsed.help()) {
                err.println(usage);
                return 0;
            }
            config = loader.load(parsed.configFile(), env);
        } catch (UsageException e) {
            err.println(name + ": " + e.getMessage());
            err.println(usage);
            return 2;
        } catch (ConfigException e) {
            err.println(name + ": " + e.getMessage());
            return 2;
        }
        WorkerProcess<W> process;
        try {
            process = starter.start(config, env, BIND_ADDRESS);
        } catch (ConfigException e) { // a KAFKA_* variable the delivery guarantee forbids
            err.println(name + ": " + e.getMessage());
            return 2;
        } catch (IllegalStateException | KafkaException e) {
            return startFailure(e, err);
        }
        String threadPrefix = "kcrawl-" + process.role().tag();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            shuttingDown.set(true);
            process.close();
        }, threadPrefix + "-shutdown"));
        onStarted.accept(config, process);
        ScheduledExecutorService reporter = progress == null ? null : startReporting(process, threadPrefix);
        try {
            // The loop ends on SIGTERM (through the shutdown hook) or when the worker fails.
            boolean ended = false;
            while (!ended) {
                ended = process.awaitTermination(AWAIT_STEP);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (reporter != null) {
                reporter.shutdownNow();
            }
            // The shutdown hook closes it then; the JVM must not end while this thread closes it instead.
            if (!shuttingDown.get()) {
                process.close();
            }
        }
        return process.worker().failure().isPresent() && !shuttingDown.get() ? 1 : 0;
    }

    private ScheduledExecutorService startReporting(WorkerProcess<W> process, String threadPrefix) {
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, threadPrefix + "-progress");
            t.setDaemon(true);
            return t;
        });
        long seconds = progressEvery.toSeconds();
        reporter.scheduleAtFixedRate(() -> progress.accept(process.worker()), seconds, seconds, TimeUnit.SECONDS);
        return reporter;
    }

    /**
     * Exit code and message for a start that failed: 2 naming the property when Kafka refused a
     * client property (from a {@code KAFKA_*} variable), 1 when the cluster could not be used.
     */
    private int startFailure(RuntimeException e, PrintStream err) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.apache.kafka.common.config.ConfigException config) {
                err.println(name + ": invalid Kafka client configuration (KAFKA_* variables): " + config.getMessage());
                return 2;
            }
        }
        err.println(name + ": " + e.getMessage());
        return 1;
    }

    /** Binds a worker's configuration from its file (null for none) and environment. */
    @FunctionalInterface
    public interface ConfigLoader<C> {
        /** The validated configuration; throws {@link ConfigException} naming the key that is wrong. */
        C load(Path file, Map<String, String> env);
    }

    /** Starts a worker's process for a configuration. */
    @FunctionalInterface
    public interface ProcessStarter<C, W extends ManagedWorker> {
        /**
         * The running process, its endpoints on {@code bindAddress}; throws {@link IllegalStateException}
         * or {@link KafkaException} when it cannot start.
         */
        WorkerProcess<W> start(C config, Map<String, String> env, String bindAddress);

        /** Starts the {@link WorkerProcess} that {@code spec} makes of a configuration. */
        static <C, W extends ManagedWorker> ProcessStarter<C, W> of(Function<C, WorkerProcessSpec<W>> spec) {
            if (spec == null) {
                throw new IllegalArgumentException("spec must not be null");
            }
            return (config, env, bindAddress) -> WorkerProcess.start(spec.apply(config), env, bindAddress);
        }
    }
}
