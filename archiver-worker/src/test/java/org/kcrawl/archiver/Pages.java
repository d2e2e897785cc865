package org.kcrawl.archiver;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.kcrawl.common.message.Capture;
import org.kcrawl.common.message.FetchedPage;
import org.kcrawl.common.message.SchemaVersions;

/** Fetched pages with captured heads, as a capturing fetcher publishes them, for the archiver's tests. */
final class Pages {
    static final Instant FETCHED = Instant.parse("2026-11-29T12:00:01.250Z");

    private Pages() {}

    /** A 200 of {@code body} sent as stored (Content-Length, no coding). */
    static FetchedPage ok(String url, byte[] body) {
        String head = "HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: text/html\r\nContent-Length: " + body.length
                + "\r\nETag: \"abc\"\r\n\r\n";
        return page(url, 200, body, head, false, null, Map.of("content-type", "text/html", "etag", "\"abc\""));
    }

    /** A page of {@code status} whose response head was {@code head}, with {@code headers} as the fetcher lowercased them. */
    static FetchedPage page(String url, int status, byte[] body, String head, boolean truncated, Instant revisitOf,
                            Map<String, String> headers) {
        String path = url.substring(url.indexOf('/', url.indexOf("//") + 2));
        String host = url.substring(url.indexOf("//") + 2, url.indexOf('/', url.indexOf("//") + 2));
        Capture capture = new Capture("GET " + path + " HTTP/1.1\r\nhost: " + host + "\r\nuser-agent: kcrawl-test\r\n\r\n",
                head, "127.0.0.1");
        return new FetchedPage(SchemaVersions.PAGE, url, url, status, headers, headers.get("content-type"), body,
                FETCHED, 250, 1, truncated, null, 0, false, false, status == 304, revisitOf, capture);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
