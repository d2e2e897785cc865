package org.kcrawl.http.client;

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
import org.kcrawl.common.message.Revisit;

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
        return get(target, null);
    }

    /**
     * A new request for {@code target}, conditional on the validators of {@code revisit} when given
     * ({@code If-None-Match} with its ETag, {@code If-Modified-Since} with its Last-Modified, as RFC 9110
     * asks a cache to send both). A validator that could not be sent as a header value is left out.
     */
    FullHttpRequest get(FetchTarget target, Revisit revisit) {
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
        // After the configured headers: a recrawl's validators are the page's own, never overridden.
        if (revisit != null) {
            if (Revisit.validator(revisit.etag()) != null) {
                request.headers().set(HttpHeaderNames.IF_NONE_MATCH, revisit.etag());
            }
            if (Revisit.validator(revisit.lastModified()) != null) {
                request.headers().set(HttpHeaderNames.IF_MODIFIED_SINCE, revisit.lastModified());
            }
        }
        return request;
    }
}
