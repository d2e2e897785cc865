package org.kcrawl.embedded.web;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Decides the response to one request of the synthetic web: a page, robots.txt, a planned transient
 * fault, or an error. Knows nothing about connections or timing, so it is tested without a channel.
 */
final class SiteResponder {
    static final String HTML = "text/html; charset=utf-8";
    static final String TEXT = "text/plain; charset=utf-8";
    static final String SERVER = "kcrawl-synthetic-web";

    private static final byte[] NOT_FOUND = page("404 Not Found");
    private static final byte[] NOT_ALLOWED = page("405 Method Not Allowed");
    private static final byte[] BAD_REQUEST = page("400 Bad Request");
    private static final byte[] UNAVAILABLE = page("503 Service Unavailable");
    private static final byte[] TOO_MANY = page("429 Too Many Requests");

    private final UrlLayout layout;
    private final PageRenderer renderer;
    private final TransientFaults faults;
    private final List<RobotsFile> robots;

    SiteResponder(UrlLayout layout, PageRenderer renderer, TransientFaults faults, List<RobotsFile> robots) {
        this.layout = layout;
        this.renderer = renderer;
        this.faults = faults;
        this.robots = List.copyOf(robots);
    }

    /** The full response for a request to host {@code host}; HEAD gets the GET headers without the body. */
    FullHttpResponse respond(int host, HttpMethod method, String requestTarget, ByteBufAllocator alloc) {
        boolean head = HttpMethod.HEAD.equals(method);
        if (!head && !HttpMethod.GET.equals(method)) {
            FullHttpResponse response = fixed(HttpResponseStatus.METHOD_NOT_ALLOWED, HTML, NOT_ALLOWED, false);
            response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
            return response;
        }
        if (UrlLayout.ROBOTS_PATH.equals(UrlLayout.pathOf(requestTarget))) {
            RobotsFile file = robots.get(host);
            return fixed(HttpResponseStatus.valueOf(file.status()), TEXT, file.body(), head);
        }
        int page = layout.pageOf(requestTarget);
        if (page < 0) {
            return fixed(HttpResponseStatus.NOT_FOUND, HTML, NOT_FOUND, head);
        }
        int fault = faults.take(host, page);
        if (fault != 0) {
            FullHttpResponse response = fault == 429
                    ? fixed(HttpResponseStatus.TOO_MANY_REQUESTS, HTML, TOO_MANY, head)
                    : fixed(HttpResponseStatus.SERVICE_UNAVAILABLE, HTML, UNAVAILABLE, head);
            response.headers().set(HttpHeaderNames.RETRY_AFTER, "1");
            return response;
        }
        ByteBuf body = renderer.render(host, page, alloc);
        int length = body.readableBytes();
        if (head) {
            body.release();
            body = Unpooled.EMPTY_BUFFER;
        }
        return response(HttpResponseStatus.OK, HTML, body, length);
    }

    /** The answer to a request the decoder could not parse; the connection is closed after it. */
    FullHttpResponse badRequest() {
        return fixed(HttpResponseStatus.BAD_REQUEST, HTML, BAD_REQUEST, false);
    }

    private static FullHttpResponse fixed(HttpResponseStatus status, String type, byte[] body, boolean head) {
        return response(status, type, head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body), body.length);
    }

    private static FullHttpResponse response(HttpResponseStatus status, String type, ByteBuf body, int length) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
        HttpHeaders headers = response.headers();
        headers.set(HttpHeaderNames.CONTENT_TYPE, type);
        headers.setInt(HttpHeaderNames.CONTENT_LENGTH, length);
        headers.set(HttpHeaderNames.SERVER, SERVER);
        return response;
    }

    private static byte[] page(String message) {
        return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>" + message + "</title></head>\n<body><h1>"
                + message + "</h1></body>\n</html>\n").getBytes(StandardCharsets.UTF_8);
    }
}
