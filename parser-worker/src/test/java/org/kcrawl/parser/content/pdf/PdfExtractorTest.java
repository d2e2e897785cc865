package org.kcrawl.parser.content.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Text, metadata and links of real PDFs, and a classified result for every bad one. */
class PdfExtractorTest {
    private static final byte[] DOCUMENT = fixture("appfileformat.pdf");
    private final PdfExtractor extractor = new PdfExtractor(10 * 1024 * 1024, Duration.ofSeconds(60), 200_000,
            System::nanoTime);

    static byte[] fixture(String name) {
        try (InputStream in = PdfExtractorTest.class.getResourceAsStream("/pdf/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture pdf/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aDocumentsTextInReadingOrderWithParagraphsMetadataAndLinks() {
        PdfContent c = extractor.extract(DOCUMENT, false);
        assertThat(c.textError()).isNull();
        assertThat(c.pages()).isEqualTo(6);
        assertThat(c.title()).isEqualTo("SQLite As An Application File Format");
        assertThat(c.author()).isEqualTo("D. Richard Hipp");
        assertThat(c.published()).isEqualTo("2026-12-06T04:25:14Z");
        assertThat(c.links()).containsExactly("https://www.sqlite.org/appfileformat.html", "about.html",
                "https://www.sqlite.org/whentouse.html");
        assertThat(c.textTruncated()).isFalse();
        String[] paragraphs = c.text().split("\n\n");
        assertThat(paragraphs).hasSize(59);
        assertThat(paragraphs[0]).isEqualTo("SQLite As An Application File Format Executive Summary");
        assertThat(paragraphs[1]).startsWith("An SQLite database file with a defined schema often makes an excellent"
                + " application file format. Here are a dozen reasons why this is so:");
        assertThat(paragraphs[2]).isEqualTo("Simplified Application Development");
        assertThat(c.text()).doesNotContain("\n\n\n").doesNotContain("  ")
                .contains("SQLite automatically ensures that the low-level format");
        // the last paragraph, with its links, comes last: reading order held across the six pages
        assertThat(paragraphs[paragraphs.length - 1]).startsWith("See the original page");
    }

    @Test
    void aPasswordProtectedDocumentSaysSo() {
        assertThat(extractor.extract(fixture("encrypted.pdf"), false))
                .isEqualTo(PdfContent.unread(PdfTextError.ENCRYPTED));
    }

    @Test
    void aDocumentWithAnOwnerPasswordOnlyIsReadAsAnyViewerReadsIt() {
        PdfContent c = extractor.extract(fixture("owner-password-only.pdf"), false);
        assertThat(c.textError()).isNull();
        assertThat(c.text()).isEqualTo(extractor.extract(DOCUMENT, false).text());
    }

    @Test
    void aTruncatedDocumentGivesNoTextNotFragments() {
        byte[] cut = Arrays.copyOf(DOCUMENT, DOCUMENT.length * 3 / 5);
        assertThat(extractor.extract(cut, false)).isEqualTo(PdfContent.unread(PdfTextError.TRUNCATED));
        // the fetcher's cut at its body cap says so even when the cut falls after an %%EOF of an update
        assertThat(extractor.extract(DOCUMENT, true)).isEqualTo(PdfContent.unread(PdfTextError.TRUNCATED));
    }

    @Test
    void aDamagedDocumentSaysSo() {
        byte[] damaged = DOCUMENT.clone();
        Random random = new Random(6);
        for (int i = 2000; i < damaged.length - 2000; i++) {
            damaged[i] = (byte) random.nextInt(256);
        }
        assertThat(extractor.extract(damaged, false).textError()).isEqualTo(PdfTextError.DAMAGED);
        assertThat(extractor.extract("%PDF-1.7\ngarbage\n%%EOF\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                false).textError()).isEqualTo(PdfTextError.DAMAGED);
        assertThat(extractor.extract(new byte[0], false).textError()).isEqualTo(PdfTextError.DAMAGED);
    }

    @Test
    void anImageOnlyDocumentHasNoText() {
        PdfContent c = extractor.extract(fixture("image-only.pdf"), false);
        assertThat(c.textError()).isEqualTo(PdfTextError.NO_TEXT);
        assertThat(c.text()).isNull();
        assertThat(c.pages()).isEqualTo(1);
        assertThat(c.title()).isEqualTo("Scanned page");
    }

    @Test
    void aDocumentOverTheSizeCapIsNotRead() {
        PdfExtractor small = new PdfExtractor(DOCUMENT.length - 1, Duration.ofSeconds(60), 200_000, System::nanoTime);
        assertThat(small.extract(DOCUMENT, false)).isEqualTo(PdfContent.unread(PdfTextError.TOO_LARGE));
    }

    @Test
    void theTimeBudgetStopsTheReadingAndKeepsWhatWasRead() {
        // every look at the clock costs a millisecond; the budget lasts half the looks of a whole reading
        AtomicLong now = new AtomicLong();
        new PdfExtractor(10 * 1024 * 1024, Duration.ofDays(1), 200_000, () -> now.addAndGet(1_000_000))
                .extract(DOCUMENT, false);
        long looks = now.get() / 1_000_000;
        assertThat(looks).isGreaterThan(10); // before every page and within them
        PdfExtractor slow = new PdfExtractor(10 * 1024 * 1024, Duration.ofMillis(looks / 2), 200_000,
                () -> now.addAndGet(1_000_000));
        PdfContent c = slow.extract(DOCUMENT, false);
        assertThat(c.textError()).isEqualTo(PdfTextError.TIME_BUDGET);
        assertThat(c.pages()).isEqualTo(6);
        String whole = extractor.extract(DOCUMENT, false).text();
        assertThat(c.text()).isNotNull().hasSizeLessThan(whole.length());
        assertThat(whole).startsWith(c.text().substring(0, 500));
    }

    @Test
    void longTextIsCutAtTheCap() {
        PdfExtractor capped = new PdfExtractor(10 * 1024 * 1024, Duration.ofSeconds(60), 1000, System::nanoTime);
        PdfContent c = capped.extract(DOCUMENT, false);
        assertThat(c.textError()).isNull();
        assertThat(c.textTruncated()).isTrue();
        assertThat(c.text()).hasSizeLessThanOrEqualTo(1000);
        assertThat(extractor.extract(DOCUMENT, false).text()).startsWith(c.text());
    }

    @Test
    void pdfDatesKeepWhatTheyState() {
        assertThat(PdfInfo.pdfDate("D:20231105143000+01'00'")).isEqualTo("2023-11-05T14:30:00+01:00");
        assertThat(PdfInfo.pdfDate("D:20231105143000Z")).isEqualTo("2023-11-05T14:30:00Z");
        assertThat(PdfInfo.pdfDate("D:20231105143000")).isEqualTo("2023-11-05T14:30:00");
        assertThat(PdfInfo.pdfDate("D:20231105")).isEqualTo("2023-11-05");
        assertThat(PdfInfo.pdfDate("D:202311051430-05'30")).isEqualTo("2023-11-05T14:30:00-05:30");
        assertThat(PdfInfo.pdfDate("D:2023")).isNull();
        assertThat(PdfInfo.pdfDate("D:20231341")).isNull();
        assertThat(PdfInfo.pdfDate("yesterday")).isNull();
        assertThat(PdfInfo.pdfDate("D:20231105143000x")).isNull();
        assertThat(PdfInfo.pdfDate(null)).isNull();
    }

    @Test
    void xmpFieldsAsElementsOrAttributesAndNotXml() {
        String xmp = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + "<rdf:Description xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmp:CreateDate=\"2020-01-02T03:04:05+01:00\"/>"
                + "<rdf:Description xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title><rdf:Alt>"
                + "<rdf:li xml:lang=\"x-default\">A Title</rdf:li></rdf:Alt></dc:title><dc:creator><rdf:Seq>"
                + "<rdf:li>Ann</rdf:li><rdf:li>Bo</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>";
        assertThat(XmpFields.read(xmp.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .isEqualTo(new XmpFields("A Title", "Ann, Bo", "2020-01-02T03:04:05+01:00", null));
        assertThat(XmpFields.read("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>".getBytes(
                java.nio.charset.StandardCharsets.UTF_8))).isEqualTo(XmpFields.NONE);
        assertThat(XmpFields.read("not xml".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEqualTo(XmpFields.NONE);
    }
}
