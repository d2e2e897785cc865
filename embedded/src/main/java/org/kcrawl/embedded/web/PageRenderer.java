package org.kcrawl.embedded.web;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;

/**
 * Renders the HTML of a synthetic page straight into a pooled buffer. Rendering on demand instead of
 * caching keeps memory flat for webs of any size; it reuses one builder per thread, so a request
 * allocates little besides the response buffer.
 */
final class PageRenderer {
    private static final ThreadLocal<StringBuilder> SCRATCH = ThreadLocal.withInitial(() -> new StringBuilder(4096));
    private static final String TAIL = "</section>\n</article>\n</body>\n</html>\n";

    private final UrlLayout layout;
    private final LinkPlanner planner;
    private final LinkSpeller speller;
    private final int pageBytes;
    private final long seed;

    PageRenderer(UrlLayout layout, LinkPlanner planner, int pageBytes, long seed) {
        this.layout = layout;
        this.planner = planner;
        this.speller = new LinkSpeller(layout);
        this.pageBytes = pageBytes;
        this.seed = seed;
    }

    /** The title and heading of a page, {@code Page H-P}, unique across the web. */
    static String title(int host, int page) {
        return "Page " + host + "-" + page;
    }

    /** The UTF-8 HTML of a page in a new buffer the caller owns. */
    ByteBuf render(int host, int page, ByteBufAllocator alloc) {
        StringBuilder sb = SCRATCH.get();
        sb.setLength(0);
        appendHead(sb, host, page);
        appendLinks(sb, host, page);
        int extraUtf8Bytes = appendPadding(sb, host, page);
        sb.append(TAIL);
        int bytes = sb.length() + extraUtf8Bytes;
        ByteBuf buf = alloc.buffer(bytes);
        // writeUtf8 would reserve 3 bytes a char and grow the buffer; the exact size is known.
        ByteBufUtil.reserveAndWriteUtf8(buf, sb, bytes);
        return buf;
    }

    private void appendHead(StringBuilder sb, int host, int page) {
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Page ")
                .append(host).append('-').append(page).append("</title>\n")
                .append("<meta name=\"description\" content=\"Synthetic page ").append(page)
                .append(" of host ").append(host).append(" (").append(layout.address(host))
                .append("), generated for crawler tests.\">\n")
                .append("<link rel=\"canonical\" href=\"").append(layout.origin(host));
        UrlLayout.appendPath(sb, page).append("\">\n</head>\n<body>\n<h1>Page ")
                .append(host).append('-').append(page).append("</h1>\n");
    }

    private void appendLinks(StringBuilder sb, int host, int page) {
        sb.append("<nav>\n<ul>\n");
        boolean inFooter = false;
        for (int k = 0; k < planner.linksPerPage(); k++) {
            Link link = planner.link(host, page, k);
            if (link.external() && !inFooter) {
                sb.append("</ul>\n</nav>\n<aside>\n<p>Further reading elsewhere:</p>\n<ul>\n");
                inFooter = true;
            }
            sb.append("<li><a href=\"");
            speller.appendHref(sb, host, page, link).append("\">");
            if (link.external()) {
                sb.append("External reference ").append(link.targetPage());
            } else {
                sb.append("Page ").append(link.targetHost()).append('-').append(link.targetPage());
            }
            sb.append("</a></li>\n");
        }
        sb.append(inFooter ? "</ul>\n</aside>\n" : "</ul>\n</nav>\n");
        sb.append("<article>\n<section id=\"section-1\">\n<h2>Overview</h2>\n<p>This is page ").append(page)
                .append(" of host ").append(host).append(" in the synthetic web.</p>\n</section>\n")
                .append("<section id=\"section-2\">\n<h2>Details</h2>\n<p>Every page links to the next one,")
                .append(" so a crawl from the root of a host reaches all of its pages.</p>\n</section>\n")
                .append("<section id=\"section-3\">\n<h2>Notes</h2>\n");
    }

    // Returns how many more bytes than chars the padding adds, so the buffer is sized exactly.
    private int appendPadding(StringBuilder sb, int host, int page) {
        int paragraphs = Prose.PARAGRAPHS.size();
        int next = Mix.below(Mix.hash(seed, Mix.PADDING, host, page, 0), paragraphs);
        int bytes = sb.length();
        int extra = 0;
        while (bytes + TAIL.length() < pageBytes) {
            String paragraph = Prose.PARAGRAPHS.get(next);
            sb.append("<p>").append(paragraph).append("</p>\n");
            int wrapped = Prose.WRAPPED_BYTES[next];
            extra += wrapped - (paragraph.length() + "<p></p>\n".length());
            bytes += wrapped;
            next = (next + 1) % paragraphs;
        }
        return extra;
    }
}
