package org.kcrawl.common.message;

/** The schema version every message carries in its {@code v} field, and the versions this build reads. */
public final class SchemaVersions {
    /** The version written by this build for every JSON message. */
    public static final int CURRENT = 1;

    /**
     * The version of {@link FetchedPage} written by this build: a binary frame with the body as raw
     * bytes (see {@code PageFrame}). Pages of version {@link #CURRENT} (JSON, base64 body) are still read.
     */
    public static final int PAGE = 2;

    private SchemaVersions() {}

    /** True when this build knows how to read JSON messages of {@code version}. */
    public static boolean isReadable(int version) {
        return version == CURRENT;
    }
}
