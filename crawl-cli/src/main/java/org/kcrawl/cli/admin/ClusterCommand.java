package org.kcrawl.cli.admin;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.kcrawl.common.runtime.UsageException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Base of the admin commands that talk to a running cluster. Usage mistakes become picocli
 * parameter errors (one line, exit code 2, through the crawl command's handler); cluster failures
 * become one line on stderr and exit code 1, since a stack trace says nothing an operator can act on.
 */
abstract class ClusterCommand implements Callable<Integer> {
    /** Exit code: the command did its job. */
    static final int OK = 0;
    /** Exit code: the cluster could not do what was asked. */
    static final int FAILED = 1;

    @Spec
    CommandSpec spec;

    @Mixin
    ClusterOptions cluster;

    @Override
    public final Integer call() throws Exception {
        try {
            cluster.validate();
            validate();
        } catch (UsageException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        try {
            return execute(new KafkaCalls(cluster.bootstrap, cluster.timeout()));
        } catch (ClusterException e) {
            err().println("crawl: " + e.getMessage());
            return FAILED;
        }
    }

    /** Checks the command's own options before anything connects; throws {@link UsageException}. */
    abstract void validate();

    /** Does the work once the options are known to be good; returns the exit code. */
    abstract int execute(KafkaCalls calls) throws Exception;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
