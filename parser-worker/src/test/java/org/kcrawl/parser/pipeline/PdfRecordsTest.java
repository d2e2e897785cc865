package org.kcrawl.parser.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.message.CrawlRequest;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.MessageCodec;
import org.kcrawl.common.message.PageRecord;
import org.kcrawl.common.message.RecordMetadata;
import org.kcrawl.common.message.RecordText;
import org.kcrawl.common.message.SchemaVersions;
import org.kcrawl.common.scope.RejectReason;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.kafka.ParserWorker;

/**
 * A fetched PDF gets a record with its text, metadata and pages, or one saying why its text is missing, and
 * its links are followed like a page's: the real PDFs of {@code src/test/resources/pdf} (SQLite's "SQLite As
 * An Application File Format", 6 pages, and its encrypted and image-only copies), served as a site would.
 */
class PdfRecordsTest {
    private static final String URL = "https://www.sqlite.org/docs/appfileformat.pdf";
    private static final byte[] DOCUMENT = fixture("appfileformat.pdf");

    static byte[] fixture(String name) {
        try (InputStream in = PdfRecordsTest.class.getResourceAsStream("/pdf/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FetchedPage pdf(String contentType, byte[] body, boolean truncated, Map<String, String> headers) {
        return new FetchedPage(SchemaVersions.CURRENT, URL, URL, 200, headers, contentType, body,
                Instant.parse("2026-12-06T12:00:00Z"), 30, 1, truncated, null);
    }

    private static PageOutputs process(FetchedPage page, String... settings) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < settings.length; i += 2) {
            env.put("KCRAWL_PARSER_" + settings[i].toUpperCase(java.util.Locale.ROOT), settings[i + 1]);
        }
        return ParserWorker.processor(ParserConfig.load(null, env), new ParserMetrics(new SimpleMeterRegistry()))
                .process(page);
    }

    @Test
    void aPdfRecordHasItsTextMetadataPagesAndHashes() {
        PageRecord r = process(pdf("application/pdf", DOCUMENT, false, Map.of())).record();

        assertThat(r.title()).isEqualTo("SQLite As An Application File Format");
        assertThat(r.content().text()).startsWith("SQLite As An Application File Format Executive Summary\n\n")
                .contains("SQLite automatically ensures that the low-level format");
        assertThat(r.textLength()).isEqualTo(r.content().text().length());
        assertThat(r.content().textTruncated()).isFalse();
        assertThat(r.content().textError()).isNull();
        assertThat(r.content().markdown()).isNull();
        assertThat(r.content().textHash()).matches("[0-9a-f]{32}");
        assertThat(r.content().simhash()).matches("[0-9a-f]{16}");
        assertThat(r.metadata().author()).isEqualTo("D. Richard Hipp");
        assertThat(r.metadata().published()).isEqualTo("2026-12-06T04:25:14Z");
        assertThat(r.metadata().pages()).isEqualTo(6);
        assertThat(r.truncated()).isFalse();
        assertThat(MessageCodec.get().readTree(MessageCodec.get().encode(r)).get("pages").asInt()).isEqualTo(6);
    }

    @Test
    void aPdfIsCountedAsOne() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        PageOutputs out = ParserWorker.processor(ParserConfig.load(null, Map.of()), new ParserMetrics(registry))
                .process(pdf("application/pdf", fixture("encrypted.pdf"), false, Map.of()));

        assertThat(out.parsed().kind()).isEqualTo(ParsedPage.Kind.PDF);
        assertThat(registry.get("crawl.parse.pages").tag("kind", "pdf").counter().count()).isEqualTo(1.0);
    }

    @Test
    void itsLinksAreFollowedWithinScopeLikeAPagesLinks() {
        PageOutputs out = process(pdf("application/pdf", DOCUMENT, false, Map.of()), "scope", "host");

        assertThat(out.parsed().links()).extracting(l -> l.url()).containsExactly(
                "https://www.sqlite.org/appfileformat.html", "https://www.sqlite.org/docs/about.html",
                "https://www.sqlite.org/whentouse.html");
        assertThat(out.requests()).extracting(CrawlRequest::url).containsExactly(
                "https://www.sqlite.org/appfileformat.html", "https://www.sqlite.org/docs/about.html",
                "https://www.sqlite.org/whentouse.html");
        assertThat(out.requests()).allSatisfy(r -> assertThat(r.depth()).isEqualTo(2));
        assertThat(out.record().links()).isEqualTo(3);

        FetchedPage elsewhere = new FetchedPage(SchemaVersions.CURRENT, "https://mirror.example.org/a.pdf",
                "https://mirror.example.org/a.pdf", 200, Map.of(), "application/pdf", DOCUMENT,
                Instant.parse("2026-12-06T12:00:00Z"), 30, 1, false, null);
        PageOutputs mirrored = process(elsewhere, "scope", "host");
        assertThat(mirrored.requests()).extracting(CrawlRequest::url)
                .containsExactly("https://mirror.example.org/about.html");
        assertThat(mirrored.scope().rejected()).containsEntry(RejectReason.OUT_OF_SCOPE, 2);
    }

    @Test
    void aPdfServedAsOctetStreamIsKnownByItsMagicBytes() {
        PageRecord r = process(pdf("application/octet-stream", DOCUMENT, false, Map.of())).record();

        assertThat(r.metadata().pages()).isEqualTo(6);
        assertThat(r.content().text()).isNotEmpty();
    }

    @Test
    void anEncryptedPdfGetsARecordThatSaysSo() {
        PageOutputs out = process(pdf("application/pdf", fixture("encrypted.pdf"), false, Map.of()));

        assertThat(out.failure()).isNull();
        PageRecord r = out.record();
        assertThat(r.content()).isEqualTo(new RecordText(null, false, null, null, null, "encrypted"));
        assertThat(r.metadata().pages()).isZero();
        assertThat(MessageCodec.get().readTree(MessageCodec.get().encode(r)).get("text_error").asText())
                .isEqualTo("encrypted");
    }

    @Test
    void aTruncatedPdfGetsARecordThatSaysSo() {
        byte[] cut = Arrays.copyOf(DOCUMENT, DOCUMENT.length * 3 / 5);

        assertThat(process(pdf("application/pdf", cut, false, Map.of())).record().content().textError())
                .isEqualTo("truncated");
        PageRecord capped = process(pdf("application/pdf", cut, true, Map.of())).record();
        assertThat(capped.content().textError()).as("cut at the fetcher's body cap").isEqualTo("truncated");
        assertThat(capped.content().text()).isNull();
        assertThat(capped.truncated()).isTrue();
    }

    @Test
    void anImageOnlyPdfHasNoTextButItsPagesAndTitle() {
        PageRecord r = process(pdf("application/pdf", fixture("image-only.pdf"), false, Map.of())).record();

        assertThat(r.content().textError()).isEqualTo("no_text");
        assertThat(r.content().text()).isNull();
        assertThat(r.content().textHash()).isNull();
        assertThat(r.metadata().pages()).isEqualTo(1);
        assertThat(r.title()).isEqualTo("Scanned page");
    }

    @Test
    void aPdfLargerThanTheParseCapIsNotRead() {
        PageRecord r = process(pdf("application/pdf", DOCUMENT, false, Map.of()), "max_parse_bytes",
                Integer.toString(DOCUMENT.length - 1)).record();

        assertThat(r.content().textError()).isEqualTo("too_large");
        assertThat(r.truncated()).isTrue();
    }

    @Test
    void maxTextCharsCapsAPdfsText() {
        PageRecord r = process(pdf("application/pdf", DOCUMENT, false, Map.of()), "max_text_chars", "1000").record();

        assertThat(r.content().textTruncated()).isTrue();
        assertThat(r.content().text()).hasSizeLessThanOrEqualTo(1000);
    }

    @Test
    void aNoindexPdfKeepsItsLinksAndNothingElseAndANofollowOneFollowsNone() {
        PageOutputs noindex = process(pdf("application/pdf", DOCUMENT, false, Map.of("x-robots-tag", "noindex")));
        assertThat(noindex.record().content()).isEqualTo(new RecordText(null, false, null, null, null, "noindex"));
        assertThat(noindex.record().metadata()).isEqualTo(RecordMetadata.NONE);
        assertThat(noindex.record().title()).isNull();
        assertThat(noindex.requests()).hasSize(3);

        PageOutputs nofollow = process(pdf("application/pdf", DOCUMENT, false, Map.of("x-robots-tag", "nofollow")));
        assertThat(nofollow.requests()).isEmpty();
        assertThat(nofollow.scope().rejected()).containsEntry(RejectReason.NOFOLLOW, 3);
        assertThat(nofollow.record().content().text()).isNotEmpty();
    }

    @Test
    void withContentNoneAPdfIsNotReadAsBefore() {
        PageOutputs out = process(pdf("application/pdf", DOCUMENT, false, Map.of()), "content", "none");

        assertThat(out.parsed()).isEqualTo(ParsedPage.metadataOnly(ParsedPage.Kind.NON_HTML, null));
        assertThat(out.record().content()).isEqualTo(RecordText.NONE);
        assertThat(out.record().metadata()).isEqualTo(RecordMetadata.NONE);
        assertThat(out.requests()).isEmpty();
        assertThat(out.record().title()).isNull();
        assertThat(out.record().links()).isZero();
    }
}
