package org.kcrawl.parser.sitemap;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.parser.content.PageContent;
import org.kcrawl.parser.html.DiscoveredLink;
import org.kcrawl.parser.html.ParsedPage;
import org.kcrawl.parser.html.RobotsDirectives;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;
import org.slf4j.Logger;
import org.kcrawl.parser.ParserSettings;
import org.slf4j.LoggerFactory;

/**
 * Reads sitemaps (XML {@code urlset}, {@code sitemapindex}, gzipped or not, and text sitemaps) with
 * crawler-commons, and returns their URLs as the page's links: the pages of a sitemap, the child
 * sitemaps of an index. Decompression is capped here because crawler-commons does not cap it, so a
 * gzip bomb costs at most the cap. Thread-safe.
 */
public final class SitemapParser {
    private static final Logger log = LoggerFactory.getLogger(SitemapParser.class);
    private static final int SNIFF_BYTES = 2048;

    private final UrlNormalizer normalizer;
    private final int maxBytes;
    private final int maxUrls;

    /**
     * @param normalizer normalizes every listed URL
     * @param maxBytes largest (decompressed) sitemap read; larger ones give a failed, metadata-only page
     * @param maxUrls most URLs taken from one sitemap; the rest are ignored
     */
    public SitemapParser(UrlNormalizer normalizer, int maxBytes, int maxUrls) {
        if (normalizer == null) {
            throw new IllegalArgumentException("normalizer must not be null");
        }
        ParserSettings.MAX_SITEMAP_BYTES.check(maxBytes, "max_sitemap_bytes");
        ParserSettings.MAX_SITEMAP_URLS.check(maxUrls, "max_sitemap_urls");
        this.normalizer = normalizer;
        this.maxBytes = maxBytes;
        this.maxUrls = maxUrls;
    }

    /** The declared default caps of {@code max_sitemap_bytes} and {@code max_sitemap_urls}. */
    public static SitemapParser defaults() {
        return new SitemapParser(UrlNormalizer.defaults(), Math.toIntExact(ParserSettings.MAX_SITEMAP_BYTES.defaultLong()),
                Math.toIntExact(ParserSettings.MAX_SITEMAP_URLS.defaultLong()));
    }

    /** Most URLs taken from one sitemap; the scope chain's outlink cap for sitemaps. */
    public int maxUrls() {
        return maxUrls;
    }

    /**
     * True when {@code page} is a sitemap: XML whose root is {@code urlset} or {@code sitemapindex},
     * a gzip body at a sitemap-like path, or a text file at a path like {@code /sitemap.txt}.
     */
    public static boolean isSitemap(FetchedPage page) {
        byte[] body = page.body();
        if (page.redirectTo() != null || body.length == 0) {
            return false;
        }
        String path = path(page.finalUrl());
        if (isGzip(body)) {
            return path.contains("sitemap") || path.endsWith(".xml.gz");
        }
        String mime = mime(page);
        if (mime.equals("text/plain")) {
            return path.contains("sitemap") && path.endsWith(".txt");
        }
        // A gzip type with Content-Encoding: gzip reaches us already inflated by the HTTP client.
        if (mime.isEmpty() || mime.endsWith("/xml") || mime.endsWith("+xml") || mime.equals("application/gzip")
                || mime.equals("application/x-gzip")) {
            String head = new String(body, 0, Math.min(body.length, SNIFF_BYTES), StandardCharsets.ISO_8859_1)
                    .toLowerCase(Locale.ROOT);
            return head.contains("<urlset") || head.contains("<sitemapindex");
        }
        return false;
    }

    /** The URLs listed by the sitemap {@code page}; a page that cannot be read is a failed page. */
    public ParsedPage parse(FetchedPage page) {
        byte[] content;
        try {
            content = isGzip(page.body()) ? gunzip(page.body()) : page.body();
        } catch (IOException e) {
            return failed(page, "cannot decompress sitemap: " + e.getMessage());
        }
        if (content.length > maxBytes) {
            return failed(page, "sitemap larger than " + maxBytes + " bytes");
        }
        AbstractSiteMap sitemap;
        try {
            crawlercommons.sitemaps.SiteMapParser parser = new crawlercommons.sitemaps.SiteMapParser(false);
            String type = mime(page).equals("text/plain") ? "text/plain" : "text/xml";
            sitemap = parser.parseSiteMap(type, content, URI.create(page.finalUrl()).toURL());
        } catch (UnknownFormatException | IOException | RuntimeException e) {
            return failed(page, "unreadable sitemap: " + e);
        }
        return collect(sitemap, page.truncated());
    }

    private ParsedPage collect(AbstractSiteMap sitemap, boolean truncated) {
        List<String> raw = new ArrayList<>();
        if (sitemap instanceof SiteMapIndex index) {
            for (AbstractSiteMap child : index.getSitemaps()) {
                raw.add(child.getUrl().toString());
            }
        } else if (sitemap instanceof SiteMap map) {
            for (SiteMapURL u : map.getSiteMapUrls()) {
                raw.add(u.getUrl().toString());
            }
        }
        Map<String, DiscoveredLink> links = new LinkedHashMap<>();
        Map<InvalidUrlException.Problem, Integer> dropped = new EnumMap<>(InvalidUrlException.Problem.class);
        for (String url : raw) {
            if (links.size() >= maxUrls) {
                break;
            }
            try {
                String normalized = normalizer.normalize(url);
                links.putIfAbsent(normalized, new DiscoveredLink(normalized, DiscoveredLink.Kind.SITEMAP, false));
            } catch (InvalidUrlException e) {
                dropped.merge(e.problem(), 1, Integer::sum);
            }
        }
        return new ParsedPage(ParsedPage.Kind.SITEMAP, null, null, null, null, null, 0, null, null,
                new ArrayList<>(links.values()), dropped, RobotsDirectives.NONE, truncated, false, Map.of(), null,
                null, PageContent.NONE, 0, null);
    }

    private byte[] gunzip(byte[] body) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(maxBytes, body.length * 8));
            byte[] buf = new byte[16 * 1024];
            int n;
            while ((n = in.read(buf)) > 0) {
                if (out.size() + n > maxBytes) {
                    // One byte over is enough to refuse it: never inflate more than the cap.
                    out.write(buf, 0, maxBytes - out.size() + 1);
                    break;
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        }
    }

    private static ParsedPage failed(FetchedPage page, String problem) {
        log.warn("sitemap {}: {}", page.finalUrl(), problem);
        return ParsedPage.metadataOnly(ParsedPage.Kind.FAILED, problem);
    }

    private static boolean isGzip(byte[] b) {
        return b.length >= 2 && (b[0] & 0xFF) == 0x1F && (b[1] & 0xFF) == 0x8B;
    }

    private static String mime(FetchedPage page) {
        String type = page.contentType();
        if (type == null || type.isBlank()) {
            type = page.headers().getOrDefault("content-type", "");
        }
        return type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    }

    private static String path(String url) {
        try {
            String p = new URI(url).getRawPath();
            return p == null ? "" : p.toLowerCase(Locale.ROOT);
        } catch (URISyntaxException e) {
            return "";
        }
    }
}
