package org.kcrawl.common.message;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The crawl's one answer to "is this HTML": the fetcher reads these bodies whole, the parser parses them as
 * HTML, the render worker renders them. A page is HTML when its declared media type is {@code text/html} or
 * {@code application/xhtml+xml}; a page that declares no type is HTML when its body starts like HTML.
 */
public final class HtmlContent {
    /** The media types of HTML, lower case, without parameters. */
    public static final List<String> MEDIA_TYPES = List.of("text/html", "application/xhtml+xml");

    /** How far into an untyped body its start is looked for. */
    private static final int SNIFF_BYTES = 512;

    private HtmlContent() {}

    /**
     * True when {@code page} is HTML: its content type (or, when the page has none, its Content-Type header)
     * names an HTML media type; with neither, when its body starts like HTML.
     */
    public static boolean isHtml(FetchedPage page) {
        String type = page.contentType();
        if (type == null || type.isBlank()) {
            type = page.headers().get("content-type");
        }
        if (type != null && !type.isBlank()) {
            return isHtmlType(type);
        }
        return startsLikeHtml(page.body());
    }

    /** True when the Content-Type value {@code contentType} (parameters allowed) names an HTML media type. */
    public static boolean isHtmlType(String contentType) {
        String media = mediaType(contentType);
        return media != null && MEDIA_TYPES.contains(media);
    }

    /** The media type of a Content-Type value, lower case without parameters, or null if absent or empty. */
    public static String mediaType(String contentType) {
        if (contentType == null) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
        return type.isEmpty() ? null : type.toLowerCase(Locale.ROOT);
    }

    /** True when {@code body} starts (after a byte order mark and blanks) with a doctype or an HTML document tag. */
    public static boolean startsLikeHtml(byte[] body) {
        int n = Math.min(body.length, SNIFF_BYTES);
        String start;
        if (n >= 2 && (body[0] & 0xFF) == 0xFF && (body[1] & 0xFF) == 0xFE) {
            start = new String(body, 2, n - 2, StandardCharsets.UTF_16LE);
        } else if (n >= 2 && (body[0] & 0xFF) == 0xFE && (body[1] & 0xFF) == 0xFF) {
            start = new String(body, 2, n - 2, StandardCharsets.UTF_16BE);
        } else {
            // Every other encoding we meet is ASCII-compatible for the markup itself.
            start = new String(body, 0, n, StandardCharsets.ISO_8859_1);
            if (start.startsWith("\u00ef\u00bb\u00bf")) {
                start = start.substring(3);
            }
        }
        String s = start.stripLeading().toLowerCase(Locale.ROOT);
        return s.startsWith("<!doctype html") || s.startsWith("<html") || s.startsWith("<head")
                || s.startsWith("<body") || s.startsWith("<title");
    }
}
