package org.kcrawl.parser.content.pdf;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.pdmodel.font.FontMappers;
import org.apache.pdfbox.pdmodel.interactive.action.PDAction;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;

/** One PDF read with PDFBox: opened, its metadata, links and text taken within the budget. */
final class PdfReading {
    /** Links kept per document. */
    static final int MAX_LINKS = 10_000;

    static {
        FontMappers.set(new QuietFontMapper());
    }

    /** The clock and the moment reading must stop. */
    record Budget(LongSupplier clock, long deadline) {
        boolean spent() {
            return clock.getAsLong() - deadline > 0;
        }
    }

    private PdfReading() {}

    static PdfContent read(byte[] body, Budget budget, int maxTextChars) {
        try (PDDocument doc = Loader.loadPDF(body)) {
            PdfInfo info = PdfInfo.of(doc);
            int pages = doc.getNumberOfPages();
            List<String> links = links(doc);
            PageText.Result text = PageText.read(doc, budget, maxTextChars);
            PdfTextError error = text.error();
            String t = text.text();
            if (error == null && t == null) {
                error = PdfTextError.NO_TEXT;
            }
            return new PdfContent(t, text.truncated(), info.title(), info.author(), info.published(), info.modified(),
                    pages, links, error);
        } catch (InvalidPasswordException e) {
            return PdfContent.unread(PdfTextError.ENCRYPTED);
        } catch (IOException e) {
            return PdfContent.unread(PdfTextError.DAMAGED);
        }
    }

    /** The URIs of the document's link annotations, in page order, without repeats. */
    private static List<String> links(PDDocument doc) {
        Set<String> links = new LinkedHashSet<>();
        for (PDPage page : doc.getPages()) {
            List<PDAnnotation> annotations;
            try {
                annotations = page.getAnnotations();
            } catch (IOException e) {
                continue; // a page whose annotations do not parse has no links to give
            }
            for (PDAnnotation a : annotations) {
                if (links.size() >= MAX_LINKS) {
                    return new ArrayList<>(links);
                }
                if (a instanceof PDAnnotationLink link) {
                    PDAction action = link.getAction();
                    if (action instanceof PDActionURI uri && uri.getURI() != null && !uri.getURI().isBlank()) {
                        links.add(uri.getURI().strip());
                    }
                }
            }
        }
        return new ArrayList<>(links);
    }
}
