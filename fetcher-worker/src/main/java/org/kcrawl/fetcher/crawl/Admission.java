package org.kcrawl.fetcher.crawl;

import java.util.Collection;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.kcrawl.common.kafka.AbandonedWorkException;
import org.kcrawl.common.kafka.PartitionOwnership.Claim;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.url.HostKey;
import org.kcrawl.common.url.UrlFingerprint;
import org.kcrawl.fetcher.seen.SeenSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a consumed URL is taken on at all: the depth limit, dedup (the URL's claim in the seen-set),
 * the host's page budget ({@code max_pages_per_host}) and the worker's ({@code max_pages}), in that
 * order; a URL turned away is a counted skip. An admitted URL holds its claim and its budget units until
 * it ends; one that robots.txt disallows, or whose copy is re-published for later, gives back what it
 * holds.
 */
final class Admission {
    private static final Logger log = LoggerFactory.getLogger(Admission.class);

    private final int maxDepth;
    private final SeenSet seen;
    private final FetchMetrics metrics;
    private final PageBudget budget;
    private final HostBudget hostBudget;
    private final ParkedUnits parkedUnits = new ParkedUnits();

    Admission(HandlerSettings settings, SeenSet seen, FetchMetrics metrics) {
        this.maxDepth = settings.maxDepth();
        this.seen = seen;
        this.metrics = metrics;
        this.budget = new PageBudget(settings.maxPages());
        this.hostBudget = new HostBudget(settings.maxPagesPerHost());
    }

    /**
     * The task of {@code request}, read from {@code record} under {@code claim}, holding its claim and
     * charged to the budgets; null when the URL is turned away (the skip is counted).
     */
    UrlTask admit(CrawlRequest request, ConsumerRecord<String, byte[]> record, Claim claim, FetchHandler handler) {
        int partition = record.partition();
        if (request.depth() > maxDepth) {
            return skipped(SkipReason.MAX_DEPTH, request);
        }
        long fingerprint = UrlFingerprint.of(request.url());
        String host = HostKey.of(request.url());
        // A parked URL's copy, back: it comes with the units the URL kept.
        ParkedUnits.Held held = request.attempt() == 1 ? parkedUnits.take(partition, fingerprint) : null;
        if (!seen.claim(partition, fingerprint, request.attempt() > 1, request.revisit())) {
            release(held, host);
            return skipped(SkipReason.DUPLICATE, request);
        }
        // Charged once per URL: retries and redirect hops of an admitted URL are part of its one page.
        HostCounts hostCharge = held == null ? null : held.hostCharge();
        if (held == null && request.attempt() == 1 && request.hops() == 0 && hostBudget.limited()) {
            hostCharge = hostBudget.tryAcquire(partition, host);
            if (hostCharge == null) {
                return skipped(SkipReason.HOST_BUDGET, request);
            }
        }
        if (request.attempt() == 1 && (held == null || !held.pageUnit()) && !budget.tryAcquire()) {
            hostBudget.release(hostCharge, host);
            return skipped(SkipReason.MAX_PAGES, request);
        }
        String key = record.key() != null ? record.key() : host;
        UrlTask task = new UrlTask(request, key, host, record.offset(), claim, fingerprint, handler);
        task.hostCharge = hostCharge;
        return task;
    }

    /** Ends an admitted URL as a counted skip ({@code reason}), giving back its budget. */
    void skip(UrlTask task, SkipReason reason) {
        releaseBudget(task);
        metrics.skip(reason);
        task.done.complete(null);
    }

    /**
     * Gives an admitted URL up before its request, its claim still current (its partition is being revoked):
     * the loop leaves its record uncommitted, for the partition's next owner, and its budget is given back.
     */
    void abandon(UrlTask task, String why) {
        releaseBudget(task);
        task.done.completeExceptionally(new AbandonedWorkException(task.request.url() + ": " + why));
    }

    /**
     * A queued or held URL cancelled because its partition went (or the worker stops): its budget units are
     * given back, as the URL is the next owner's to fetch and to charge.
     */
    void cancelled(UrlTask task) {
        releaseBudget(task);
    }

    /** A retry of the URL is re-published: the retry keeps the URL's claim and budget. */
    void retried(UrlTask task) {
        // Before the send: the retry may be read back before its acknowledgement reaches us.
        seen.handOver(task.partition(), task.fingerprint);
    }

    /** A copy of the URL is parked to come back later: called before the copy is sent. */
    void parked(UrlTask task) {
        if (task.request.attempt() == 1) {
            // The parked copy comes back as a new request: it must not find its own claim. Its budget units
            // wait for it (see ParkedUnits), else a later URL takes them and the copy is turned away.
            if (task.giveUpUnits()) {
                if (budget.limited() || task.hostCharge != null) {
                    release(parkedUnits.keep(task.partition(), task.fingerprint,
                            new ParkedUnits.Held(budget.limited(), task.hostCharge)), task.host());
                    task.hostCharge = null;
                } else {
                    giveBack(task);
                }
            }
            seen.unclaim(task.partition(), task.fingerprint);
        } else {
            // A parked retry keeps the claim for its copy (before the send: it may be read back first).
            seen.handOver(task.partition(), task.fingerprint);
        }
    }

    /** Forgets the host budgets' counts of {@code partitions}: they count per assignment (see {@link HostBudget}). */
    void forget(Collection<Integer> partitions) {
        hostBudget.drop(partitions);
        for (int i = parkedUnits.drop(partitions); i > 0; i--) {
            budget.release();
        }
    }

    /** URLs admitted against the page budget. */
    long admitted() {
        return budget.used();
    }

    private void releaseBudget(UrlTask task) {
        if (task.giveUpUnits()) {
            giveBack(task);
        }
    }

    private void giveBack(UrlTask task) {
        if (task.request.attempt() == 1) {
            budget.release();
        }
        HostCounts charged = task.hostCharge;
        task.hostCharge = null;
        hostBudget.release(charged, task.host());
    }

    /** Gives back the units a parked URL's copy came with, when it is turned away. */
    private void release(ParkedUnits.Held held, String host) {
        if (held != null) {
            if (held.pageUnit()) {
                budget.release();
            }
            hostBudget.release(held.hostCharge(), host);
        }
    }

    private UrlTask skipped(SkipReason reason, CrawlRequest request) {
        log.debug("skipping {} ({})", request.url(), reason.tag());
        metrics.skip(reason);
        return null;
    }
}
