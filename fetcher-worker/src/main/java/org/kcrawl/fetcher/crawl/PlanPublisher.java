package org.kcrawl.fetcher.crawl;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.kcrawl.common.kafka.Sends;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.UrlStatus;
import org.kcrawl.fetcher.seen.CompletedSet;
import org.kcrawl.http.pipeline.PublishPlan;
import org.slf4j.Logger;

/**
 * Publishes how a fetcher's URL ends: a page, a redirect or a failure with the URL's seen marker after it
 * (in one transaction exactly once), a retry or a parked copy on a topic, or a refused URL back in its host's
 * line. What {@link FetchHandler}'s
 * pipeline planned, carried out.
 */
final class PlanPublisher {
    private final Logger log;
    private final FetchServices s;
    private final StatusRecorder statuses;
    private final SitemapPublisher sitemaps;
    private final Admission admission;
    private final Parking parking;

    /** A publisher logging to {@code log} (the handler's). */
    PlanPublisher(Logger log, FetchServices services, StatusRecorder statuses, SitemapPublisher sitemaps,
                  Admission admission, Parking parking) {
        this.log = log;
        this.s = services;
        this.statuses = statuses;
        this.sitemaps = sitemaps;
        this.admission = admission;
        this.parking = parking;
    }

    void execute(UrlTask task, PublishPlan plan) {
        if (plan instanceof PublishPlan.Page p) {
            FetchedPage page = p.page();
            terminal(task, page.body().length, () -> List.of(s.outputs().page(page)),
                    () -> statuses.page(task.request, page),
                    page.notModified() ? () -> s.metrics().notModified() : () -> s.metrics().page());
        } else if (plan instanceof PublishPlan.Redirect r) {
            if (r.next() == null) {
                log.debug("redirect target {} of {} is out of scope", r.page().redirectTo(), task.request.url());
                s.metrics().skip(SkipReason.OUT_OF_SCOPE);
            }
            if (r.moved() != null) {
                log.info("seed {} redirects to {}: {} joins the crawl's scope", task.request.url(),
                        r.page().redirectTo(), r.moved().site());
            }
            terminal(task, r.page().body().length, () -> r.send(s.outputs()),
                    () -> statuses.page(task.request, r.page()),
                    () -> s.metrics().redirect());
        } else if (plan instanceof PublishPlan.Fail f) {
            FailureReason reason = f.failure().reason();
            terminal(task, 0, () -> List.of(s.outputs().failure(f.failure())),
                    () -> statuses.failure(task.request, f.failure()),
                    () -> s.metrics().failure(reason));
        } else if (plan instanceof PublishPlan.Retry r) {
            admission.retried(task);
            task.completeWhen(parking.park(r.next(), task.key, task.partition()), v -> s.metrics().retry(r.reason()));
        } else if (plan instanceof PublishPlan.Refused r) {
            // The same attempt, back in its host's line in memory: the scheduler holds it to the host's new pace
            // and its pause, and hands it back to be parked (deferred) when its turn is further off than the hold.
            task.refusedAs(r.next());
            s.metrics().refused();
            s.scheduler().submit(task, null);
        }
    }

    /**
     * Publishes a URL's terminal {@code outputs}, then its seen marker, and completes the task. At least
     * once, the marker goes out once the outputs are acknowledged: a marker never exists for a URL whose
     * outputs could still be lost. Exactly once, outputs and marker are one group of the transaction, and
     * the seen-set learns the URL completed once it commits.
     */
    void terminal(UrlTask task, long bodyBytes, Supplier<List<CompletableFuture<Void>>> outputs,
                          Supplier<UrlStatus> status, Runnable counted) {
        // The status is built once, on the send thread, and its time is the one the seen-set keeps.
        AtomicReference<UrlStatus> sent = new AtomicReference<>();
        Supplier<UrlStatus> building = () -> {
            UrlStatus built = status.get();
            sent.set(built);
            return built;
        };
        if (!s.outputs().exactlyOnce()) {
            CompletableFuture<Long> marked = Sends.all(sitemaps.withSitemaps(task, outputs.get()))
                    .thenCompose(v -> s.outputs().seen(task.partition(), task.fingerprint, building));
            task.completeWhen(marked, markerOffset -> {
                s.seen().completed(task.partition(), task.fingerprint, sent.get().fetchedAt().toEpochMilli(),
                        markerOffset);
                counted.run();
            });
            return;
        }
        // Inside the group the outputs' futures complete as they are appended, so the marker follows in it.
        // Its offset arrives when the broker has it, before the transaction can commit.
        AtomicLong markerOffset = new AtomicLong(CompletedSet.UNCHECKPOINTED);
        CompletableFuture<Void> grouped = s.outputs().together(task.claim(), bodyBytes, () -> Sends.all(outputs.get())
                .thenCompose(v -> s.outputs().seen(task.partition(), task.fingerprint, building, markerOffset::set)));
        task.completeWhen(Sends.all(sitemaps.withSitemaps(task, List.of(grouped))), v -> {
            long fetchedAt = sent.get().fetchedAt().toEpochMilli();
            s.outputs().afterCommit(() -> s.seen().completedInTransaction(task.partition(), task.fingerprint,
                    fetchedAt, markerOffset.get()));
            counted.run();
        });
    }

    void park(UrlTask task, Instant notBefore) {
        admission.parked(task);
        CrawlRequest parked = task.current().withNotBefore(notBefore);
        task.completeWhen(parking.park(parked, task.key, task.partition()), v -> s.metrics().parked());
    }
}
