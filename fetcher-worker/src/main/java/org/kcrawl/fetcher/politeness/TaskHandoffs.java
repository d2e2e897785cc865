package org.kcrawl.fetcher.politeness;

import java.time.Instant;
import java.util.List;
import org.kcrawl.common.metrics.LogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands tasks the scheduler lets go back to their owners, outside its lock: cancelled (a revoke, a
 * close) or deferred to a later time (beyond the host's horizon). A task whose callback throws is a bug:
 * it is logged with the task's context, and a task that cannot be deferred is cancelled, so none is
 * left waiting for an answer that never comes.
 */
final class TaskHandoffs {
    private static final Logger log = LoggerFactory.getLogger(TaskHandoffs.class);

    private TaskHandoffs() {}

    /** A task taken off its host's queue, to come back at {@code notBefore}. */
    record Deferral(HostTask task, Instant notBefore) {}

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    static void cancelAll(List<HostTask> tasks, String why) {
        for (HostTask t : tasks) {
            try {
                t.cancel(why);
            } catch (RuntimeException e) {
                try (LogContext context = t.logContext()) {
                    log.error("cancelling a request to {} failed", t.host(), e);
                }
            }
        }
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    static void deferAll(List<Deferral> deferrals) {
        for (Deferral d : deferrals) {
            try {
                d.task().defer(d.notBefore());
            } catch (RuntimeException e) {
                try (LogContext context = d.task().logContext()) {
                    log.error("deferring a request to {} failed", d.task().host(), e);
                }
                d.task().cancel("failed to defer: " + e);
            }
        }
    }
}
