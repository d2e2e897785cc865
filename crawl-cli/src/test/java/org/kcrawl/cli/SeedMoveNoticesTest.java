package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.ScopeSite;
import org.kcrawl.common.scope.ScopeMode;

class SeedMoveNoticesTest {
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    @Test
    void onlyMovesCountAndEachIsToldOnce() {
        SeedMoveNotices moves = new SeedMoveNotices(ScopeMode.HOST);
        moves.accept(ScopeSite.seed("127.0.0.1:8000", "http://127.0.0.1:8000/", NOW));
        moves.accept(ScopeSite.seedRedirect("localhost:8000", "http://localhost:8000/", "http://127.0.0.1:8000/",
                NOW));

        assertThat(moves.count()).isEqualTo(1);
        assertThat(moves.untold()).containsExactly("seed moved: http://127.0.0.1:8000/ redirects to "
                + "http://localhost:8000/; the crawl covers localhost:8000 too");
        assertThat(moves.untold()).isEmpty();
        assertThat(moves.count()).isEqualTo(1);
    }

    @Test
    void inDomainScopeTheMoveCoversTheTargetsDomain() {
        SeedMoveNotices moves = new SeedMoveNotices(ScopeMode.DOMAIN);
        moves.accept(ScopeSite.seedRedirect("www.example.net", "https://www.example.net/", "https://example.com/",
                NOW));
        assertThat(moves.untold()).singleElement().asString().endsWith("the crawl covers the domain example.net too");
    }

    @Test
    void aCrawlUnderItsSeedsDirectoriesCoversTheTargetsDirectory() {
        SeedMoveNotices moves = new SeedMoveNotices(ScopeMode.HOST, true);
        moves.accept(ScopeSite.seedRedirect("example.com", "https://example.com/v2/docs/index.html",
                "https://example.com/docs/", NOW));
        assertThat(moves.untold()).singleElement().asString()
                .endsWith("the crawl covers example.com/v2/docs/ too");
    }
}
