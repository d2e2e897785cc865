package org.kcrawl.cli;

/** The fetcher and parser (none in a fetch-only crawl) of a local crawl, seen from the command that drives them. */
interface CrawlWorkers extends AutoCloseable {
    /** Starts the workers. */
    void start();

    /** Pages fetched so far. */
    long pagesFetched();

    /** Failures recorded so far. */
    long failures();

    /** Requests on the wire. */
    int inFlight();

    /** URLs consumed and waiting for politeness or a retry time. */
    int queued();

    /** What holds the crawl back when it is a limit the user did not ask for ({@link CapNote}), or "". */
    String capNote();

    /** The seeds that moved to another site by redirect, which the crawl now covers too. */
    SeedMoves seedMoves();

    /** Consumed messages (either worker) whose outputs are not all acknowledged yet. */
    int pending();

    /** Stops the workers gracefully: in-flight work finishes, offsets are committed. */
    @Override
    void close();
}
