package org.kcrawl.render.page;

import org.kcrawl.common.message.FailureReason;

/** How one render ended. */
public sealed interface RenderResult {

    /**
     * The page's DOM, taken once it had loaded and its network was quiet.
     *
     * @param html the serialized document (doctype and root element), UTF-8
     * @param truncated true when the document was cut at the body size cap
     * @param navigatedTo where a script sent the main frame (its first such navigation, not followed), or null
     * @param elapsedMs from the navigation's start to the DOM taken
     * @param requests requests the page made that were fetched (its own excluded)
     */
    record Rendered(byte[] html, boolean truncated, String navigatedTo, long elapsedMs, int requests)
            implements RenderResult {}

    /**
     * No DOM: the page did not load within its budget, or its scripts held its renderer so that the DOM could
     * not be taken ({@link FailureReason#RENDER_TIMEOUT}), or its tab or browser crashed or went away
     * ({@link FailureReason#RENDER_CRASHED}). Either way the page alone is at fault: closing its tab ends it.
     *
     * @param reason {@code render_timeout} or {@code render_crashed}
     * @param detail what happened, for the failure record
     */
    record Failed(FailureReason reason, String detail) implements RenderResult {}
}
