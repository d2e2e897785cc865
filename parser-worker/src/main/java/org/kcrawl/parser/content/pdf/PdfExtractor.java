package org.kcrawl.parser.content.pdf;

import java.time.Duration;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a fetched PDF into a {@link PdfContent} with Apache PDFBox, under a size cap and a time budget,
 * and never throws for a bad PDF: an encrypted, damaged, truncated, oversized, image-only or over-budget
 * one gets a result whose {@link PdfTextError} says so.
 *
 * <p>The budget: PDFBox reads synchronously, so the reading checks the clock itself, before every page
 * and every 256 content-stream operators within one (a page of a million operators stops within a
 * fraction of a millisecond past the budget); only a single operator or the parse of one font is not
 * interrupted. A body the fetcher cut at its cap, or that lacks its {@code %%EOF} marker, is not read
 * at all: a truncated PDF yields no text rather than the fragments a repair of its structure would give.
 *
 * <p>PDFBox's classes are loaded only when the first PDF is read, not when this class is. Thread-safe:
 * each call reads on its own.
 */
public final class PdfExtractor {
    private static final Logger log = LoggerFactory.getLogger(PdfExtractor.class);

    private final int maxBytes;
    private final long budgetNanos;
    private final int maxTextChars;
    private final LongSupplier nanoClock;

    /**
     * @param maxBytes the largest body read (the parser's size cap); a larger one is {@link PdfTextError#TOO_LARGE}
     * @param timeBudget the time one PDF may take
     * @param maxTextChars the most text kept; the rest is cut, {@link PdfContent#textTruncated} set
     * @param nanoClock a monotonic clock ({@code System::nanoTime}; tests pass a fake one)
     */
    public PdfExtractor(int maxBytes, Duration timeBudget, int maxTextChars, LongSupplier nanoClock) {
        if (maxBytes <= 0 || maxTextChars <= 0 || timeBudget == null || timeBudget.isNegative() || nanoClock == null) {
            throw new IllegalArgumentException("maxBytes and maxTextChars must be positive, timeBudget not negative,"
                    + " nanoClock not null");
        }
        this.maxBytes = maxBytes;
        this.budgetNanos = timeBudget.toNanos();
        this.maxTextChars = maxTextChars;
        this.nanoClock = nanoClock;
    }

    /** The content of {@code body}; {@code truncated} when the fetcher cut it at its body cap. */
    public PdfContent extract(byte[] body, boolean truncated) {
        if (body == null || body.length == 0) {
            return PdfContent.unread(PdfTextError.DAMAGED);
        }
        if (truncated) {
            return PdfContent.unread(PdfTextError.TRUNCATED);
        }
        if (body.length > maxBytes) {
            return PdfContent.unread(PdfTextError.TOO_LARGE);
        }
        if (!PdfSniffer.hasEnd(body)) {
            return PdfContent.unread(PdfTextError.TRUNCATED);
        }
        long deadline = nanoClock.getAsLong() + budgetNanos;
        try {
            return PdfReading.read(body, new PdfReading.Budget(nanoClock, deadline), maxTextChars);
        } catch (RuntimeException | StackOverflowError e) {
            // A PDFBox failure on one document costs that document's text only.
            log.debug("reading a PDF failed", e);
            return PdfContent.unread(PdfTextError.DAMAGED);
        }
    }
}
