package org.kcrawl.http.politeness;

import java.time.Instant;
import java.util.List;
import org.kcrawl.common.metrics.LogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands tasks the scheduler lets go back to their owners, outside its lock: started with their permit,
 * cancelled (a revoke, a close) or deferred to a later time (beyond the host's horizon). A task whose
 * callback throws is a bug: it is logged with the task's context, and a task that cannot be started or
 * deferred is cancelled (a start's slots freed first), so none is left waiting for an answer that never
 * comes.
 */
final class TaskHandoffs {
    private static final Logger log = LoggerFactory.getLogger(TaskHandoffs.class);

    private TaskHandoffs() {}

    /** A task let go with {@code permit}, after {@code waitedNanos} in its host's queue. */
    record Start(HostTask task, Permit permit, long waitedNanos) {}

    /** A task taken off its host's queue, to come back at {@code notBefore}. */
    record Deferral(HostTask task, Instant notBefore) {}

    /** Starts each task, after telling {@code listener} how long it waited. */
    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    static void startAll(List<Start> starts, PermitListener listener) {
        for (Start s : starts) {
            try {
                listener.permitted(s.waitedNanos());
            } catch (RuntimeException e) {
                // Metrics must never keep a request from starting; a listener that throws is a bug to see.
                log.error("permit listener failed", e);
            }
            try {
                s.task().start(s.permit());
            } catch (RuntimeException e) {
                // A task that throws is a bug; free its slots and end it so nothing waits for it forever.
                try (LogContext context = s.task().logContext()) {
                    log.error("request to {} failed to start", s.task().host(), e);
                }
                s.permit().unanswered();
                s.task().cancel("failed to start: " + e);
            }
        }
    }

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
