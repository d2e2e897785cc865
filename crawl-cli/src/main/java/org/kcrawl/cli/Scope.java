package org.kcrawl.cli;

/** Which discovered links a crawl follows. */
enum Scope {
    /** Only links on the host of the page they were found on: the crawl stays on the seeds' hosts. */
    HOST,
    /** Links within the same registered domain (public-suffix aware). */
    DOMAIN,
    /** Any link. */
    ANY
}
