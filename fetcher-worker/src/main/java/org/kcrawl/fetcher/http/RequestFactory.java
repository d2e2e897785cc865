package org.kcrawl.fetcher.http;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.HashMap;
import java.util.Map;

/**
 * Builds the GET request of a fetch: Host, User-Agent, Accept, Accept-Encoding and the extra headers,
 * then the headers configured for the request's host alone. Every header block is built once, here;
 * a request only copies them, and looks its host up only when some host has headers of its own.
 */
final class RequestFactory {
    static final String ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";
    static final String ACCEPT_ENCODING = "gzip, deflate";

    private final HttpHeaders common;
    private final Map<String, HttpHeaders> byHost;

    RequestFactory(String userAgent, Map<String, String> extraHeaders) {
        this(userAgent, extraHeaders, Map.of());
    }

    RequestFactory(String userAgent, Map<String, String> extraHeaders, Map<String, Map<String, String>> hostHeaders) {
        HttpHeaders h = new DefaultHttpHeaders();
        h.set(HttpHeaderNames.USER_AGENT, userAgent);
        h.set(HttpHeaderNames.ACCEPT, ACCEPT);
        h.set(HttpHeaderNames.ACCEPT_ENCODING, ACCEPT_ENCODING);
        extraHeaders.forEach(h::set);
        this.common = h;
        Map<String, HttpHeaders> hosts = new HashMap<>();
        hostHeaders.forEach((host, headers) -> {
            HttpHeaders own = new DefaultHttpHeaders();
            headers.forEach(own::set);
            hosts.put(host, own);
        });
        this.byHost = hosts.isEmpty() ? Map.of() : hosts;
    }

    /** A new request for {@code target}. */
    FullHttpRequest get(FetchTarget target) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET,
                target.requestTarget(), Unpooled.EMPTY_BUFFER);
        request.headers().set(HttpHeaderNames.HOST, target.hostHeader());
        request.headers().add(common);
        if (!byHost.isEmpty()) {
            HttpHeaders own = byHost.get(target.hostKey());
            if (own != null) {
                request.headers().setAll(own);
            }
        }
        return request;
    }
}
