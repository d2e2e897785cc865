package org.kcrawl.parser.content.pdf;

import java.io.IOException;
import java.io.InputStream;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.common.PDMetadata;
import org.kcrawl.parser.content.meta.StatedDate;

/**
 * A PDF's title, author and dates: from its XMP metadata first (the standard's place since PDF 2.0, and
 * where dates carry their offsets in ISO form), then from its info dictionary. Dates that do not parse
 * are left out ({@link StatedDate}); a PDF date without an offset stays without one.
 */
record PdfInfo(String title, String author, String published, String modified) {
    private static final int MAX_XMP_BYTES = 1024 * 1024;

    static PdfInfo of(PDDocument doc) {
        XmpFields xmp = xmp(doc);
        PDDocumentInformation info = doc.getDocumentInformation();
        String title = first(xmp.title(), info.getCOSObject().getString(COSName.TITLE));
        String author = first(xmp.creators(), info.getCOSObject().getString(COSName.AUTHOR));
        String published = first(StatedDate.normalize(xmp.created()), pdfDate(info.getCOSObject().getString(COSName.CREATION_DATE)));
        String modified = first(StatedDate.normalize(xmp.modified()), pdfDate(info.getCOSObject().getString(COSName.MOD_DATE)));
        return new PdfInfo(clean(title), clean(author), published, modified);
    }

    private static XmpFields xmp(PDDocument doc) {
        PDMetadata metadata = doc.getDocumentCatalog().getMetadata();
        if (metadata == null) {
            return XmpFields.NONE;
        }
        try (InputStream in = metadata.exportXMPMetadata()) {
            return XmpFields.read(in.readNBytes(MAX_XMP_BYTES));
        } catch (IOException e) {
            return XmpFields.NONE; // unreadable XMP: the info dictionary still speaks
        }
    }

    /**
     * A PDF date ({@code D:YYYYMMDDHHmmSSOHH'mm'}, every part after the year optional) as ISO 8601, or null:
     * a date without a time stays a date, a time without an offset stays without one.
     */
    static String pdfDate(String value) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        if (v.startsWith("D:")) {
            v = v.substring(2);
        }
        if (v.length() < 8 || !v.substring(0, 8).chars().allMatch(Character::isDigit)) {
            return null;
        }
        StringBuilder iso = new StringBuilder(v.substring(0, 4)).append('-').append(v, 4, 6).append('-').append(v, 6, 8);
        String rest = v.substring(8);
        if (rest.length() >= 4 && rest.substring(0, 4).chars().allMatch(Character::isDigit)) {
            iso.append('T').append(rest, 0, 2).append(':').append(rest, 2, 4);
            rest = rest.substring(4);
            if (rest.length() >= 2 && Character.isDigit(rest.charAt(0)) && Character.isDigit(rest.charAt(1))) {
                iso.append(':').append(rest, 0, 2);
                rest = rest.substring(2);
            }
            iso.append(offset(rest));
        } else if (!rest.isEmpty() && !rest.equals("Z")) {
            return null;
        }
        return StatedDate.normalize(iso.toString());
    }

    /** {@code Z}, {@code +HH'mm'} or {@code -HH'mm} as an ISO offset; empty when none is stated. */
    private static String offset(String rest) {
        String r = rest.replace("'", "");
        if (r.isEmpty()) {
            return "";
        }
        if (r.startsWith("Z")) {
            return "Z";
        }
        if ((r.charAt(0) == '+' || r.charAt(0) == '-') && r.length() >= 3) {
            String minutes = r.length() >= 5 ? r.substring(3, 5) : "00";
            return r.substring(0, 3) + ":" + minutes;
        }
        return "#"; // not an offset: makes the date unreadable rather than wrong
    }

    private static String first(String a, String b) {
        return a != null && !a.isBlank() ? a : b;
    }

    private static String clean(String value) {
        if (value == null) {
            return null;
        }
        String v = org.kcrawl.parser.content.Whitespace.collapse(value);
        return v.isEmpty() ? null : v.length() <= 512 ? v : v.substring(0, 512);
    }
}
