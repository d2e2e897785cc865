package org.kcrawl.parser.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CharsetDetectorTest {
    private final CharsetDetector detector = CharsetDetector.defaults();

    private DetectedCharset detect(String ascii, String contentType) {
        byte[] b = ascii.getBytes(StandardCharsets.ISO_8859_1);
        return detector.detect(b, b.length, contentType);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " -> ", value = {
            "text/html; charset=UTF-8 -> UTF-8",
            "text/html;charset=\"shift_jis\" -> Shift_JIS",
            "text/html; Charset='EUC-JP' -> EUC-JP",
            "text/html; charset=iso-8859-1 -> windows-1252",
            "text/html; charset=US-ASCII -> windows-1252",
            "text/html; charset=latin1 -> windows-1252",
            "text/html; charset=gb2312 -> GB2312",
            "text/html; charset=utf8 -> UTF-8",
    })
    void readsTheContentTypeHeader(String contentType, String expected) {
        DetectedCharset d = detect("<html>", contentType);
        assertThat(d.source()).isEqualTo(DetectedCharset.Source.HEADER);
        assertThat(d.charset()).isEqualTo(Charset.forName(expected));
    }

    @Test
    void ignoresAnUnknownHeaderLabelAndFallsThroughToMeta() {
        DetectedCharset d = detect("<meta charset=koi8-r>", "text/html; charset=no-such-charset");
        assertThat(d.source()).isEqualTo(DetectedCharset.Source.META);
        assertThat(d.charset()).isEqualTo(Charset.forName("KOI8-R"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = " -> ", value = {
            "<meta charset=\"windows-1251\"> -> windows-1251",
            "<META CHARSET='EUC-KR'> -> EUC-KR",
            "<meta charset=utf-8/> -> UTF-8",
            "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\"> -> Shift_JIS",
            "<meta content='text/html; charset=big5' http-equiv='content-type'> -> Big5",
            "<meta name=x><meta charset=iso-8859-2> -> ISO-8859-2",
            "<meta charset=\"utf-16\"> -> UTF-8",
    })
    void readsMetaDeclarations(String head, String expected) {
        DetectedCharset d = detect("<html><head>" + head + "</head>", null);
        assertThat(d.source()).isEqualTo(DetectedCharset.Source.META);
        assertThat(d.charset()).isEqualTo(Charset.forName(expected));
    }

    @Test
    void ignoresMetaInsideComments() {
        DetectedCharset d = detect("<!-- <meta charset=koi8-r> --><meta charset=windows-1250>", null);
        assertThat(d.charset()).isEqualTo(Charset.forName("windows-1250"));
    }

    @Test
    void ignoresMetaBeyondThePrescanWindow() {
        String filler = "<!-- " + "x".repeat(CharsetDetector.PRESCAN_BYTES) + " -->";
        DetectedCharset d = detect("<html>" + filler + "<meta charset=koi8-r>", null);
        assertThat(d.source()).isEqualTo(DetectedCharset.Source.SNIFFED_UTF8);
    }

    @Test
    void readsAnXmlDeclaration() {
        DetectedCharset d = detect("<?xml version=\"1.0\" encoding=\"ISO-8859-15\"?><html>", null);
        assertThat(d.source()).isEqualTo(DetectedCharset.Source.XML_DECLARATION);
        assertThat(d.charset()).isEqualTo(Charset.forName("ISO-8859-15"));
    }

    @Test
    void sniffsValidUtf8EvenWhenCutMidCharacter() {
        byte[] b = "<p>\u00fcber \u65e5\u672c</p>".getBytes(StandardCharsets.UTF_8);
        int cut = b.length - 5; // inside the three bytes of the last CJK character
        DetectedCharset d = detector.detect(b, cut, "text/html");
        assertThat(d.source()).isEqualTo(DetectedCharset.Source.SNIFFED_UTF8);
        assertThat(d.charset()).isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void fallsBackForBytesThatAreNotUtf8() {
        byte[] b = "<p>caf\u00e9</p>".getBytes(Charset.forName("windows-1252"));
        assertThat(detector.detect(b, b.length, null).source()).isEqualTo(DetectedCharset.Source.FALLBACK);
        assertThat(new CharsetDetector(StandardCharsets.ISO_8859_1).detect(b, b.length, null).charset())
                .isEqualTo(StandardCharsets.ISO_8859_1);
    }

    @Test
    void recognisesByteOrderMarks() {
        assertThat(detector.detect(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '<'}, 4, "text/html; charset=ascii"))
                .isEqualTo(new DetectedCharset(StandardCharsets.UTF_8, DetectedCharset.Source.BOM, 3));
        assertThat(detector.detect(new byte[] {(byte) 0xFE, (byte) 0xFF, 0, '<'}, 4, null))
                .isEqualTo(new DetectedCharset(StandardCharsets.UTF_16BE, DetectedCharset.Source.BOM, 2));
        assertThat(detector.detect(new byte[] {(byte) 0xFF, (byte) 0xFE, '<', 0}, 4, null))
                .isEqualTo(new DetectedCharset(StandardCharsets.UTF_16LE, DetectedCharset.Source.BOM, 2));
    }

    @Test
    void utf8CheckRefusesOverlongsSurrogatesAndStrayBytes() {
        assertThat(Utf8.isValid(new byte[] {(byte) 0xC0, (byte) 0xAF}, 0, 2)).as("overlong '/'").isFalse();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, 0, 3)).isFalse();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, 0, 3)).as("surrogate").isFalse();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, 0, 4)).isFalse();
        assertThat(Utf8.isValid(new byte[] {'a', (byte) 0x80, 'b'}, 0, 3)).as("stray continuation").isFalse();
        assertThat(Utf8.isValid(new byte[] {(byte) 0xC3, 'a'}, 0, 2)).isFalse();
        assertThat(Utf8.isValid("\ud83d\ude00 ok".getBytes(StandardCharsets.UTF_8), 0, 7)).isTrue();
    }
}
