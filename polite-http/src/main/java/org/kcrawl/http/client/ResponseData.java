package org.kcrawl.http.client;

import java.util.Map;

/**
 * A complete response as read from one connection, before the fetch adds its URL, timing and address.
 *
 * @param status the status code
 * @param headers selected headers, lower-case names
 * @param contentType the Content-Type header or null
 * @param body the decoded body, possibly truncated, empty for metadata-only types
 * @param truncated true when the body was cut at the size cap
 * @param heads the exchange's heads when the client captures them, else null
 */
record ResponseData(int status, Map<String, String> headers, String contentType, byte[] body, boolean truncated,
                    ConnectionState.Heads heads) {}
