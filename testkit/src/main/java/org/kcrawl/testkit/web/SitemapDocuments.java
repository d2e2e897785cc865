package org.kcrawl.testkit.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Renders the documents of a {@link SitemapSite}: robots.txt, sitemap XML (plain and gzipped) and link-free pages. */
final class SitemapDocuments {
    private SitemapDocuments() {}

    /** A robots.txt allowing everything that names {@code sitemaps} and adds {@code extraLines} verbatim. */
    static byte[] robots(List<String> sitemaps, List<String> extraLines) {
        StringBuilder sb = new StringBuilder("User-agent: *\nAllow: /\n");
        for (String sitemap : sitemaps) {
            sb.append("Sitemap: ").append(sitemap).append('\n');
        }
        for (String line : extraLines) {
            sb.append(line).append('\n');
        }
        return utf8(sb.toString());
    }

    /** A {@code sitemapindex} naming {@code sitemaps}. */
    static byte[] index(List<String> sitemaps) {
        return utf8(xml("sitemapindex", "sitemap", sitemaps));
    }

    /** A {@code urlset} listing {@code pages}. */
    static byte[] urlset(List<String> pages) {
        return utf8(xml("urlset", "url", pages));
    }

    /** {@code content} gzipped, as a {@code .xml.gz} file is stored. */
    static byte[] gzip(byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length / 4 + 64);
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException("gzip into memory failed", e);
        }
        return out.toByteArray();
    }

    /** An HTML page with a title and a heading and not a single link. */
    static byte[] page(String title) {
        return utf8("<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>" + title + "</title></head>\n<body><h1>"
                + title + "</h1>\n<p>Reachable only through the sitemap.</p></body>\n</html>\n");
    }

    private static String xml(String root, String entry, List<String> locs) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<").append(root)
                .append(" xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (String loc : locs) {
            sb.append("  <").append(entry).append("><loc>").append(loc).append("</loc></").append(entry).append(">\n");
        }
        return sb.append("</").append(root).append(">\n").toString();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
