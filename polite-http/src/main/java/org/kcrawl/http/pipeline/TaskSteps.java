package org.kcrawl.http.pipeline;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Function;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.metrics.LogContext;
import org.kcrawl.http.politeness.TimeSource;
import org.slf4j.Logger;

/**
 * Runs the later steps of consumed URLs (on timer, I/O and producer threads) the way every handler must:
 * a step of a URL whose partition claim has ended cancels the URL instead, a cancellation passes as one,
 * and a bug on one URL becomes that URL's failure record, so it neither stops the worker nor loops
 * through rewinds.
 *
 * @param <T> the handler's task type
 */
public final class TaskSteps<T extends ConsumedTask> {
    private final Logger log;
    private final String doing;
    private final Function<FailureRecord, CompletableFuture<Void>> publishFailure;
    private final TimeSource time;
    private final Consumer<? super T> beforeFailure;
    private final Consumer<FailureReason> countFailure;

    /**
     * Steps checked against each task's partition claim.
     *
     * @param log the handler's logger, which names a bug's URL as "internal error while {@code doing} URL"
     * @param doing what the handler does to a URL, for that line ("handling", "rendering")
     * @param publishFailure publishes a failure record; completes when the broker has it
     * @param beforeFailure what to let go of before a bug's failure record is published (a held slot)
     * @param countFailure counts a failure record once it is acknowledged
     */
    public TaskSteps(Logger log, String doing, Function<FailureRecord, CompletableFuture<Void>> publishFailure,
                     TimeSource time, Consumer<? super T> beforeFailure,
                     Consumer<FailureReason> countFailure) {
        if (log == null || doing == null || publishFailure == null || time == null || beforeFailure == null
                || countFailure == null) {
            throw new IllegalArgumentException("log, doing, publishFailure, time, beforeFailure and countFailure are required");
        }
        this.log = log;
        this.doing = doing;
        this.publishFailure = publishFailure;
        this.time = time;
        this.beforeFailure = beforeFailure;
        this.countFailure = countFailure;
    }

    /** Runs {@code body} as a step of {@code task} unless the task is done or its partition claim has ended. */
    public void run(T task, Runnable body) {
        if (task.done.isDone()) {
            return;
        }
        if (!task.claim().isCurrent()) {
            task.cancel("partition revoked");
            return;
        }
        try {
            body.run();
        } catch (CompletionException e) {
            Throwable cause = unwrap(e);
            if (cause instanceof CancellationException) {
                task.cancel(cause.getMessage());
            } else {
                internalError(task, cause);
            }
        } catch (RuntimeException e) {
            internalError(task, e);
        }
    }

    /** The cause under any {@link CompletionException} wrappers (itself when there are none; null for null). */
    public static Throwable unwrap(Throwable t) {
        Throwable cause = t;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    @SuppressWarnings("try") // the MDC entries are the resource; the body never names it
    private void internalError(T task, Throwable e) {
        try (LogContext context = task.logContext()) {
            log.error("internal error while {} {}", doing, task.request.url(), e);
        }
        beforeFailure.accept(task);
        FailureRecord failure = FailureRecord.of(task.request, FailureReason.INTERNAL, String.valueOf(e), null,
                time.now());
        publishFailure.apply(failure).whenComplete((v, error) -> {
            if (error != null) {
                task.done.completeExceptionally(error);
            } else {
                countFailure.accept(FailureReason.INTERNAL);
                task.done.complete(null);
            }
        });
    }
}
