package org.kcrawl.parser.content;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What an element's {@code class} and {@code id} say about it: page furniture (navigation, comments,
 * sharing, cookie notices, ads, related links, ...), words that mark content (article, post, entry,
 * story, ...), and the weight those give a candidate. The words are the ones Readability.js has used for
 * a decade on real pages, with those of cookie, subscription and recommendation widgets added.
 *
 * <p>Judgements are cached per class and id pair, per thread: the pages of one site repeat a few hundred
 * class names, so the patterns run once per name rather than once per element.
 */
final class ClassWords {
    /** Furniture unless {@link #MAYBE} words say otherwise. */
    static final int UNLIKELY = 1;
    /** Words that can name content ({@code article-header} is not a page header). */
    static final int MAYBE = 1 << 1;
    /** Sharing widgets: removed from the content when short. */
    static final int SHARE = 1 << 2;

    // Word lists searched with String.contains, not regular expressions: a page's ids are often unique
    // (a Javadoc member's id is its signature), so a judgement is often computed, and an alternation of
    // sixty words cost about 27 microseconds a key under C1.
    private static final String[] UNLIKELY_WORDS = {"-ad-", "ai2html", "banner", "breadcrumb", "combx",
        "comment", "community", "cover-wrap", "disqus", "extra", "footer", "gdpr", "header", "legends", "menu",
        "related", "remark", "replies", "rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor",
        "supplemental", "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote", "cookie", "consent",
        "newsletter", "subscri", "signup", "sign-up", "recommend", "trending", "most-popular", "promo", "advert",
        "navbar", "nav-", "-nav", "toolbar", "share", "modal", "overlay", "outbrain", "taboola", "copyright",
        "sociable", "addthis", "addtoany", "sharethis", "postmetadata", "entry-meta", "post-meta"};
    private static final String[] MAYBE_WORDS = {"and", "article", "body", "column", "content", "main", "mathjax",
        "shadow"};
    private static final String[] POSITIVE = {"article", "body", "content", "entry", "hentry", "h-entry", "main",
        "page", "pagination", "post", "text", "blog", "story"};
    private static final String[] NEGATIVE = {"-ad-", "hidden", "banner", "combx", "comment", "com-", "contact",
        "footer", "gdpr", "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share",
        "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget", "cookie", "newsletter",
        "subscri", "taboola"};
    private static final int CACHED = 8192;
    private static final ThreadLocal<Map<String, Integer>> CACHE = ThreadLocal.withInitial(HashMap::new);

    private ClassWords() {}

    /**
     * The judgement of {@code className} and {@code id} (either may be null): the flags above in the low
     * bits, the class weight (-50 to 50, Readability's) above them; read with {@link #flags} and
     * {@link #weight}.
     */
    static int judge(String className, String id) {
        if (className == null && id == null) {
            return 0;
        }
        String key = className == null ? "#" + id : id == null ? className : className + "#" + id;
        Map<String, Integer> cache = CACHE.get();
        Integer known = cache.get(key);
        if (known != null) {
            return known;
        }
        int judged = compute(lower(className), lower(id));
        if (cache.size() >= CACHED) {
            cache.clear();
        }
        cache.put(key, judged);
        return judged;
    }

    static int flags(int judged) {
        return judged & 0xFF;
    }

    static int weight(int judged) {
        return judged >> 8;
    }

    private static int compute(String cls, String id) {
        String both = cls + " " + id;
        int flags = 0;
        if (any(both, UNLIKELY_WORDS)) {
            flags |= UNLIKELY;
        }
        if (any(both, MAYBE_WORDS)) {
            flags |= MAYBE;
        }
        if (both.contains("share")) { // "sharedaddy" too
            flags |= SHARE;
        }
        int weight = part(cls) + part(id);
        return weight << 8 | flags;
    }

    private static int part(String words) {
        if (words.isEmpty()) {
            return 0;
        }
        int w = 0;
        if (any(words, NEGATIVE) || isWord(words, "hid")) {
            w -= 25;
        }
        if (any(words, POSITIVE)) {
            w += 25;
        }
        return w;
    }

    private static boolean any(String s, String[] words) {
        for (String w : words) {
            if (s.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code word} is one of the space-separated words of {@code s} (Readability's "hid"). */
    private static boolean isWord(String s, String word) {
        int at = s.indexOf(word);
        while (at >= 0) {
            int end = at + word.length();
            if ((at == 0 || s.charAt(at - 1) == ' ') && (end == s.length() || s.charAt(end) == ' ')) {
                return true;
            }
            at = s.indexOf(word, at + 1);
        }
        return false;
    }

    private static String lower(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }
}
