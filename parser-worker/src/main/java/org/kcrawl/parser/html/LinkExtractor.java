package org.kcrawl.parser.html;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.internal.StringUtil;
import org.kcrawl.common.url.InvalidUrlException;
import org.kcrawl.common.url.UrlNormalizer;

/**
 * Turns a document's link elements into its links: {@code a[href]}, {@code area[href]},
 * {@code link[rel=canonical]}, {@code frame[src]} and {@code iframe[src]}, resolved against the
 * document's base (the first {@code <base href>}, or the page's URL) by {@link BaseUrl}, normalized,
 * deduplicated. Links that are not http(s) or cannot be normalized are counted by problem, never
 * silently lost.
 *
 * <p>The canonical link is followed like any other: when it differs from the page's URL it names
 * the page the site wants crawled, and the fetcher's seen-set keeps that to one fetch.
 */
final class LinkExtractor {
    private final UrlNormalizer normalizer;

    LinkExtractor(UrlNormalizer normalizer) {
        this.normalizer = normalizer;
    }

    /** The links and drops of one page. */
    record Result(List<DiscoveredLink> links, Map<InvalidUrlException.Problem, Integer> dropped, String canonical) {}

    /**
     * Extracts from the link {@code elements} of a document whose base URL is {@code baseUri} and
     * whose own normalized URL is {@code selfUrl} (may be null).
     */
    Result extract(String baseUri, List<LinkElement> elements, String selfUrl) {
        // Sized for every element up front: growing it rehashed each URL again (a page has hundreds).
        Map<String, DiscoveredLink> byUrl = new LinkedHashMap<>(Math.max(16, elements.size() * 4 / 3 + 1));
        Map<InvalidUrlException.Problem, Integer> dropped = new EnumMap<>(InvalidUrlException.Problem.class);
        String canonical = null;
        BaseUrl base = BaseUrl.parse(baseUri);
        for (LinkElement el : elements) {
            DiscoveredLink.Kind kind = kindOf(el);
            if (kind == null) {
                continue; // a <link> that is not rel=canonical (stylesheets, icons, feeds)
            }
            String raw = el.value();
            if (raw.isBlank() || raw.trim().startsWith("#")) {
                continue; // a reference to this same document
            }
            String url;
            try {
                url = normalizer.normalize(resolved(base, baseUri, raw));
            } catch (InvalidUrlException e) {
                dropped.merge(e.problem(), 1, Integer::sum);
                continue;
            }
            if (kind == DiscoveredLink.Kind.CANONICAL && canonical == null) {
                canonical = url;
            }
            if (url.equals(selfUrl)) {
                continue;
            }
            boolean nofollow = isNofollow(el, kind);
            DiscoveredLink previous = byUrl.get(url);
            if (previous == null) {
                byUrl.put(url, new DiscoveredLink(url, kind, nofollow));
            } else if (previous.nofollow() && !nofollow) {
                // One followable occurrence is enough: the site does vouch for the link somewhere.
                byUrl.put(url, new DiscoveredLink(url, previous.kind(), false));
            }
        }
        return new Result(new ArrayList<>(byUrl.values()), dropped, canonical);
    }

    /**
     * {@code raw} (a URL written in the document) resolved against the document's base {@code baseUri}
     * and normalized, as a link would be; throws {@link InvalidUrlException} saying why it is unusable.
     */
    String resolve(String baseUri, String raw) throws InvalidUrlException {
        return normalizer.normalize(resolved(BaseUrl.parse(baseUri), baseUri, raw));
    }

    private static String resolved(BaseUrl base, String baseUri, String raw) {
        if (base != null) {
            return base.resolve(raw);
        }
        // A base that is not http(s) (a page whose <base href> names another scheme): jsoup's general
        // resolver (what its absUrl uses) handles it, and the normalizer refuses what it gives unless
        // it is http(s).
        String abs = StringUtil.resolve(baseUri, raw);
        // jsoup returns "" when it cannot resolve; the raw value then tells the normalizer what is wrong
        // (an unsupported scheme such as "javascript:" or a malformed URL).
        return abs.isEmpty() ? raw.trim() : abs;
    }

    private static DiscoveredLink.Kind kindOf(LinkElement el) {
        switch (el.name()) {
            case "a":
                return DiscoveredLink.Kind.ANCHOR;
            case "area":
                return DiscoveredLink.Kind.AREA;
            case "frame":
            case "iframe":
                return DiscoveredLink.Kind.FRAME;
            case "link":
                return hasToken(el.rel(), "canonical") ? DiscoveredLink.Kind.CANONICAL : null;
            default:
                return null;
        }
    }

    private static boolean isNofollow(LinkElement el, DiscoveredLink.Kind kind) {
        return (kind == DiscoveredLink.Kind.ANCHOR || kind == DiscoveredLink.Kind.AREA)
                && hasToken(el.rel(), "nofollow");
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    /** True when the space-separated {@code value} holds {@code token} (lower case), ignoring case. */
    private static boolean hasToken(String value, String token) {
        if (value.isEmpty()) {
            return false;
        }
        int n = value.length();
        int i = 0;
        while (i < n) {
            while (i < n && isSpace(value.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !isSpace(value.charAt(i))) {
                i++;
            }
            if (i - start == token.length() && value.regionMatches(true, start, token, 0, token.length())) {
                return true;
            }
        }
        return false;
    }
}
