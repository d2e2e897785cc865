package org.kcrawl.http.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.kcrawl.common.kafka.OutputPublisher;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureReason;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.url.HostKey;

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
    record Redirect(FetchedPage page, CrawlRequest next, ScopeSite moved) implements PublishPlan {
        /**
         * Sends its outputs through {@code out}: the page; the target back through the fetchers, where dedup, scope
         * and the render patterns decide what becomes of it; and the site a seed moved to, an output of this URL like
         * the others, so a crash redoes the redirect and the site is never lost.
         */
        public List<CompletableFuture<Void>> send(OutputPublisher out) {
            List<CompletableFuture<Void>> sent = new ArrayList<>(3);
            sent.add(out.page(page));
            if (next != null) {
                sent.add(out.request(next, HostKey.of(next.url()), null));
            }
            if (moved != null) {
                sent.add(out.scope(moved));
            }
            return sent;
        }
    }

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
