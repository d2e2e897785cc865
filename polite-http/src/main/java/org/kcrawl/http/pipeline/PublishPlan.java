package org.kcrawl.http.pipeline;

import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.ScopeSite;

/**
 * What to publish for one fetch attempt: decided by {@link ResponsePlanner}, carried out by the handler that
 * fetched (the fetcher's or the render worker's).
 */
public sealed interface PublishPlan {

    /** A page for the parser. Terminal. */
    record Page(FetchedPage page) implements PublishPlan {}

    /**
     * A 3xx page saying where it points, plus the target as a new URL ({@code next}), or null when
     * the target is out of scope; and when a seed moved to a site not yet in the crawl's scope, that
     * site ({@code moved}, else null), published to the scope topic with the other outputs. Terminal.
     */
    record Redirect(FetchedPage page, CrawlRequest next, ScopeSite moved) implements PublishPlan {}

    /** A failure record. Terminal. */
    record Fail(FailureRecord failure) implements PublishPlan {}

    /** Another attempt, re-published to the urls topic with a not-before time. Not terminal. */
    record Retry(CrawlRequest next, FailureReason reason) implements PublishPlan {}

    /**
     * The server refused the URL for now (429, or 503 with a Retry-After): the same attempt again
     * ({@code next}, refused since its first refusal), when its host's pace allows and not before its
     * not-before time (the Retry-After) when it has one. Not terminal.
     */
    record Refused(CrawlRequest next) implements PublishPlan {}
}
