package org.kcrawl.parser.content.pdf;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * A PDF's text in reading order as PDFBox's text stripper lays it out (content-stream order, which is
 * the reading order of what word processors and LaTeX write), cut into paragraphs where the stripper
 * sees one (a larger gap or an indent) and at page ends, lines of a paragraph joined ({@link Paragraphs}). The clock is read before each page and every 256
 * operators; when the budget is spent, or the text is long enough, reading stops there.
 */
final class PageText extends PDFTextStripper {
    /** Operators between two looks at the clock. */
    private static final int CLOCK_STRIDE = 256;
    private static final String PARAGRAPH = "\u2029";

    /** The text (null when it has no letter or digit), whether it was cut, and why reading stopped early. */
    record Result(String text, boolean truncated, PdfTextError error) {}

    /** Thrown to stop reading: the budget is spent or enough text was read. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }

    private final PdfReading.Budget budget;
    private int operators;
    private boolean overBudget;

    private PageText(PdfReading.Budget budget) {
        this.budget = budget;
        setLineSeparator("\n");
        setParagraphStart("");
        setParagraphEnd(PARAGRAPH);
        setPageEnd(PARAGRAPH);
        setArticleEnd(PARAGRAPH);
    }

    static Result read(PDDocument doc, PdfReading.Budget budget, int maxChars) {
        PageText stripper = new PageText(budget);
        CappedWriter out = new CappedWriter(maxChars + maxChars / 4 + 1024);
        PdfTextError error = null;
        try {
            stripper.writeText(doc, out);
        } catch (Stop e) {
            error = stripper.overBudget ? PdfTextError.TIME_BUDGET : null;
        } catch (IOException | RuntimeException e) {
            error = PdfTextError.DAMAGED; // what was read before stays
        }
        String text = Paragraphs.of(out.text(), PARAGRAPH);
        boolean truncated = out.full() || text.length() > maxChars;
        if (text.length() > maxChars) {
            text = text.substring(0, maxChars);
        }
        return new Result(hasWords(text) ? text : null, truncated, error);
    }

    @Override
    protected void startPage(PDPage page) throws IOException {
        checkBudget();
        super.startPage(page);
    }

    @Override
    protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
        if (++operators % CLOCK_STRIDE == 0) {
            checkBudget();
        }
        super.processOperator(operator, operands);
    }

    private void checkBudget() {
        if (budget.spent()) {
            overBudget = true;
            throw new Stop();
        }
    }

    private static boolean hasWords(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isLetterOrDigit(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** Keeps up to a number of characters, then stops the reading. */
    private static final class CappedWriter extends Writer {
        private final StringBuilder text = new StringBuilder();
        private final int max;
        private boolean full;

        CappedWriter(int max) {
            this.max = max;
        }

        @Override
        public void write(char[] buf, int off, int len) {
            int n = Math.min(len, max - text.length());
            text.append(buf, off, Math.max(0, n));
            if (n < len) {
                full = true;
                throw new Stop();
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        String text() {
            return text.toString();
        }

        boolean full() {
            return full;
        }
    }
}
