package org.kcrawl.parser.pipeline;

import java.util.List;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FailureRecord;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.scope.ScopeResult;

/**
 * Everything one fetched page produces: its record (or its failure), the links to publish, the target
 * of the meta refresh it redirects by and the site a seed moved to, plus what was learned on the way
 * (for metrics and tests).
 *
 * @param record the page's record; null when the page ended as a failure instead
 * @param failure the page's failure: its meta refresh is a redirect one hop past the limit; else null
 * @param requests the followed links, deduplicated, as crawl requests one level deeper
 * @param redirect the target of the page's meta refresh as a new URL (same depth, one more hop), as a
 *                 fetcher publishes a 3xx's; null when the page does not redirect or the target is out
 *                 of scope
 * @param moved the site a seed moved to by its meta refresh, for the crawl's scope topic; else null
 * @param parsed the parse result
 * @param scope the scope chain's verdict, including links dropped before it (scheme, invalid)
 * @param render the page's request, for the render workers, when it looks built by its scripts and
 *               {@code render_auto} is on: then it has neither record nor failure (the rendered page
 *               will have its record) and no links; else null
 */
public record PageOutputs(PageRecord record, FailureRecord failure, List<CrawlRequest> requests,
                          CrawlRequest redirect, ScopeSite moved, ParsedPage parsed, ScopeResult scope,
                          CrawlRequest render) {
    public PageOutputs {
        int ends = (record == null ? 0 : 1) + (failure == null ? 0 : 1) + (render == null ? 0 : 1);
        if (ends != 1) {
            throw new IllegalArgumentException("a page has a record, a failure or a render request, exactly one");
        }
        if (parsed == null || scope == null) {
            throw new IllegalArgumentException("parsed and scope must not be null");
        }
        requests = List.copyOf(requests);
    }

    /** The outputs of a page that is recorded here or fails here (it is not sent to be rendered). */
    public PageOutputs(PageRecord record, FailureRecord failure, List<CrawlRequest> requests,
                       CrawlRequest redirect, ScopeSite moved, ParsedPage parsed, ScopeResult scope) {
        this(record, failure, requests, redirect, moved, parsed, scope, null);
    }

    /** The outputs of a page that does not redirect: its record and its links. */
    public PageOutputs(PageRecord record, List<CrawlRequest> requests, ParsedPage parsed, ScopeResult scope) {
        this(record, null, requests, null, null, parsed, scope);
    }

    /** The outputs of a page sent to the render workers: its request alone. */
    public static PageOutputs toRender(CrawlRequest request, ParsedPage parsed) {
        return new PageOutputs(null, null, List.of(), null, null, parsed,
                new ScopeResult(List.of(), java.util.Map.of()), request);
    }
}
