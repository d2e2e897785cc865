package org.kcrawl.http.robots;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SitemapOfferTest {
    private static final String ROBOTS = "http://a.test/robots.txt";

    @Test
    void onlyHttpUrlsOnTheAskingHostAreOfferedEachOnce() {
        SitemapOffer offer = SitemapOffer.of("a.test", ROBOTS, List.of(
                "http://a.test/sitemap.xml",
                "https://A.test:8443/news.xml.gz",
                "http://b.test/sitemap.xml",
                "http://a.test.evil.example/sitemap.xml",
                "ftp://a.test/sitemap.xml",
                "not a url",
                "http://a.test/sitemap.xml"));

        assertThat(offer.robotsUrl()).isEqualTo(ROBOTS);
        assertThat(offer.take()).containsExactly("http://a.test/sitemap.xml", "https://A.test:8443/news.xml.gz");
    }

    @Test
    void atMostFiftyAreOffered() {
        List<String> declared = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            declared.add("http://a.test/sitemap-" + i + ".xml");
        }

        List<String> taken = SitemapOffer.of("a.test", ROBOTS, declared).take();

        assertThat(taken).hasSize(SitemapOffer.MAX_PER_HOST).startsWith("http://a.test/sitemap-0.xml")
                .endsWith("http://a.test/sitemap-49.xml");
    }

    @Test
    void theUrlsGoToTheFirstTakerUntilTheyAreGivenBack() {
        SitemapOffer offer = SitemapOffer.of("a.test", ROBOTS, List.of("http://a.test/sitemap.xml"));

        assertThat(offer.pending()).isTrue();
        List<String> taken = offer.take();
        assertThat(taken).containsExactly("http://a.test/sitemap.xml");
        assertThat(offer.pending()).isFalse();
        assertThat(offer.take()).isEmpty();

        offer.giveBack(taken);
        assertThat(offer.take()).containsExactly("http://a.test/sitemap.xml");
    }

    @Test
    void aFileWithoutSameHostSitemapsOffersNothing() {
        SitemapOffer offer = SitemapOffer.of("a.test", ROBOTS, List.of("http://b.test/sitemap.xml"));

        assertThat(offer).isSameAs(SitemapOffer.none());
        assertThat(offer.pending()).isFalse();
        assertThat(SitemapOffer.of("a.test", ROBOTS, List.of()).take()).isEmpty();
    }
}
