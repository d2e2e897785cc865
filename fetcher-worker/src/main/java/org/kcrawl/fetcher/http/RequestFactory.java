package org.kcrawl.fetcher.http;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Map;

/** Builds the GET request of a fetch: Host, User-Agent, Accept, Accept-Encoding and the extra headers. */
final class RequestFactory {
    static final String ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";
    static final String ACCEPT_ENCODING = "gzip, deflate";

    private final HttpHeaders common;

    RequestFactory(String userAgent, Map<String, String> extraHeaders) {
        HttpHeaders h = new DefaultHttpHeaders();
        h.set(HttpHeaderNames.USER_AGENT, userAgent);
        h.set(HttpHeaderNames.ACCEPT, ACCEPT);
        h.set(HttpHeaderNames.ACCEPT_ENCODING, ACCEPT_ENCODING);
        extraHeaders.forEach(h::set);
        this.common = h;
    }

    /** A new request for {@code target}. */
    FullHttpRequest get(FetchTarget target) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET,
                target.requestTarget(), Unpooled.EMPTY_BUFFER);
        request.headers().set(HttpHeaderNames.HOST, target.hostHeader());
        request.headers().add(common);
        return request;
    }
}
