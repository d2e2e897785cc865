package org.kcrawl.http.client;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContentDecompressor;
import java.util.Locale;
import java.util.Set;

/**
 * Inflates gzip and deflate bodies, and only those (the encodings the client asks for), so an
 * unrequested encoding cannot bring in a decoder with different limits. Netty's decoder streams its
 * output in bounded buffers; the total decoded size is capped downstream by the exchange handler.
 */
final class ContentDecompressor extends HttpContentDecompressor {
    private static final Set<String> SUPPORTED = Set.of("gzip", "x-gzip", "deflate", "x-deflate");

    ContentDecompressor() {
        super(false, 0);
    }

    /** True for a Content-Encoding this client decodes. */
    static boolean isSupported(String encoding) {
        return encoding != null && SUPPORTED.contains(encoding.trim().toLowerCase(Locale.ROOT));
    }

    @Override
    protected EmbeddedChannel newContentDecoder(String contentEncoding) throws Exception {
        return isSupported(contentEncoding) ? super.newContentDecoder(contentEncoding) : null;
    }
}
