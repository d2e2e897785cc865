package org.kcrawl.parser.content.pdf;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.fontbox.FontBoxFont;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.font.CIDFontMapping;
import org.apache.pdfbox.pdmodel.font.FontMapper;
import org.apache.pdfbox.pdmodel.font.FontMapping;
import org.apache.pdfbox.pdmodel.font.PDCIDSystemInfo;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;

/**
 * Maps every font a PDF does not embed to PDFBox's bundled Liberation Sans, without looking for system
 * fonts: PDFBox's own mapper scans the machine's fonts on first use (seconds, and a cache file written to
 * the home directory), which text extraction does not need (widths come from the PDF and the standard
 * fonts' metrics PDFBox bundles). Set once, for the process, when the first PDF is read.
 */
final class QuietFontMapper implements FontMapper {
    private static final String FALLBACK = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";

    private final TrueTypeFont fallback;

    QuietFontMapper() {
        try (InputStream in = FontMapper.class.getResourceAsStream(FALLBACK)) {
            if (in == null) {
                throw new IllegalStateException("PDFBox's jar lacks " + FALLBACK);
            }
            fallback = new TTFParser().parse(RandomAccessReadBuffer.createBufferFromStream(in));
        } catch (IOException e) {
            throw new UncheckedIOException("reading PDFBox's bundled font " + FALLBACK, e);
        }
    }

    @Override
    public FontMapping<TrueTypeFont> getTrueTypeFont(String baseFont, PDFontDescriptor fontDescriptor) {
        return new FontMapping<>(fallback, true);
    }

    @Override
    public FontMapping<FontBoxFont> getFontBoxFont(String baseFont, PDFontDescriptor fontDescriptor) {
        return new FontMapping<>(fallback, true);
    }

    @Override
    public CIDFontMapping getCIDFont(String baseFont, PDFontDescriptor fontDescriptor, PDCIDSystemInfo cidSystemInfo) {
        return new CIDFontMapping(null, fallback, true);
    }
}
