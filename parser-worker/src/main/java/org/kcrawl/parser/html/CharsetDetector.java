package org.kcrawl.parser.html;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chooses the character set of an HTML body the way browsers do (WHATWG "determine the encoding"),
 * in this order: a byte-order mark, the Content-Type header, a {@code <meta>} declaration in the
 * first {@value #PRESCAN_BYTES} bytes, an XML declaration; with nothing declared, UTF-8 when the bytes
 * are valid UTF-8 and the fallback otherwise. Thread-safe.
 */
public final class CharsetDetector {
    /** How far into the body {@code <meta>} declarations are looked for. */
    public static final int PRESCAN_BYTES = 4096;

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    /** Labels the WHATWG Encoding Standard decodes as windows-1252, since pages that say so mean it. */
    private static final Set<String> LATIN1_LABELS = Set.of(
            "iso-8859-1", "iso8859-1", "iso_8859-1", "iso88591", "latin1", "l1", "ascii", "us-ascii",
            "cp819", "ibm819", "iso-ir-100", "csisolatin1", "x-cp1252", "cp1252", "windows-1252");
    private static final Pattern CHARSET_PARAM =
            Pattern.compile("charset\\s*=\\s*[\"']?([^\"';\\s,]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern META_TAG = Pattern.compile("<meta[\\s/][^>]*>");
    private static final Pattern ATTRIBUTE = Pattern.compile(
            "([a-z_:][-a-z0-9_:.]*)\\s*(?:=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s\"'>]+)))?");
    private static final Pattern XML_ENCODING =
            Pattern.compile("^<\\?xml[^>]*encoding\\s*=\\s*[\"']([^\"']+)[\"']");

    private final Charset fallback;

    /** A detector whose last resort for non-UTF-8 undeclared bodies is {@code fallback}. */
    public CharsetDetector(Charset fallback) {
        if (fallback == null) {
            throw new IllegalArgumentException("fallback must not be null");
        }
        this.fallback = fallback;
    }

    /** A detector falling back to windows-1252, the WHATWG default for undeclared Western pages. */
    public static CharsetDetector defaults() {
        return new CharsetDetector(WINDOWS_1252);
    }

    /** The character set of the first {@code length} bytes of {@code body}, served as {@code contentType}. */
    public DetectedCharset detect(byte[] body, int length, String contentType) {
        if (body == null) {
            throw new IllegalArgumentException("body must not be null");
        }
        if (length < 0 || length > body.length) {
            throw new IllegalArgumentException("length must be 0-" + body.length + " but was " + length);
        }
        DetectedCharset bom = fromBom(body, length);
        if (bom != null) {
            return bom;
        }
        Charset header = contentType == null ? null : fromContentType(contentType);
        if (header != null) {
            return new DetectedCharset(header, DetectedCharset.Source.HEADER, 0);
        }
        String head = new String(body, 0, Math.min(length, PRESCAN_BYTES), StandardCharsets.ISO_8859_1)
                .toLowerCase(Locale.ROOT);
        Charset meta = fromMeta(withoutComments(head));
        if (meta != null) {
            return new DetectedCharset(meta, DetectedCharset.Source.META, 0);
        }
        Charset xml = fromXmlDeclaration(head);
        if (xml != null) {
            return new DetectedCharset(xml, DetectedCharset.Source.XML_DECLARATION, 0);
        }
        if (Utf8.isValid(body, 0, length)) {
            return new DetectedCharset(StandardCharsets.UTF_8, DetectedCharset.Source.SNIFFED_UTF8, 0);
        }
        return new DetectedCharset(fallback, DetectedCharset.Source.FALLBACK, 0);
    }

    /** The charset named by a Content-Type value, or null when it names none this JVM supports. */
    public static Charset fromContentType(String contentType) {
        Matcher m = CHARSET_PARAM.matcher(contentType);
        return m.find() ? forLabel(m.group(1)) : null;
    }

    private static DetectedCharset fromBom(byte[] b, int n) {
        if (n >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
            return new DetectedCharset(StandardCharsets.UTF_8, DetectedCharset.Source.BOM, 3);
        }
        if (n >= 2 && (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF) {
            return new DetectedCharset(StandardCharsets.UTF_16BE, DetectedCharset.Source.BOM, 2);
        }
        if (n >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE) {
            return new DetectedCharset(StandardCharsets.UTF_16LE, DetectedCharset.Source.BOM, 2);
        }
        return null;
    }

    private static Charset fromMeta(String head) {
        Matcher tags = META_TAG.matcher(head);
        while (tags.find()) {
            String tag = tags.group();
            Matcher attrs = ATTRIBUTE.matcher(tag.substring(5));
            String charset = null;
            String httpEquiv = null;
            String content = null;
            while (attrs.find()) {
                String value = firstNonNull(attrs.group(2), attrs.group(3), attrs.group(4));
                switch (attrs.group(1)) {
                    case "charset" -> charset = charset == null ? value : charset;
                    case "http-equiv" -> httpEquiv = value;
                    case "content" -> content = value;
                    default -> { }
                }
            }
            Charset found = null;
            if (charset != null) {
                // <meta charset=utf-8/> is common; browsers would ignore it, but its meaning is plain.
                found = forLabel(charset.trim().replaceAll("/+$", ""));
            } else if (httpEquiv != null && httpEquiv.trim().equals("content-type") && content != null) {
                found = fromContentType(content);
            }
            if (found != null) {
                // A document that could be read this far is ASCII-compatible: a UTF-16 claim is wrong.
                return found.name().startsWith("UTF-16") ? StandardCharsets.UTF_8 : found;
            }
        }
        return null;
    }

    private static Charset fromXmlDeclaration(String head) {
        Matcher m = XML_ENCODING.matcher(head);
        if (!m.find()) {
            return null;
        }
        Charset c = forLabel(m.group(1));
        return c != null && c.name().startsWith("UTF-16") ? StandardCharsets.UTF_8 : c;
    }

    private static String withoutComments(String head) {
        int open = head.indexOf("<!--");
        if (open < 0) {
            return head;
        }
        StringBuilder out = new StringBuilder(head.length());
        int from = 0;
        while (open >= 0) {
            out.append(head, from, open);
            int close = head.indexOf("-->", open + 4);
            if (close < 0) {
                return out.toString();
            }
            from = close + 3;
            open = head.indexOf("<!--", from);
        }
        out.append(head, from, head.length());
        return out.toString();
    }

    /**
     * The charset for an encoding label, or null when this JVM does not know it. Latin-1 and ASCII
     * labels give windows-1252, as the WHATWG Encoding Standard prescribes.
     */
    public static Charset forLabel(String label) {
        if (label == null) {
            return null;
        }
        String l = label.trim().toLowerCase(Locale.ROOT);
        if (l.isEmpty()) {
            return null;
        }
        if (LATIN1_LABELS.contains(l)) {
            return WINDOWS_1252;
        }
        try {
            return Charset.forName(l);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null; // an unknown label is ignored, as browsers do, and the next source decides
        }
    }

    private static String firstNonNull(String a, String b, String c) {
        return a != null ? a : b != null ? b : c;
    }
}
