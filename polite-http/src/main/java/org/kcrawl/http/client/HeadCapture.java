package org.kcrawl.http.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * Copies each exchange's heads as they cross the wire, for archiving: the request bytes written (a GET
 * is all head) and the response bytes read up to the empty line that ends the final head (interim 1xx
 * heads are dropped), each byte as one ISO-8859-1 character, into {@link ConnectionState}. Sits below
 * the HTTP codec, above TLS, so it sees plaintext exactly as sent and received. Only in the pipeline
 * of a client that captures heads; copying stops at the cap, the codec refuses longer heads anyway.
 */
final class HeadCapture extends ChannelDuplexHandler {
    private final ConnectionState state;
    private final int cap;
    /** Characters of the response line being read, CRs not counted: 0 at the start of a line. */
    private int lineLength;

    HeadCapture(ConnectionState state, int cap) {
        this.state = state;
        this.cap = cap;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf) {
            copy(buf, buf.readerIndex(), buf.readableBytes(), state.requestHead);
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf && !state.responseHeadDone) {
            if (state.responseHead.length() == 0) {
                lineLength = 0;
            }
            readHead(buf);
        }
        ctx.fireChannelRead(msg);
    }

    private void readHead(ByteBuf buf) {
        StringBuilder head = state.responseHead;
        int end = buf.writerIndex();
        for (int i = buf.readerIndex(); i < end; i++) {
            char c = (char) (buf.getByte(i) & 0xFF);
            if (head.length() < cap) {
                head.append(c);
            }
            if (c == '\n') {
                if (lineLength == 0) {
                    if (!interim(head)) {
                        state.responseHeadDone = true;
                        return;
                    }
                    head.setLength(0); // a 1xx head: the final one follows
                }
                lineLength = 0;
            } else if (c != '\r') {
                lineLength++;
            }
        }
    }

    /** True when {@code head} is an interim (1xx) response's: its status code starts with 1. */
    private static boolean interim(CharSequence head) {
        int space = -1;
        for (int i = 0; i < head.length(); i++) {
            if (head.charAt(i) == ' ') {
                space = i;
                break;
            }
        }
        return space >= 0 && space + 1 < head.length() && head.charAt(space + 1) == '1';
    }

    private void copy(ByteBuf buf, int from, int length, StringBuilder to) {
        int n = Math.min(length, cap - to.length());
        for (int i = 0; i < n; i++) {
            to.append((char) (buf.getByte(from + i) & 0xFF));
        }
    }
}
