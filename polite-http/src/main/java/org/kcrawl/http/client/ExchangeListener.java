package org.kcrawl.http.client;

/** Receives the outcome of one exchange of an {@link ExchangeHandler}, on the channel's event loop. */
interface ExchangeListener {
    /**
     * The request's bytes reached the socket (the write completed): the moment the server can
     * first see it, which politeness counts intervals from.
     */
    void onWritten();

    /** A complete (possibly truncated) response; {@code reusable} when the connection may serve another request. */
    void onResponse(ResponseData response, boolean reusable);

    /** The exchange failed; the connection must be closed. */
    void onFailure(FetchException failure, boolean responseStarted);
}
