package org.kcrawl.cli.ratelimit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A site of linked pages on 127.0.0.1 behind a server that limits requests per server IP address, as
 * nginx's {@code limit_req} keyed by {@code $server_addr} with no burst does: a request that comes less
 * than {@code 1 / limit} after the last one it let through is answered 429. Any host name that resolves to
 * 127.0.0.1 ({@code localhost}) is the same site behind the same limit. nginx from Debian's packages when
 * it is installed ({@link NginxLimitedSite}), else a Netty server that judges alike ({@link NettyLimitedSite}).
 */
interface LimitedSite extends AutoCloseable {
    /** A request as the server answered it. */
    record Answered(long atMillis, int status, String host, String path) {
        boolean page() {
            return status == 200 && !path.equals("/robots.txt");
        }
    }

    /** Pages of the site: an index linking every tenth, each page linking five others. */
    int PAGES = 600;

    /** nginx when installed, else the Netty server, limited to {@code perSecond} requests per second. */
    static LimitedSite start(Path dir, int perSecond) throws IOException, InterruptedException {
        return NginxLimitedSite.available() ? NginxLimitedSite.start(dir, perSecond)
                : NettyLimitedSite.start(perSecond);
    }

    /** The port both host names reach the site on. */
    int port();

    /** What serves it, for messages. */
    String describe();

    /** Every request answered so far, in the order answered. */
    List<Answered> answered() throws IOException;

    /** Page {@code i}'s HTML. */
    static String page(int i) {
        StringBuilder links = new StringBuilder();
        for (int k = 1; k <= 5; k++) {
            int to = (i * 7 + k) % PAGES;
            links.append("<a href=\"/p").append(to).append(".html\">p").append(to).append("</a> ");
        }
        return "<html><head><title>Page " + i + "</title></head><body><h1>Page " + i + "</h1>" + links
                + "<p>" + "Some text of the page. ".repeat(40) + "</p></body></html>";
    }

    /** The index page's HTML. */
    static String index() {
        StringBuilder index = new StringBuilder("<html><head><title>Index</title></head><body>");
        for (int i = 0; i < PAGES; i += 10) {
            index.append("<a href=\"/p").append(i).append(".html\">p").append(i).append("</a> ");
        }
        return index.append("</body></html>").toString();
    }

    @Override
    void close();
}
