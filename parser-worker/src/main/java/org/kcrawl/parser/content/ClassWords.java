package org.kcrawl.parser.content;

import java.util.Locale;

/**
 * What an element's {@code class} and {@code id} say about it: page furniture (navigation, comments,
 * sharing, cookie notices, ads, related links, ...), words that mark content (article, post, entry,
 * story, ...), and the weight those give a candidate. The words are the ones Readability.js has used for
 * a decade on real pages, with those of cookie, subscription and recommendation widgets added.
 *
 * <p>The word lists are searched together in one pass over the class and one over the id
 * ({@link WordAutomaton}): a page's ids are often unique (a Javadoc member's id is its signature), so a
 * judgement is computed for nearly every element that has one and must cost little.
 */
final class ClassWords {
    /** Furniture unless {@link #MAYBE} words say otherwise. */
    static final int UNLIKELY = 1;
    /** Words that can name content ({@code article-header} is not a page header). */
    static final int MAYBE = 1 << 1;
    /** Sharing widgets: removed from the content when short. */
    static final int SHARE = 1 << 2;
    /** A comment section or a comment ("comment", "disqus"; not "commentary"), unless {@link #MAYBE}. */
    static final int COMMENTS = 1 << 3;
    /**
     * Hidden by its class: {@code hidden} or {@code hide}, which sites and CSS frameworks (Bootstrap) give
     * {@code display: none}, or a screen reader's text ({@code sr-only}, {@code visually-hidden}, WordPress's
     * {@code screen-reader-text}: "Photo", "Skip to content", "Opens in a new window"), unless a responsive
     * variant ({@code md:block}) shows the element on some screens. Left out of every attempt unless it holds
     * half the page's text (a wrapper the page's script shows once it has loaded).
     */
    static final int HIDDEN = 1 << 4;

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
    /** Class names that hide an element: {@link #HIDDEN}. */
    private static final String[] HIDDEN_CLASSES = {"hidden", "hide", "sr-only", "visually-hidden", "screen-reader-text"};
    /** Class names of a post's body: Blogger's, WordPress's and the common themes' and news sites'. */
    private static final String[] POST_BODY = {"post-body", "postbody", "entry-content", "post-content",
        "post-entry", "entry-body", "article-body", "articlebody", "story-body"};
    // Bits of the automaton's lists.
    private static final int L_UNLIKELY = 1;
    private static final int L_MAYBE = 1 << 1;
    private static final int L_SHARE = 1 << 2; // "sharedaddy" too
    private static final int L_NEGATIVE = 1 << 3;
    private static final int L_POSITIVE = 1 << 4;
    private static final int L_HID = 1 << 5; // "hid" somewhere: whether it is a word of its own is checked apart
    private static final int L_COMMENTS = 1 << 6;
    private static final int L_COMMENTARY = 1 << 7;
    private static final WordAutomaton WORDS = new WordAutomaton(UNLIKELY_WORDS, MAYBE_WORDS, new String[] {"share"},
            NEGATIVE, POSITIVE, new String[] {"hid", "sr-only", "screen-reader-text"}, new String[] {"comment", "disqus"}, new String[] {"commentary"});

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
        int inClass = WORDS.match(className);
        int inId = WORDS.match(id);
        int both = inClass | inId; // no word holds a space, so none spans "class id" as Readability joins them
        int flags = 0;
        if ((both & L_UNLIKELY) != 0) {
            flags |= UNLIKELY;
        }
        if ((both & L_MAYBE) != 0) {
            flags |= MAYBE;
        }
        if ((both & L_SHARE) != 0) {
            flags |= SHARE;
        }
        if ((both & (L_COMMENTS | L_COMMENTARY | L_MAYBE)) == L_COMMENTS) {
            flags |= COMMENTS;
        }
        if ((inClass & L_HID) != 0 && hiddenByName(className)) {
            flags |= HIDDEN;
        }
        int weight = part(className, inClass) + part(id, inId);
        return weight << 8 | flags;
    }

    /**
     * True when one of the class names is what a blog engine or news site calls the body of its post
     * ({@code post-body}, WordPress's {@code entry-content}, ...): the post itself, not the page around it.
     */
    static boolean namesPostBody(String className) {
        if (className == null) {
            return false;
        }
        return hasAnyWord(className.toLowerCase(Locale.ROOT), POST_BODY);
    }

    private static boolean hiddenByName(String className) {
        // A responsive variant (md:block) shows it on some screens.
        return className.indexOf(':') < 0 && hasAnyWord(className, HIDDEN_CLASSES);
    }

    private static boolean hasAnyWord(String s, String[] words) {
        for (String word : words) {
            if (isWord(s, word)) {
                return true;
            }
        }
        return false;
    }

    static int flags(int judged) {
        return judged & 0xFF;
    }

    static int weight(int judged) {
        return judged >> 8;
    }

    private static int part(String words, int found) {
        if (words == null || words.isEmpty()) {
            return 0;
        }
        int w = 0;
        if ((found & L_NEGATIVE) != 0 || (found & L_HID) != 0 && isWord(words.toLowerCase(Locale.ROOT), "hid")) {
            w -= 25;
        }
        if ((found & L_POSITIVE) != 0) {
            w += 25;
        }
        return w;
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
}
