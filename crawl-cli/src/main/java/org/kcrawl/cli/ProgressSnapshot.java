package org.kcrawl.cli;

import java.util.Map;
import org.kcrawl.common.message.FailureReason;

/**
 * What the progress line shows at one moment.
 *
 * @param pages pages fetched
 * @param records lines written to the output file (records, or fetch-only lines)
 * @param queued URLs consumed and waiting for their turn (politeness, retries)
 * @param inFlight requests on the wire
 * @param errors fetch attempts that failed, counted as they happen (retried ones too)
 * @param lag messages of the urls, pages and parking topics whose worker group has not committed them yet
 * @param note what the crawl waits for ({@link IdleWaitNote}) or what holds it back when it is a limit the user
 *             did not ask for ({@link ImplicitLimitNote}), or empty
 * @param failures failure records (URLs given up on) by reason
 * @param seedMoves seeds that moved to another site by redirect ({@link SeedMoveNotices})
 * @param refused requests servers refused for now, put back in line (see {@link CrawlWorkers#refusals()})
 */
record ProgressSnapshot(long pages, long records, long queued, long inFlight, long errors, long lag, String note,
                        Map<FailureReason, Long> failures, int seedMoves, long refused) {
    ProgressSnapshot {
        if (note == null) {
            throw new IllegalArgumentException("note must not be null (empty for none)");
        }
        failures = Map.copyOf(failures);
    }

    /** A snapshot of a crawl no server refused. */
    ProgressSnapshot(long pages, long records, long queued, long inFlight, long errors, long lag, String note,
                     Map<FailureReason, Long> failures, int seedMoves) {
        this(pages, records, queued, inFlight, errors, lag, note, failures, seedMoves, 0);
    }

    /** A snapshot without failures, of a crawl none of whose seeds moved. */
    ProgressSnapshot(long pages, long records, long queued, long inFlight, long errors, long lag, String note) {
        this(pages, records, queued, inFlight, errors, lag, note, Map.of(), 0);
    }

    /** A snapshot of a crawl none of whose seeds moved. */
    ProgressSnapshot(long pages, long records, long queued, long inFlight, long errors, long lag, String note,
                     Map<FailureReason, Long> failures) {
        this(pages, records, queued, inFlight, errors, lag, note, failures, 0);
    }

    /** A snapshot without failures. */
    ProgressSnapshot(long pages, long records, long queued, long inFlight, long errors, long lag, String note,
                     int seedMoves) {
        this(pages, records, queued, inFlight, errors, lag, note, Map.of(), seedMoves);
    }
}
