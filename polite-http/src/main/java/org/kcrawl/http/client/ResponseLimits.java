package org.kcrawl.http.client;

import java.util.Set;

/**
 * The limits one connection applies to each response it reads.
 *
 * @param maxBodyBytes decoded bytes kept before the body is truncated
 * @param maxDecodedBytes decoded bytes allowed in total before the response fails as TOO_LARGE
 * @param maxWireBytes bytes read from the connection for one response before it fails as TOO_LARGE
 * @param maxHeaderCount header fields allowed
 * @param fullBodyTypes media types whose body is read
 * @param idleReadTimeoutMillis longest silence while a response is awaited or read
 */
record ResponseLimits(int maxBodyBytes, long maxDecodedBytes, long maxWireBytes, int maxHeaderCount,
                      Set<String> fullBodyTypes, long idleReadTimeoutMillis) {

    /** The limits of {@code settings}. */
    static ResponseLimits of(HttpClientSettings settings) {
        // A compressed body never takes more wire bytes than it decodes to (plus framing), so the decoded
        // cap with room for headers and chunk framing also bounds what a server can make us read.
        long wire = settings.maxDecodedBytes() + settings.maxHeaderBytes() + settings.maxDecodedBytes() / 8;
        return new ResponseLimits(settings.maxBodyBytes(), settings.maxDecodedBytes(), wire,
                settings.maxHeaderCount(), Set.copyOf(settings.fullBodyContentTypes()),
                settings.idleReadTimeout().toMillis());
    }
}
