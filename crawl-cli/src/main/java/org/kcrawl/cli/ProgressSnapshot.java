package org.kcrawl.cli;

/**
 * What the progress line shows at one moment.
 *
 * @param pages pages fetched
 * @param records lines written to the output file (records, or fetch-only lines)
 * @param queued URLs consumed and waiting for their turn (politeness, retries)
 * @param inFlight requests on the wire
 * @param errors failures recorded
 * @param lag messages of the urls, pages and parking topics whose worker group has not committed them yet
 * @param note what holds the crawl back when it is a limit the user did not ask for ({@link CapNote}), or
 *             empty
 * @param seedMoves seeds that moved to another site by redirect ({@link SeedMoves})
 */
record ProgressSnapshot(long pages, long records, long queued, long inFlight, long errors, long lag, String note,
                        int seedMoves) {
    ProgressSnapshot {
        if (note == null) {
            throw new IllegalArgumentException("note must not be null (empty for none)");
        }
    }

    /** A snapshot of a crawl none of whose seeds moved. */
    ProgressSnapshot(long pages, long records, long queued, long inFlight, long errors, long lag, String note) {
        this(pages, records, queued, inFlight, errors, lag, note, 0);
    }
}
