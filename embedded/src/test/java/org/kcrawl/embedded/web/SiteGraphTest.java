package org.kcrawl.embedded.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SiteGraphTest {
    private static final int HOSTS = 20;
    private static final int PAGES = 100;

    static SiteGraph graph(long seed, int hosts, int pages, int links, int externals, double cross) {
        return new SiteGraph(new UrlLayout(hosts, pages, 10, 8080),
                new LinkPlanner(seed, hosts, pages, links, externals, cross));
    }

    private static SiteGraph defaults(long seed) {
        return graph(seed, HOSTS, PAGES, 10, 1, 0.2);
    }

    @Test
    void sameSeedGivesSameGraphAndOtherSeedDiffers() {
        SiteGraph a = defaults(7);
        SiteGraph b = defaults(7);
        SiteGraph c = defaults(8);
        int differing = 0;
        for (String page : a.pages()) {
            assertThat(b.linksOf(page)).isEqualTo(a.linksOf(page));
            assertThat(b.hrefsOf(page)).isEqualTo(a.hrefsOf(page));
            if (!c.hrefsOf(page).equals(a.hrefsOf(page))) {
                differing++;
            }
        }
        assertThat(differing).isGreaterThan(a.pages().size() * 9 / 10);
    }

    @Test
    void pagesAreNamedByHostAddressAndPath() {
        SiteGraph g = defaults(1);
        assertThat(g.pages()).hasSize(HOSTS * PAGES)
                .startsWith("http://127.0.0.10:8080/", "http://127.0.0.10:8080/p/1")
                .contains("http://127.0.0.29:8080/p/99")
                .doesNotContain("http://127.0.0.30:8080/", "http://127.0.0.10:8080/p/0");
        assertThat(g.pageUrl(3, 12)).isEqualTo("http://127.0.0.13:8080/p/12");
        assertThat(g.titleOf(g.pageUrl(3, 12))).isEqualTo("Page 3-12");
    }

    @Test
    void everyPageOfAHostIsReachableFromItsRootWithoutLeavingTheHost() {
        SiteGraph g = defaults(42);
        for (int h = 0; h < HOSTS; h++) {
            String origin = "http://127.0.0." + (10 + h) + ":8080/";
            Map<String, Integer> reached = g.reachable(List.of(origin), PAGES, url -> url.startsWith(origin));
            Set<String> hostPages = g.pages().stream().filter(p -> p.startsWith(origin)).collect(Collectors.toSet());
            assertThat(reached.keySet()).isEqualTo(hostPages);
            assertThat(reached).containsEntry(origin, 0);
        }
    }

    @Test
    void linkZeroChainsThePagesOfAHost() {
        SiteGraph g = defaults(3);
        for (int p = 0; p < PAGES; p++) {
            assertThat(g.linksOf(g.pageUrl(5, p)).get(0)).isEqualTo(g.pageUrl(5, (p + 1) % PAGES));
        }
    }

    @Test
    void hrefsResolveToTheListedLinksAndUseEveryForm() {
        SiteGraph g = graph(11, HOSTS, PAGES, 10, 2, 0.2);
        List<String> allHrefs = new ArrayList<>();
        for (String page : g.pages()) {
            List<String> hrefs = g.hrefsOf(page);
            List<String> resolved = hrefs.stream().map(href -> resolveWithoutFragment(page, href)).toList();
            assertThat(resolved).as("links of %s", page).isEqualTo(g.linksOf(page));
            allHrefs.addAll(hrefs);
        }
        assertThat(allHrefs).anyMatch(h -> h.startsWith("/p/"))
                .anyMatch(h -> h.startsWith("../p/"))
                .anyMatch(h -> h.equals("../"))
                .anyMatch(h -> h.startsWith("p/"))
                .anyMatch(h -> h.equals("/"))
                .anyMatch(h -> h.startsWith("http://127.0.0."))
                .anyMatch(h -> h.matches(".*#section-[123]"))
                .anyMatch(h -> h.startsWith("http://external.invalid/"))
                .anyMatch(h -> h.startsWith("https://external.invalid/"));
    }

    @Test
    void fragmentLinksNormalizeToThePageWithoutTheFragment() {
        SiteGraph g = defaults(11);
        long fragments = 0;
        for (String page : g.pages()) {
            List<String> hrefs = g.hrefsOf(page);
            List<String> links = g.linksOf(page);
            for (int i = 0; i < hrefs.size(); i++) {
                if (hrefs.get(i).contains("#")) {
                    fragments++;
                    assertThat(links.get(i)).doesNotContain("#").isIn(g.pages());
                }
            }
        }
        assertThat(fragments).isBetween(2000L * 10 * 20 / 100, 2000L * 10 * 30 / 100);
    }

    @Test
    void crossHostLinksFollowTheRatioAndExternalsComeLast() {
        SiteGraph g = defaults(5);
        int cross = 0;
        int candidates = 0;
        for (String page : g.pages()) {
            String origin = page.substring(0, page.indexOf('/', "http://".length()) + 1);
            List<String> links = g.linksOf(page);
            assertThat(links).hasSize(11);
            assertThat(links.get(10)).startsWith("http").contains("://external.invalid/");
            for (int k = 1; k < 10; k++) {
                assertThat(links.get(k)).isIn(g.pages());
                candidates++;
                if (!links.get(k).startsWith(origin)) {
                    cross++;
                }
            }
        }
        assertThat((double) cross / candidates).isBetween(0.18, 0.22);
    }

    @Test
    void singleHostHasNoCrossHostLinks() {
        SiteGraph g = graph(1, 1, 50, 5, 0, 1.0);
        for (String page : g.pages()) {
            assertThat(g.linksOf(page)).hasSize(5).allMatch(l -> l.startsWith("http://127.0.0.10:8080/"));
        }
    }

    @Test
    void reachableRespectsDepthAndScope() {
        SiteGraph g = defaults(9);
        String root = g.pageUrl(0, 0);
        assertThat(g.reachable(List.of(root), 0, url -> true)).containsExactly(Map.entry(root, 0));

        Map<String, Integer> oneHop = g.reachable(List.of(root), 1, url -> true);
        assertThat(oneHop.keySet()).containsAll(g.linksOf(root));
        assertThat(oneHop.values()).containsOnly(0, 1);

        Map<String, Integer> inWeb = g.reachable(List.of(root), 100, g.pages()::contains);
        assertThat(inWeb.keySet()).allMatch(g.pages()::contains);
        Map<String, Integer> withExternal = g.reachable(List.of(root), 100, url -> true);
        assertThat(withExternal.keySet()).anyMatch(url -> url.contains("external.invalid"));

        Map<String, Integer> twoHops = g.reachable(List.of(root), 2, url -> true);
        for (String first : g.linksOf(root)) {
            if (g.pages().contains(first)) {
                for (String second : g.linksOf(first)) {
                    assertThat(twoHops.get(second)).as(second).isNotNull().isLessThanOrEqualTo(2);
                }
            }
        }
    }

    @Test
    void rejectsUnknownPagesAndBadArguments() {
        SiteGraph g = defaults(1);
        assertThatThrownBy(() -> g.linksOf("http://127.0.0.10:8080/p/100"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pageUrl").hasMessageContaining("/p/100");
        assertThatThrownBy(() -> g.reachable(List.of(), -1, u -> true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDepth");
        assertThatThrownBy(() -> g.pageUrl(20, 0)).hasMessageContaining("host");
        assertThatThrownBy(() -> g.pageUrl(0, 100)).hasMessageContaining("page");
    }

    static String resolveWithoutFragment(String base, String href) {
        URI resolved = URI.create(base).resolve(href);
        String s = resolved.toString();
        int hash = s.indexOf('#');
        return hash < 0 ? s : s.substring(0, hash);
    }
}
