package org.kcrawl.cli.admin;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Base of {@code crawl fetcher} and {@code crawl parser}: checks the command line, then hands over to
 * the worker's own process entry point, which binds and validates its configuration, runs until
 * SIGTERM and ends the JVM with its exit code when it fails.
 */
abstract class WorkerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE",
            description = "YAML settings of the worker; environment variables override them (see above).")
    Path config;

    @Override
    public final Integer call() {
        if (config != null && !Files.isRegularFile(config)) {
            throw new ParameterException(spec.commandLine(), "--config " + config + " does not exist");
        }
        String[] args = config == null ? new String[0] : new String[] {"--config", config.toString()};
        spec.commandLine().getErr().printf("crawl %s: starting; SIGTERM or Ctrl-C stops it gracefully "
                + "(KCRAWL_LOG_LEVEL=INFO shows its log)%n", spec.name());
        spec.commandLine().getErr().flush();
        // The entry point returns only after a clean stop; on a failure it exits the JVM itself with
        // its own code (1 for a failed worker, 2 for bad configuration), which is what the caller sees.
        runWorker(args);
        return 0;
    }

    /** Runs the worker's process entry point with {@code args}. */
    abstract void runWorker(String[] args);
}
