package org.kcrawl.http.pipeline;

import static org.kcrawl.http.pipeline.TaskSteps.unwrap;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.kcrawl.http.client.FetchRejectedException;
import org.kcrawl.http.client.HttpResult;
import org.kcrawl.http.politeness.Permit;
import org.kcrawl.http.politeness.ResponseFeedback;
import org.kcrawl.http.politeness.TimeSource;
import org.kcrawl.http.robots.RobotsPolicy;
import org.kcrawl.http.robots.RobotsVerdict;
import org.slf4j.Logger;

/**
 * The way of one consumed URL through a worker that fetches it, written once for the fetcher and the render
 * worker: its not-before time (held in memory up to the hold time, parked beyond), its robots.txt verdict,
 * its host's permit, the fetch, and the fetch's outcome as the {@link ResponsePlanner} plans it. What a
 * worker does at each turn (admit, skip, take a tab, publish, render) is its {@link Stages}.
 *
 * <p>Every later step runs through the worker's {@link TaskSteps}: a step of a URL whose partition claim has
 * ended cancels the URL, and a bug becomes the URL's failure record. Nothing here blocks.
 *
 * @param <T> the worker's task type
 */
public final class UrlPipeline<T extends ConsumedTask> {
    private final Logger log;
    private final Stages<T> stages;
    private final TaskSteps<T> steps;
    private final RobotsPolicy robots;
    private final ResponsePlanner planner;
    private final TimeSource time;
    private final Duration maxHold;

    /**
     * A pipeline running {@code stages}.
     *
     * @param log the worker's logger, for the URLs robots.txt disallows
     * @param maxHold the longest a URL waits in memory for its not-before time; past it, it is parked
     */
    public UrlPipeline(Logger log, Stages<T> stages, TaskSteps<T> steps, RobotsPolicy robots, ResponsePlanner planner,
                       TimeSource time, Duration maxHold) {
        if (log == null || stages == null || steps == null || robots == null || planner == null || time == null
                || maxHold == null) {
            throw new IllegalArgumentException("log, stages, steps, robots, planner, time and maxHold are required");
        }
        this.log = log;
        this.stages = stages;
        this.steps = steps;
        this.robots = robots;
        this.planner = planner;
        this.time = time;
        this.maxHold = maxHold;
    }

    /** What a worker does at each turn of a URL's way; every method but the hooks with defaults is required. */
    public interface Stages<T extends ConsumedTask> {
        /** Runs {@code then} after {@code delayNanos}, unless the task's partition goes or the worker stops first. */
        void hold(T task, long delayNanos, Runnable then);

        /** The URL's not-before time has passed, or it had none: it goes on (to {@link UrlPipeline#checkRobots}). */
        void ready(T task);

        /** The URL goes back to a topic, to be read again near {@code notBefore}; its record is done here. */
        void park(T task, Instant notBefore);

        /** robots.txt is being asked about the URL (on the calling thread). */
        default void askingRobots(T task) {
        }

        /** The verdict of robots.txt arrived or failed (before its step, on whichever thread it did). */
        default void robotsAnswered(T task) {
        }

        /** The verdict, in its step, before it is acted on. */
        default void verdict(T task, RobotsVerdict verdict) {
        }

        /** robots.txt allows the URL: it asks its host for a permit, at most every {@code crawlDelay} if given. */
        void allowed(T task, Duration crawlDelay);

        /** robots.txt disallows the URL: a counted skip. */
        void disallowed(T task);

        /**
         * The permit came; false when the worker gives the URL up instead (having answered the permit with
         * {@link Permit#unanswered}), true when its request goes out now.
         */
        default boolean starting(T task, Permit permit) {
            return true;
        }

        /** The URL's request, under {@code permit} (which hears of the request's write). */
        CompletableFuture<HttpResult> request(T task, Permit permit);

        /** A response arrived ({@code result}), or none did ({@code null}); before the outcome's step. */
        default void answered(HttpResult result) {
        }

        /** The HTTP client refused the request for a reason of its own (not closing): the URL is not at fault. */
        void refused(T task, FetchRejectedException rejected, Instant now);

        /** What the fetch (or robots.txt's unavailability) amounts to; {@code result} is null when no response came. */
        void outcome(T task, PublishPlan plan, HttpResult result);
    }

    /** Takes a consumed URL on its way: its not-before time first. */
    public void start(T task) {
        Instant notBefore = task.request.notBefore();
        long wait = notBefore == null ? 0 : Duration.between(time.now(), notBefore).toNanos();
        if (wait <= 0) {
            stages.ready(task);
        } else if (wait <= maxHold.toNanos()) {
            stages.hold(task, wait, () -> step(task, () -> stages.ready(task)));
        } else {
            // Held in memory it would pin the partition's offset: back to a topic, read again near its time.
            stages.park(task, notBefore);
        }
    }

    /** Asks robots.txt about the URL and goes on as its verdict says. */
    public void checkRobots(T task) {
        stages.askingRobots(task);
        CompletableFuture<RobotsVerdict> verdict;
        try {
            verdict = robots.check(task.request.url(), task.claim());
        } catch (RuntimeException e) {
            verdict = CompletableFuture.failedFuture(e);
        }
        verdict.whenComplete((v, error) -> {
            stages.robotsAnswered(task);
            step(task, () -> {
                if (error != null) {
                    throw new CompletionException(error);
                }
                stages.verdict(task, v);
                switch (v.status()) {
                    case ALLOWED -> stages.allowed(task, v.crawlDelay());
                    case DISALLOWED -> {
                        log.info("robots.txt disallows {}", task.request.url());
                        stages.disallowed(task);
                    }
                    case UNAVAILABLE -> stages.outcome(task, planner.forRobotsUnavailable(task.current(),
                            v.unreachable(), time.now()), null);
                }
            });
        });
    }

    /** Politeness lets the URL's request go out under {@code permit}: fetches it and plans the outcome. */
    public void fetch(T task, Permit permit) {
        if (!task.claim().isCurrent()) {
            permit.unanswered();
            task.cancel("partition revoked before the fetch started");
            return;
        }
        if (!stages.starting(task, permit)) {
            return;
        }
        CompletableFuture<HttpResult> response;
        try {
            response = stages.request(task, permit);
        } catch (RuntimeException e) {
            response = CompletableFuture.failedFuture(e);
        }
        response.whenComplete((result, error) -> {
            Instant now = time.now();
            ResponseFeedback.release(permit, result, error, now);
            if (unwrap(error) instanceof FetchRejectedException rejected) {
                step(task, () -> {
                    if (rejected.kind() == FetchRejectedException.Kind.CLOSED) {
                        task.cancel("HTTP client closed");
                    } else {
                        stages.refused(task, rejected, now);
                    }
                });
                return;
            }
            stages.answered(result);
            step(task, () -> stages.outcome(task, result != null ? planner.forResponse(task.current(), result, now)
                    : planner.forError(task.current(), error, now), result));
        });
    }

    /** The scheduler handed the URL back (its host slowed down and its turn is far off): it is parked. */
    public void deferred(T task, Instant notBefore) {
        step(task, () -> stages.park(task, notBefore));
    }

    /** Runs {@code body} as a step of {@code task} (see {@link TaskSteps#run}). */
    public void step(T task, Runnable body) {
        steps.run(task, body);
    }
}
