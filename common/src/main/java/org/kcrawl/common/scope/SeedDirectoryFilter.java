package org.kcrawl.common.scope;

/**
 * Keeps a crawl under its seeds' directories, as {@code wget --no-parent} does: a URL is in scope when its
 * path is under the directory of a seed on its site ({@link CrawlSites#underSeedDirectory}). A URL does not
 * remember which seed led to it, so with several seeds on one site it may be under any of theirs; a seed
 * that moves by redirect brings its target's directory in, as it brings its target's site. Thread-safe.
 */
public final class SeedDirectoryFilter implements LinkFilter {
    private final CrawlSites sites;

    /** A filter judging by the seeds' directories of {@code sites}, which it reads live. */
    public SeedDirectoryFilter(CrawlSites sites) {
        if (sites == null) {
            throw new IllegalArgumentException("sites must not be null");
        }
        this.sites = sites;
    }

    @Override
    public RejectReason reason() {
        return RejectReason.OUT_OF_SCOPE;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        return sites.underSeedDirectory(candidate.parsed());
    }
}
