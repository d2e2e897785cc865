package org.kcrawl.render.cdp;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An event the browser sent.
 *
 * @param method the event's name, for example {@code Fetch.requestPaused}
 * @param params its parameters (an empty object when it has none)
 * @param sessionId the session (attached target) it belongs to, null for the browser's own events
 */
public record CdpEvent(String method, JsonNode params, String sessionId) {}
