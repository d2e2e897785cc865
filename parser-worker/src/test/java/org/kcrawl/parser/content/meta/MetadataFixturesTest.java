package org.kcrawl.parser.content.meta;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The metadata of real pages' markup (excerpts under {@code src/test/resources/meta}), field by field. */
class MetadataFixturesTest {
    @Test
    void aNewsArticleWithJsonLdOpenGraphAndTwitterCards() {
        PageMetadata m = JsoupFacts.fixture("theguardian.html",
                "https://www.theguardian.com/tv-and-radio/2026/aug/30/vigil-review-this-police-thriller-is-twisty-explosive-and-so-boring");
        assertThat(m.author()).isEqualTo("Rachel Aroesti"); // JSON-LD; article:author is a profile URL, not a name
        assertThat(m.published()).isEqualTo("2026-08-30T21:00:06Z");
        assertThat(m.modified()).isEqualTo("2026-08-30T22:23:18Z");
        assertThat(m.siteName()).isEqualTo("the Guardian"); // og:site_name before the JSON-LD publisher
        assertThat(m.image()).startsWith("https://i.guim.co.uk/img/media/93ecc8c83a0b838a795cae187dfba8424309188e/")
                .contains("height=630").contains("&s=c2cff55c");
        assertThat(m.type()).isEqualTo("article");
        assertThat(m.keywords()).containsExactly("Television", "Culture", "Television & radio");
    }

    @Test
    void anArticleWhoseJsonLdIsInTheBodyBesideWebSiteAndBreadcrumbs() {
        PageMetadata m = JsoupFacts.fixture("brigitte.html",
                "https://www.brigitte.de/aktuell/riverdale--so-ehrt-die-serie-luke-perry-in-staffel-vier-11845312.html");
        assertThat(m).isEqualTo(new PageMetadata("BRIGITTE.de", "2019-06-20T15:32:00Z", "2019-06-20T16:00:14Z",
                "BRIGITTE",
                "https://image.brigitte.de/11602346/uncropped-0-0/8c8292696720bfffa788e85e2368862c/wJ/"
                        + "20--so-ehrt-die-serie-luke-perry-in-staffel-vier---1-1---spoton-article-723614.jpg",
                "article", List.of("Luke Perry", "Memoriam", "Berverly Hills", "90210", "Riverdale", "Staffel 4", "Tribut",
                        "Roberto Aguirre-Sacasa", "In Memoriam")));
    }

    @Test
    void sailthruTagsAsPropertiesAndFourJsonLdBlocks() {
        PageMetadata m = JsoupFacts.fixture("wunderweib.html", "https://www.wunderweib.de/");
        assertThat(m.author()).isEqualTo("Wunderweib1"); // JSON-LD names none: sailthru.author
        assertThat(m.published()).isEqualTo("2019-06-20T02:39:54+02:00"); // JSON-LD, before sailthru.date
        assertThat(m.modified()).isEqualTo("2019-06-20T02:49:19+02:00");
        assertThat(m.siteName()).isEqualTo("Wunderweib.de"); // the WebSite item, before og:site_name
        assertThat(m.type()).isEqualTo("article");
        assertThat(m.keywords()).containsExactly("Leben", "Hochzeit", "Fernsehen", "Instagram", "Stars");
    }

    @Test
    void squarespaceMicrodataInTheHeadAndJsonLdWithANumericOffset() {
        PageMetadata m = JsoupFacts.fixture("befifty.html", "https://www.befifty.de/home/2017/7/12/unter-uns-montauk");
        assertThat(m.author()).isEqualTo("Beate Finken");
        assertThat(m.published()).isEqualTo("2019-06-17T18:28:00+02:00");
        assertThat(m.modified()).isNull();
        assertThat(m.siteName()).isEqualTo("BeFifty");
        assertThat(m.type()).isEqualTo("article");
    }

    @Test
    void openGraphTimesBeforeMicrodataAndAGarbageTimeIgnored() {
        PageMetadata m = JsoupFacts.fixture("netzpolitik.html",
                "https://netzpolitik.org/2016/die-cider-connection-abmahnungen-gegen-nutzer-von-creative-commons-bildern/");
        assertThat(m.author()).isEqualTo("Markus Reuter"); // microdata: <meta itemprop=author>; the <a itemprop> is a URL
        assertThat(m.published()).isEqualTo("2016-06-23T16:14:51+02:00"); // not microdata's date-only value
        assertThat(m.modified()).isEqualTo("2019-06-24T14:54:27+02:00");
        assertThat(m.siteName()).isEqualTo("netzpolitik.org");
        assertThat(m.image()).isEqualTo("https://cdn.netzpolitik.org/wp-upload/2016/06/schaubild-bilderdiebstahl-vsge.png");
        assertThat(m.type()).isNull();
    }

    @Test
    void aPageOfManyCommentDatesStatesNoneOfThemAsItsOwn() {
        PageMetadata m = JsoupFacts.fixture("verfassungsblog.html", "https://verfassungsblog.de/a-decade-of-verfassungsblog/");
        assertThat(m.published()).isNull();
        assertThat(m.author()).isNull();
        assertThat(m.siteName()).isEqualTo("Verfassungsblog");
        assertThat(m.image()).isEqualTo("http://www.verfassungsblog.de/wp-content/uploads/2014/03/BW131106Verfassungsblog0049-2.jpg");
    }

    @Test
    void bloggerMicrodataWithAnAuthorItemAndATimeOfDayForADate() {
        PageMetadata m = JsoupFacts.fixture("unexpecteduser.html", "https://unexpecteduser.wordpress.com/2011/");
        assertThat(m).isEqualTo(new PageMetadata("Xyzzy Magic", null, null, null, null, null, List.of()));
    }

    @Test
    void aSiteHomePage() {
        PageMetadata m = JsoupFacts.fixture("wordpress.html", "https://blog.wordpress.com/");
        assertThat(m.type()).isEqualTo("website");
        assertThat(m.siteName()).isEqualTo("The WordPress.com Blog");
        assertThat(m.image()).isEqualTo("https://secure.gravatar.com/blavatar/e6392390e3bcfadff3671c5a5653d95b?s=200&ts=1504268931");
        assertThat(m.keywords()).startsWith("blogroll", "categories", "rsscloud", "terms of service").hasSize(20)
                .contains("diversity & inclusion");
        assertThat(m.author()).isNull();
        assertThat(m.published()).isNull();
    }

    @Test
    void aSiteNameAsStatedEvenWhenItIsAUrl() {
        PageMetadata m = JsoupFacts.fixture("horizont.html", "https://www.horizont.net/");
        assertThat(m.siteName()).isEqualTo("https://www.horizont.net");
        assertThat(m.published()).isNull(); // its <time> elements are embedded posts' and disagree
        assertThat(m.author()).isNull(); // twitter:creator is a handle, not a name
    }
}
