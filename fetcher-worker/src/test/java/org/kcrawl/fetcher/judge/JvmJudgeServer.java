package org.kcrawl.fetcher.judge;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.InputStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * The JVM child process of {@link ChildProcessJudge}: serves robots.txt and pages on the given loopback addresses
 * after a fixed latency, notes when each request's first bytes were read, and writes those notes to its
 * log once its standard input closes, then exits.
 */
public final class JvmJudgeServer {
    private static final byte[] PAGE = "<html><head><title>judged</title></head><body><p>a page</p></body></html>"
            .getBytes(StandardCharsets.UTF_8);

    private JvmJudgeServer() {}

    /** {@code args[0]}: the properties file {@link ChildProcessJudge} wrote. */
    public static void main(String[] args) throws Exception {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
            p.load(in);
        }
        List<String> addresses = List.of(p.getProperty("addresses").split(","));
        long latencyMillis = Long.parseLong(p.getProperty("latency_ms"));
        ConcurrentLinkedQueue<String> notes = new ConcurrentLinkedQueue<>();
        NioEventLoopGroup group = new NioEventLoopGroup(1);
        ServerBootstrap b = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        String address = ((InetSocketAddress) ch.localAddress()).getAddress().getHostAddress();
                        Exchange exchange = new Exchange(address, p.getProperty("robots." + address,
                                "User-agent: *\nAllow: /\n"), latencyMillis, notes);
                        ch.pipeline().addLast(exchange.stamp(), new HttpServerCodec(), exchange);
                    }
                });
        int port = 0;
        for (String address : addresses) {
            Channel ch = b.bind(new InetSocketAddress(InetAddress.getByName(address), port)).sync().channel();
            port = ((InetSocketAddress) ch.localAddress()).getPort();
        }
        Path portFile = Path.of(p.getProperty("port_file"));
        Path tmp = portFile.resolveSibling(portFile.getFileName() + ".tmp");
        Files.writeString(tmp, Integer.toString(port));
        Files.move(tmp, portFile, StandardCopyOption.ATOMIC_MOVE);
        while (System.in.read() >= 0) {
            // runs until the parent closes our standard input
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        try (Writer w = Files.newBufferedWriter(Path.of(p.getProperty("log")), StandardCharsets.UTF_8)) {
            for (String note : notes) {
                w.write(note);
                w.write('\n');
            }
        }
    }

    /** One connection: stamps each request's first bytes, answers it after the latency. */
    private static final class Exchange extends ChannelInboundHandlerAdapter {
        private final String address;
        private final byte[] robots;
        private final long latencyMillis;
        private final ConcurrentLinkedQueue<String> notes;
        private long firstByteNanos = -1;
        private String path;

        Exchange(String address, String robots, long latencyMillis, ConcurrentLinkedQueue<String> notes) {
            this.address = address;
            this.robots = robots.getBytes(StandardCharsets.UTF_8);
            this.latencyMillis = latencyMillis;
            this.notes = notes;
        }

        /** The handler in front of the codec that notes when a request's first bytes were read. */
        ChannelInboundHandlerAdapter stamp() {
            return new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    if (firstByteNanos < 0 && msg instanceof ByteBuf buf && buf.isReadable()) {
                        firstByteNanos = System.nanoTime();
                    }
                    ctx.fireChannelRead(msg);
                }
            };
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof HttpRequest request) {
                    path = request.uri();
                    notes.add(address + " " + firstByteNanos + " " + path);
                }
                if (msg instanceof LastHttpContent) {
                    boolean isRobots = "/robots.txt".equals(path);
                    ctx.executor().schedule(() -> respond(ctx, isRobots), isRobots ? 0 : latencyMillis,
                            TimeUnit.MILLISECONDS);
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        private void respond(ChannelHandlerContext ctx, boolean isRobots) {
            byte[] body = isRobots ? robots : PAGE;
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.wrappedBuffer(body));
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, isRobots ? "text/plain" : "text/html")
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
            firstByteNanos = -1; // the next bytes on this connection begin the next request
            ctx.writeAndFlush(r);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
