package org.kcrawl.cli.ratelimit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The limited site served by Netty, for where nginx is not installed: it judges each request as nginx's
 * {@code limit_req} with no burst does (a leaky bucket in thousandths of a request, on a millisecond clock,
 * per server address: a request that would take the bucket above zero is refused and changes nothing),
 * and logs every answer.
 */
final class NettyLimitedSite implements LimitedSite {
    private final EventLoopGroup group;
    private final Channel channel;
    private final int port;
    private final long perSecond;
    private final List<Answered> log = new ArrayList<>();
    private final Map<String, long[]> buckets = new HashMap<>();

    private NettyLimitedSite(int perSecond) throws InterruptedException {
        this.perSecond = perSecond;
        this.group = new NioEventLoopGroup(1);
        this.channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast("codec", new HttpServerCodec())
                                .addLast("aggregator", new HttpObjectAggregator(64 * 1024))
                                .addLast("site", new Site());
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        this.port = ((InetSocketAddress) channel.localAddress()).getPort();
    }

    static NettyLimitedSite start(int perSecond) throws InterruptedException {
        return new NettyLimitedSite(perSecond);
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String describe() {
        return "Netty, judging as limit_req";
    }

    @Override
    public synchronized List<Answered> answered() {
        return List.copyOf(log);
    }

    /** Whether a request to {@code serverAddress} at {@code millis} is let through, as limit_req decides it. */
    private synchronized boolean admit(String serverAddress, long millis) {
        long[] bucket = buckets.get(serverAddress); // {excess in thousandths, last admitted millis}
        if (bucket == null) {
            buckets.put(serverAddress, new long[] {0, millis});
            return true;
        }
        long excess = Math.max(0, bucket[0] - perSecond * Math.abs(millis - bucket[1]) + 1000);
        if (excess > 0) {
            return false;
        }
        bucket[0] = excess;
        bucket[1] = millis;
        return true;
    }

    private synchronized void logged(Answered a) {
        log.add(a);
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Answers each request: 429 above the limit, else the page, the index, or a 404. */
    private final class Site extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            long millis = System.nanoTime() / 1_000_000;
            String server = ((InetSocketAddress) ctx.channel().localAddress()).getAddress().getHostAddress();
            String path = request.uri();
            String body;
            HttpResponseStatus status;
            if (!admit(server, millis)) {
                status = HttpResponseStatus.TOO_MANY_REQUESTS;
                body = "<html><body>429 Too Many Requests</body></html>";
            } else if (path.equals("/")) {
                status = HttpResponseStatus.OK;
                body = LimitedSite.index();
            } else if (path.matches("/p[0-9]+\\.html") && Integer.parseInt(path.substring(2, path.length() - 5)) < PAGES) {
                status = HttpResponseStatus.OK;
                body = LimitedSite.page(Integer.parseInt(path.substring(2, path.length() - 5)));
            } else {
                status = HttpResponseStatus.NOT_FOUND;
                body = "<html><body>404 Not Found</body></html>";
            }
            String host = request.headers().get(HttpHeaderNames.HOST, "");
            int colon = host.lastIndexOf(':');
            logged(new Answered(System.currentTimeMillis(), status.code(),
                    (colon > 0 ? host.substring(0, colon) : host).toLowerCase(Locale.ROOT), path));
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                    Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/html; charset=utf-8");
            HttpUtil.setContentLength(response, response.content().readableBytes());
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            HttpUtil.setKeepAlive(response, keepAlive);
            var written = ctx.writeAndFlush(response);
            if (!keepAlive) {
                written.addListener(ChannelFutureListener.CLOSE);
            }
        }
    }
}
