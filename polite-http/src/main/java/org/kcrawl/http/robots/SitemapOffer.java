package org.kcrawl.http.robots;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.kcrawl.common.url.HostKey;

/**
 * The {@code Sitemap:} URLs of one cached robots.txt, handed out once: to the first URL of the host
 * whose verdict takes them, which publishes them as its own outputs. Only http(s) URLs on the host
 * that asked for the file are offered (a robots.txt may not steer the crawl to other hosts), at most
 * {@link #MAX_PER_HOST}. Thread-safe.
 */
public final class SitemapOffer {
    /** Most sitemap URLs offered per robots.txt: enough for real sites, too few to flood a partition. */
    public static final int MAX_PER_HOST = 50;

    private static final SitemapOffer NONE = new SitemapOffer("", List.of());

    private final String robotsUrl;
    private final AtomicReference<List<String>> urls;

    private SitemapOffer(String robotsUrl, List<String> urls) {
        this.robotsUrl = robotsUrl;
        this.urls = new AtomicReference<>(urls.isEmpty() ? null : urls);
    }

    /** An offer of nothing. */
    public static SitemapOffer none() {
        return NONE;
    }

    /**
     * The sitemaps among {@code declared} (absolute URLs as crawler-commons resolves them) that lie
     * on {@code host}: http(s) only, first occurrences, at most {@link #MAX_PER_HOST}.
     *
     * @param host the host key of the robots.txt's own host (not of a redirect target it came from)
     * @param robotsUrl the robots.txt URL asked for, the sitemaps' source
     * @param declared the file's {@code Sitemap:} values
     */
    public static SitemapOffer of(String host, String robotsUrl, List<String> declared) {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (robotsUrl == null || robotsUrl.isBlank()) {
            throw new IllegalArgumentException("robotsUrl must not be blank");
        }
        if (declared == null || declared.isEmpty()) {
            return NONE;
        }
        Set<String> kept = new LinkedHashSet<>();
        for (String url : declared) {
            if (kept.size() >= MAX_PER_HOST) {
                break;
            }
            if (url != null && onHost(url.trim(), host)) {
                kept.add(url.trim());
            }
        }
        return kept.isEmpty() ? NONE : new SitemapOffer(robotsUrl, List.copyOf(kept));
    }

    /** The robots.txt URL the sitemaps were declared in. */
    public String robotsUrl() {
        return robotsUrl;
    }

    /** The URLs, to the first caller only (until {@link #giveBack}); empty afterwards and for an empty offer. */
    public List<String> take() {
        List<String> taken = urls.getAndSet(null);
        return taken == null ? List.of() : taken;
    }

    /** Offers {@code taken} again: publishing them failed, so the next URL of the host tries. */
    public void giveBack(List<String> taken) {
        if (taken != null && !taken.isEmpty()) {
            urls.compareAndSet(null, List.copyOf(taken));
        }
    }

    /** True while the URLs have not been taken. */
    public boolean pending() {
        return urls.get() != null;
    }

    /** An http(s) URL whose host key is {@code host}: a robots.txt may not send the crawl elsewhere. */
    private static boolean onHost(String url, String host) {
        try {
            String scheme = new URI(url).getScheme();
            return ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
                    && HostKey.of(url).equals(host);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return false; // not a URL with a host: not this host's
        }
    }
}
