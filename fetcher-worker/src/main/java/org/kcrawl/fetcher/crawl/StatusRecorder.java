package org.kcrawl.fetcher.crawl;

import java.time.Instant;
import org.kcrawl.common.message.ContentHash;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.Revisit;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.message.UrlStatus;

/**
 * Builds the {@link UrlStatus} a URL's seen marker carries from how its fetch ended: the validators
 * the next recrawl asks with, a content hash, and the next fetch date by the {@link RevisitSchedule}.
 * A 304 keeps what it does not restate of the revisited fetch (validators, hash): the content is the
 * one that fetch saw. Runs on the send thread (the hash reads the whole body), never an event loop.
 */
final class StatusRecorder {
    private final RevisitSchedule schedule;

    StatusRecorder(RevisitSchedule schedule) {
        this.schedule = schedule;
    }

    /** The status of a page (or redirect page) fetched for {@code request}. */
    UrlStatus page(CrawlRequest request, FetchedPage page) {
        Revisit previous = request.revisit();
        UrlStatus.Outcome outcome;
        String hash;
        RevisitSchedule.Change change;
        if (page.notModified()) {
            outcome = UrlStatus.Outcome.NOT_MODIFIED;
            hash = previous == null ? null : previous.contentHash();
            change = RevisitSchedule.Change.UNCHANGED;
        } else {
            outcome = page.redirectTo() != null ? UrlStatus.Outcome.REDIRECT : UrlStatus.Outcome.PAGE;
            hash = ContentHash.of(page.body());
            change = previous == null || previous.contentHash() == null || hash == null
                    ? RevisitSchedule.Change.UNKNOWN
                    : hash.equals(previous.contentHash())
                    ? RevisitSchedule.Change.UNCHANGED : RevisitSchedule.Change.CHANGED;
        }
        // A validator that could not be sent back is not kept: a site's 60 KiB ETag would be in every marker.
        String etag = Revisit.validator(page.headers().get("etag"));
        String lastModified = Revisit.validator(page.headers().get("last-modified"));
        if (page.notModified() && previous != null) {
            etag = etag != null ? etag : Revisit.validator(previous.etag());
            lastModified = lastModified != null ? lastModified : Revisit.validator(previous.lastModified());
        }
        return status(request, page.fetchedAt(), outcome, page.status(), etag, lastModified, hash, change);
    }

    /** The status of a URL that ended as {@code failure}. */
    UrlStatus failure(CrawlRequest request, FailureRecord failure) {
        return status(request, failure.failedAt(), UrlStatus.Outcome.FAILURE,
                failure.status() == null ? 0 : failure.status(), null, null, null, RevisitSchedule.Change.UNKNOWN);
    }

    /**
     * The status of a URL handed to the render workers at {@code at}: nothing was fetched here, so it has
     * no validators and a recrawl of it is rendered again whole.
     */
    UrlStatus handedToRender(CrawlRequest request, Instant at) {
        return status(request, at, UrlStatus.Outcome.RENDER, 0, null, null, null, RevisitSchedule.Change.UNKNOWN);
    }

    private UrlStatus status(CrawlRequest request, Instant at, UrlStatus.Outcome outcome, int status, String etag,
                             String lastModified, String hash, RevisitSchedule.Change change) {
        Instant next = at.plus(schedule.next(request.revisit(), change));
        return new UrlStatus(SchemaVersions.CURRENT, request.url(), request.depth(), request.hops(), request.seed(),
                at, outcome, status, etag, lastModified, hash, next);
    }
}
