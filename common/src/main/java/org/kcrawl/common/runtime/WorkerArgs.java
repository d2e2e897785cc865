package org.kcrawl.common.runtime;

import java.nio.file.Path;

/**
 * A worker's command line: {@code [--config FILE | --config=FILE] [--help | -h]}. Settings beyond the
 * file come from environment variables, so nothing else is accepted.
 *
 * @param configFile the YAML settings file, or null when none was given
 * @param help       true when help was asked for; the worker then prints its usage and does nothing else
 */
public record WorkerArgs(Path configFile, boolean help) {
    private static final String CONFIG = "--config";
    private static final String CONFIG_EQUALS = CONFIG + "=";

    /** Reads {@code args} in order; throws {@link UsageException} naming the first argument it cannot use. */
    public static WorkerArgs parse(String[] args) {
        if (args == null) {
            throw new IllegalArgumentException("args must not be null");
        }
        Path file = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                return new WorkerArgs(file, true);
            } else if (arg.equals(CONFIG)) {
                if (i + 1 >= args.length) {
                    throw new UsageException(CONFIG + " needs a FILE");
                }
                file = Path.of(args[++i]);
            } else if (arg.startsWith(CONFIG_EQUALS) && arg.length() > CONFIG_EQUALS.length()) {
                file = Path.of(arg.substring(CONFIG_EQUALS.length()));
            } else if (arg.equals(CONFIG_EQUALS)) {
                throw new UsageException(CONFIG + " needs a FILE");
            } else {
                throw new UsageException("unknown argument '" + arg + "'");
            }
        }
        return new WorkerArgs(file, false);
    }
}
