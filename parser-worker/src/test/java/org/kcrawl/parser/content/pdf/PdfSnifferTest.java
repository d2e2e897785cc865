package org.kcrawl.parser.content.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PdfSnifferTest {
    private static final byte[] PDF = PdfExtractorTest.fixture("appfileformat.pdf");
    private static final byte[] HTML = "<!doctype html><html><body>A PDF file</body></html>".getBytes(StandardCharsets.UTF_8);

    @Test
    void byItsDeclaredType() {
        assertThat(PdfSniffer.isPdf("application/pdf", HTML)).isTrue();
        assertThat(PdfSniffer.isPdf(" Application/PDF ; qs=0.9", new byte[0])).isTrue();
        assertThat(PdfSniffer.isPdf("application/x-pdf", PDF)).isTrue();
    }

    @Test
    void byItsHeaderWhenTheTypeSaysNothing() {
        assertThat(PdfSniffer.isPdf("application/octet-stream", PDF)).isTrue();
        assertThat(PdfSniffer.isPdf(null, PDF)).isTrue();
        assertThat(PdfSniffer.isPdf("", PDF)).isTrue();
        assertThat(PdfSniffer.isPdf("binary/octet-stream", PDF)).isTrue();
        byte[] late = new byte[PDF.length + 1000];
        System.arraycopy(PDF, 0, late, 1000, PDF.length);
        assertThat(PdfSniffer.isPdf("application/octet-stream", late)).isTrue(); // junk before the header, as readers allow
        byte[] tooLate = new byte[PDF.length + 1020];
        System.arraycopy(PDF, 0, tooLate, 1020, PDF.length);
        assertThat(PdfSniffer.isPdf("application/octet-stream", tooLate)).isFalse();
        assertThat(PdfSniffer.isPdf("application/octet-stream", "%PDF".getBytes(StandardCharsets.US_ASCII))).isFalse();
        assertThat(PdfSniffer.isPdf("application/octet-stream", null)).isFalse();
    }

    @Test
    void notWhenTheTypeIsAnotherOne() {
        assertThat(PdfSniffer.isPdf("text/html", PDF)).isFalse();
        assertThat(PdfSniffer.isPdf("image/png", PDF)).isFalse();
        assertThat(PdfSniffer.isPdf("application/octet-stream", HTML)).isFalse();
    }
}
