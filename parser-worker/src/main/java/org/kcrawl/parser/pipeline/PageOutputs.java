package org.kcrawl.parser.pipeline;

import java.util.List;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.scope.ScopeResult;

/**
 * Everything one fetched page produces: its record and the links to publish, plus what was learned
 * on the way (for metrics and tests).
 *
 * @param record the page's record
 * @param requests the followed links, deduplicated, as crawl requests one level deeper
 * @param parsed the parse result
 * @param scope the scope chain's verdict, including links dropped before it (scheme, invalid)
 */
public record PageOutputs(PageRecord record, List<CrawlRequest> requests, ParsedPage parsed, ScopeResult scope) {
    public PageOutputs {
        if (record == null || parsed == null || scope == null) {
            throw new IllegalArgumentException("record, parsed and scope must not be null");
        }
        requests = List.copyOf(requests);
    }
}
