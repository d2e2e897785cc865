package org.kcrawl.chaos;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.kcrawl.embedded.web.RequestEvent;
import org.kcrawl.embedded.web.RequestLog;

/**
 * What a server handed out, page by page: how often each page was requested. A page requested more than
 * once was fetched again, the waste at-least-once delivery costs; robots.txt is not a page and is fetched
 * once per owner by design, so it is left out.
 *
 * @param requestsByPage requests per page, keyed {@code host + path}
 */
record FetchLedger(Map<String, Long> requestsByPage) {
    static final String ROBOTS = "/robots.txt";

    FetchLedger {
        requestsByPage = Map.copyOf(requestsByPage);
    }

    /** The ledger of every request in {@code log}. */
    static FetchLedger of(RequestLog log) {
        if (log.dropped() > 0) {
            throw new IllegalStateException("the request log dropped " + log.dropped() + " events; raise its capacity");
        }
        return of(log.all(), e -> true);
    }

    /** The ledger of the events {@code include} accepts. */
    static FetchLedger of(Collection<RequestEvent> events, Predicate<RequestEvent> include) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (RequestEvent e : events) {
            if (!e.path().equals(ROBOTS) && include.test(e)) {
                counts.merge(key(e), 1L, Long::sum);
            }
        }
        return new FetchLedger(counts);
    }

    /** The ledger key of an event: its host and path. */
    static String key(RequestEvent e) {
        return e.host() + e.path();
    }

    /** Distinct pages requested. */
    int pages() {
        return requestsByPage.size();
    }

    /** Requests beyond the first, summed over pages. */
    long repeats() {
        return requestsByPage.values().stream().mapToLong(n -> n - 1).sum();
    }

    /** Pages requested more than once, with their counts, sorted; at most {@code limit} of them. */
    Map<String, Long> repeated(int limit) {
        Map<String, Long> out = new TreeMap<>();
        requestsByPage.forEach((k, n) -> {
            if (n > 1 && out.size() < limit) {
                out.put(k, n);
            }
        });
        return out;
    }

    /** The pages both ledgers contain. */
    List<String> common(FetchLedger other) {
        return requestsByPage.keySet().stream().filter(other.requestsByPage::containsKey).sorted().toList();
    }
}
