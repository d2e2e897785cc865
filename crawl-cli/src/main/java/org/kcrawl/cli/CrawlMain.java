package org.kcrawl.cli;

import org.kcrawl.common.runtime.UsageException;
import picocli.CommandLine;

/** Entry point of the {@code crawl} command. */
public final class CrawlMain {
    private CrawlMain() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs the command line and returns the exit code (0 done, 1 failed, 2 usage error, 130 interrupted, 141
     * the reader of the output went away).
     */
    public static int run(String... args) {
        CommandLine cmd = new CommandLine(new CrawlCommand());
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("crawl: " + ex.getMessage() + " (see "
                    + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help)");
            return ExitCodes.USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, command, parseResult) -> {
            if (ex instanceof UsageException) {
                command.getErr().println("crawl: " + ex.getMessage());
                return ExitCodes.USAGE;
            }
            if (ex instanceof org.kcrawl.common.config.ConfigException) {
                command.getErr().println("crawl: " + ex.getMessage());
                return ExitCodes.USAGE;
            }
            command.getErr().println("crawl: failed: " + ex);
            ex.printStackTrace(command.getErr());
            return ExitCodes.FAILED;
        });
        return cmd.execute(args);
    }
}
