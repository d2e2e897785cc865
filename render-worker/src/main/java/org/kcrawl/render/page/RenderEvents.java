package org.kcrawl.render.page;

/** What a render tells its worker about the requests of its page, for the worker's meters. */
public interface RenderEvents {
    /** Nothing is counted. */
    RenderEvents NONE = new RenderEvents() {
        @Override
        public void fetched(long bytes) {}

        @Override
        public void refused(Refusal why) {}
    };

    /** A request of the page was fetched and handed to the browser, {@code bytes} of body. */
    void fetched(long bytes);

    /** A request of the page was refused, or its fetch failed. */
    void refused(Refusal why);
}
