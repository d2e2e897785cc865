package org.kcrawl.parser.content.meta;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The fixed order of the sources, field by field, and how JSON-LD's main item is chosen. */
class MetadataPrecedenceTest {
    private static final String URL = "https://news.example/2024/05/story.html";

    private static final String JSON_LD = "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\","
            + "\"@type\":\"NewsArticle\",\"author\":{\"@type\":\"Person\",\"name\":\"Jane JsonLd\"},"
            + "\"datePublished\":\"2024-05-01T10:00:00+02:00\",\"dateModified\":\"2024-05-02\","
            + "\"image\":\"/img/ld.jpg\",\"keywords\":[\"ld-one\",\"ld-two\"],\"publisher\":{\"name\":\"Publisher Ld\"}}</script>";
    private static final String OPEN_GRAPH = "<meta property=\"article:author\" content=\"Jane Og\">"
            + "<meta property=\"article:published_time\" content=\"2024-05-03\">"
            + "<meta property=\"article:modified_time\" content=\"2024-05-04\">"
            + "<meta property=\"og:site_name\" content=\"Site Og\"><meta property=\"og:image\" content=\"/img/og.jpg\">"
            + "<meta property=\"og:type\" content=\"video.movie\"><meta property=\"article:tag\" content=\"og-one\">"
            + "<meta property=\"article:tag\" content=\"og-two\">";
    private static final String TWITTER = "<meta name=\"twitter:image\" content=\"/img/tw.jpg\">";
    private static final String META = "<meta name=\"author\" content=\"Jane Meta\">"
            + "<meta name=\"dc.date.issued\" content=\"2024-05-05\"><meta name=\"dcterms.modified\" content=\"2024-05-06\">"
            + "<meta name=\"application-name\" content=\"Site Meta\"><meta name=\"thumbnail\" content=\"/img/meta.jpg\">"
            + "<meta name=\"keywords\" content=\"meta-one, meta-two\">";
    private static final String MICRODATA = "<div itemscope itemtype=\"https://schema.org/Recipe\">"
            + "<span itemprop=\"author\" itemscope itemtype=\"https://schema.org/Person\"><b itemprop=\"name\">Jane Micro</b></span>"
            + "<time itemprop=\"datePublished\" datetime=\"2024-05-07\">May 7</time>"
            + "<meta itemprop=\"dateModified\" content=\"2024-05-08\"><img itemprop=\"image\" src=\"/img/micro.jpg\">"
            + "<span itemprop=\"publisher\">Site Micro</span><meta itemprop=\"keywords\" content=\"micro-one\"></div>";
    private static final String TIME = "<time datetime=\"2024-05-09\">May 9</time>";

    private static PageMetadata page(String... parts) {
        return JsoupFacts.html("<html><head><title>Story</title>" + String.join("", parts) + "</head><body></body></html>", URL);
    }

    @Test
    void jsonLdComesFirst() {
        PageMetadata m = page(TIME, MICRODATA, META, TWITTER, OPEN_GRAPH, JSON_LD);
        assertThat(m.author()).isEqualTo("Jane JsonLd");
        assertThat(m.published()).isEqualTo("2024-05-01T10:00:00+02:00");
        assertThat(m.modified()).isEqualTo("2024-05-02");
        assertThat(m.image()).isEqualTo("https://news.example/img/ld.jpg");
        assertThat(m.type()).isEqualTo("article");
        assertThat(m.keywords()).containsExactly("ld-one", "ld-two");
        assertThat(m.siteName()).isEqualTo("Site Og"); // a publisher is an organization: og:site_name first
    }

    @Test
    void thenOpenGraph() {
        PageMetadata m = page(TIME, MICRODATA, META, TWITTER, OPEN_GRAPH);
        assertThat(m.author()).isEqualTo("Jane Og");
        assertThat(m.published()).isEqualTo("2024-05-03");
        assertThat(m.modified()).isEqualTo("2024-05-04");
        assertThat(m.siteName()).isEqualTo("Site Og");
        assertThat(m.image()).isEqualTo("https://news.example/img/og.jpg");
        assertThat(m.type()).isEqualTo("video.movie");
        assertThat(m.keywords()).containsExactly("og-one", "og-two"); // every article:tag
    }

    @Test
    void thenTwitterCardsForTheImage() {
        assertThat(page(TIME, MICRODATA, META, TWITTER).image()).isEqualTo("https://news.example/img/tw.jpg");
    }

    @Test
    void thenTheOtherMetaConventions() {
        PageMetadata m = page(TIME, MICRODATA, META);
        assertThat(m.author()).isEqualTo("Jane Meta");
        assertThat(m.published()).isEqualTo("2024-05-05");
        assertThat(m.modified()).isEqualTo("2024-05-06");
        assertThat(m.siteName()).isEqualTo("Site Meta");
        assertThat(m.image()).isEqualTo("https://news.example/img/meta.jpg");
        assertThat(m.keywords()).containsExactly("meta-one", "meta-two");
        assertThat(m.type()).isEqualTo("recipe"); // no meta convention states a type: microdata's item
    }

    /** RDFa, which OpenGraph is written in, lets one {@code property} name several; Dublin Core is read in its spelling. */
    @Test
    void aPropertyListNamesEachOfItsPropertiesAndDublinCoreIsReadAsRdfaWritesIt() {
        PageMetadata m = page("<meta property=\"og:image twitter:image\" content=\"/img/both.jpg\">",
                "<meta property=\"dc:creator\ttwitter:site_name\" content=\"Creator Name\">",
                "<meta property=\"dcterms:modified\" content=\"2024-05-06\">");
        assertThat(m.image()).isEqualTo("https://news.example/img/both.jpg");
        assertThat(m.author()).isEqualTo("Creator Name");
        assertThat(m.modified()).isEqualTo("2024-05-06");
    }

    /** Scholarly pages state {@code citation_author} once per author: the authors, in order, each once. */
    @Test
    void aMetaKeyStatedOncePerAuthorListsTheAuthors() {
        String kooman = "<meta name=\"citation_author\" content=\"Kooman, F.\">";
        PageMetadata m = page(kooman, "<meta name=\"citation_author\" content=\"Jong, Michiel de\">", kooman);
        assertThat(m.author()).isEqualTo("Kooman, F., Jong, Michiel de");
        assertThat(page(kooman, "<meta name=\"author\" content=\"Jane Meta\">").author())
                .as("another key of a better rank replaces them, and does not join").isEqualTo("Jane Meta");
    }

    @Test
    void thenMicrodata() {
        PageMetadata m = page(TIME, MICRODATA);
        assertThat(m.author()).isEqualTo("Jane Micro");
        assertThat(m.published()).isEqualTo("2024-05-07");
        assertThat(m.modified()).isEqualTo("2024-05-08");
        assertThat(m.siteName()).isEqualTo("Site Micro");
        assertThat(m.image()).isEqualTo("https://news.example/img/micro.jpg");
        assertThat(m.keywords()).containsExactly("micro-one");
    }

    @Test
    void thenALoneTimeForThePublishedDateOnly() {
        assertThat(page(TIME)).isEqualTo(new PageMetadata(null, "2024-05-09", null, null, null, null, java.util.List.of()));
        assertThat(page(TIME, TIME).published()).isEqualTo("2024-05-09"); // the same date twice is still one date
        assertThat(page(TIME, "<time datetime=\"2024-05-10\">May 10</time>").published()).isNull();
        assertThat(page("<time>2024-05-11</time>").published()).isEqualTo("2024-05-11"); // its text, without datetime
    }

    @Test
    void withinOneSourceTheTableOrderNotTheDocumentOrder() {
        PageMetadata m = page("<meta name=\"sailthru.author\" content=\"Second\"><meta name=\"author\" content=\"First\">",
                "<meta name=\"keywords\" content=\"k\"><meta name=\"news_keywords\" content=\"nk\">");
        assertThat(m.author()).isEqualTo("First");
        assertThat(m.keywords()).containsExactly("nk");
    }

    @Test
    void aBetterSourceLaterInThePageStillWins() {
        assertThat(page(META, JSON_LD).author()).isEqualTo("Jane JsonLd");
        assertThat(page("<meta property=\"article:tag\" content=\"og\">", "<meta name=\"keywords\" content=\"meta\">",
                "<meta property=\"article:tag\" content=\"og2\">").keywords()).containsExactly("og", "og2");
    }

    @Test
    void aValueThatIsNoValueFallsThroughToTheNextSource() {
        PageMetadata m = page("<meta property=\"article:published_time\" content=\"yesterday\">",
                "<meta property=\"article:author\" content=\"https://facebook.com/jane\">", META);
        assertThat(m.published()).isEqualTo("2024-05-05");
        assertThat(m.author()).isEqualTo("Jane Meta");
    }

    @Test
    void yoastGraphAuthorsByReferenceAndTheSiteItem() {
        String graph = "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@graph\":["
                + "{\"@type\":\"Article\",\"@id\":\"" + URL + "#article\",\"isPartOf\":{\"@id\":\"" + URL + "\"},"
                + "\"author\":[{\"@id\":\"https://news.example/#/schema/person/1\"},{\"@id\":\"https://news.example/#/schema/person/2\"}],"
                + "\"headline\":\"Story\",\"publisher\":{\"@id\":\"https://news.example/#organization\"},"
                + "\"keywords\":\"one, two\"},"
                + "{\"@type\":\"WebPage\",\"@id\":\"" + URL + "\",\"url\":\"" + URL + "\",\"datePublished\":\"2024-04-30T08:00:00+00:00\","
                + "\"dateModified\":\"2024-05-01T09:30:00+00:00\",\"primaryImageOfPage\":{\"@id\":\"" + URL + "#primaryimage\"}},"
                + "{\"@type\":\"ImageObject\",\"@id\":\"" + URL + "#primaryimage\",\"url\":\"https://cdn.news.example/p.jpg\"},"
                + "{\"@type\":\"WebSite\",\"@id\":\"https://news.example/#website\",\"name\":\"News Example\"},"
                + "{\"@type\":\"Organization\",\"@id\":\"https://news.example/#organization\",\"name\":\"Example Media Inc.\"},"
                + "{\"@type\":\"Person\",\"@id\":\"https://news.example/#/schema/person/1\",\"name\":\"Ann Author\"},"
                + "{\"@type\":\"Person\",\"@id\":\"https://news.example/#/schema/person/2\",\"givenName\":\"Bo\",\"familyName\":\"Writer\"}"
                + "]}</script>";
        PageMetadata m = page(graph);
        assertThat(m.author()).isEqualTo("Ann Author, Bo Writer");
        assertThat(m.published()).isEqualTo("2024-04-30T08:00:00Z"); // the article states none: the page item's
        assertThat(m.modified()).isEqualTo("2024-05-01T09:30:00Z");
        assertThat(m.image()).isEqualTo("https://cdn.news.example/p.jpg");
        assertThat(m.siteName()).isEqualTo("News Example");
        assertThat(m.type()).isEqualTo("article");
        assertThat(m.keywords()).containsExactly("one", "two");
    }

    @Test
    void theMainItemIsTheArticleNotTheVideoInItNorAnotherPagesArticle() {
        String other = "{\"@type\":\"BlogPosting\",\"url\":\"https://news.example/other.html\",\"author\":\"Other\"}";
        String video = "{\"@type\":\"VideoObject\",\"url\":\"" + URL + "\",\"author\":\"Video\",\"uploadDate\":\"2024-01-01\"}";
        String self = "{\"@type\":[\"NewsArticle\",\"Article\"],\"mainEntityOfPage\":{\"@id\":\"" + URL + "\"},\"author\":\"Self\"}";
        PageMetadata m = page("<script type=\"application/ld+json\">[" + video + "," + other + "," + self + "]</script>");
        assertThat(m.author()).isEqualTo("Self");
        assertThat(m.type()).isEqualTo("article");
        assertThat(page("<script type=\"application/ld+json\">" + video + "</script>").type()).isEqualTo("video");
    }

    @Test
    void withoutAUrlTheArticleWhoseHeadlineBeginsTheTitle() {
        String a = "{\"@type\":\"Article\",\"headline\":\"Elsewhere\",\"author\":\"A\"}";
        String b = "{\"@type\":\"Article\",\"headline\":\"Story\",\"author\":\"B\"}";
        assertThat(page("<script type=\"application/ld+json\">[" + a + "," + b + "]</script>").author()).isEqualTo("B");
    }

    @Test
    void microdataDatesOfOtherItemsAreNotThePages() {
        PageMetadata m = page("<div itemscope itemtype=\"https://schema.org/Comment\" itemprop=\"comment\">"
                + "<time itemprop=\"datePublished\" datetime=\"2024-06-01\">June 1</time></div>"
                + "<div itemprop=\"comment\" itemscope><meta itemprop=\"dateModified\" content=\"2024-06-02\">"
                + "<img itemprop=\"image\" src=\"/avatar.png\"></div>");
        assertThat(m.published()).isNull();
        assertThat(m.modified()).isNull();
        assertThat(m.image()).isNull();
    }

    @Test
    void typesAreTheRecordsWords() {
        assertThat(page("<meta property=\"og:type\" content=\" Article \">").type()).isEqualTo("article");
        assertThat(page("<script type=\"application/ld+json\">{\"@type\":\"Product\"}</script>").type()).isEqualTo("product");
        assertThat(page("<script type=\"application/ld+json\">{\"@type\":\"schema:LiveBlogPosting\"}</script>").type())
                .isEqualTo("article");
        assertThat(page("<script type=\"application/ld+json\">{\"@type\":\"CollectionPage\"}</script>").type())
                .isEqualTo("website");
        assertThat(page("<body itemscope itemtype=\"http://schema.org/WebPage\"><article itemscope "
                + "itemtype=\"http://schema.org/BlogPosting\"></article></body>").type()).isEqualTo("article");
        assertThat(page("<script type=\"application/ld+json\">{\"@type\":\"Organization\",\"name\":\"Org\"}</script>").type())
                .isNull();
    }

    @Test
    void jsonLdScriptTypeIsComparedTrimmedInAnyCase() {
        assertThat(MetadataCollector.isJsonLd(" Application/LD+JSON ")).isTrue();
        assertThat(MetadataCollector.isJsonLd("application/json")).isFalse();
        assertThat(MetadataCollector.isJsonLd(null)).isFalse();
        assertThat(page("<script type=\" APPLICATION/ld+json\">{\"@type\":\"Article\",\"author\":\"X\"}</script>").author())
                .isEqualTo("X");
    }

    @Test
    void namesAreCleaned() {
        assertThat(page("<meta name=\"byl\" content=\"By  Jane\n Doe \">").author()).isEqualTo("Jane Doe");
        assertThat(page("<script type=\"application/ld+json\">{\"@type\":\"Article\",\"author\":\"Ben &amp; Jerry\"}</script>")
                .author()).isEqualTo("Ben & Jerry");
        assertThat(page("<meta name=\"keywords\" content=\"a; b,, A ,c\">").keywords()).containsExactly("a", "b", "c");
        assertThat(page("<meta property=\"og:image\" content=\"data:image/png;base64,AAAA\">").image()).isNull();
    }
}
