package org.kcrawl.parser.content.pdf;

import java.util.Locale;
import java.util.Set;

/**
 * Whether a fetched body is a PDF: by its declared type, or, when the server declares none or only a
 * generic binary type ({@code application/octet-stream} and the like), by the {@code %PDF-} header in
 * its first 1,024 bytes (where readers look for it). Needs no PDF library.
 */
public final class PdfSniffer {
    /** Where the header may start, as Acrobat allows. */
    static final int HEADER_WINDOW = 1024;
    private static final byte[] MAGIC = {'%', 'P', 'D', 'F', '-'};
    private static final Set<String> PDF_TYPES = Set.of("application/pdf", "application/x-pdf", "application/acrobat",
            "applications/vnd.pdf", "text/pdf", "text/x-pdf");
    private static final Set<String> GENERIC_TYPES = Set.of("application/octet-stream", "binary/octet-stream",
            "application/binary", "application/unknown", "application/x-download", "application/download",
            "application/force-download");

    private PdfSniffer() {}

    /** True when {@code body}, served as {@code contentType} (null when the server gave none), is a PDF. */
    public static boolean isPdf(String contentType, byte[] body) {
        String mime = contentType == null ? "" : contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (PDF_TYPES.contains(mime)) {
            return true;
        }
        return (mime.isEmpty() || GENERIC_TYPES.contains(mime)) && hasHeader(body);
    }

    /** True when {@code %PDF-} starts within the first {@link #HEADER_WINDOW} bytes. */
    static boolean hasHeader(byte[] body) {
        if (body == null) {
            return false;
        }
        int last = Math.min(body.length, HEADER_WINDOW) - MAGIC.length;
        for (int i = 0; i <= last; i++) {
            if (body[i] == '%' && matches(body, i, MAGIC)) {
                return true;
            }
        }
        return false;
    }

    /** True when the body ends (within its last 1,024 bytes) with the {@code %%EOF} marker a whole PDF has. */
    static boolean hasEnd(byte[] body) {
        byte[] eof = {'%', '%', 'E', 'O', 'F'};
        for (int i = body.length - eof.length; i >= Math.max(0, body.length - HEADER_WINDOW); i--) {
            if (matches(body, i, eof)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(byte[] body, int at, byte[] what) {
        for (int k = 0; k < what.length; k++) {
            if (body[at + k] != what[k]) {
                return false;
            }
        }
        return true;
    }
}
