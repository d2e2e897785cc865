package org.kcrawl.common.message;

/**
 * The schema version every message carries in its {@code v} field, and the versions this build reads.
 *
 * <p>Rolling upgrades: a build reads the version it writes and the one before it (N and N-1), so while a
 * deployment rolls from one version to the next, what the old workers still write is read, not
 * dead-lettered. A version bump must therefore only add fields that a message of the previous version
 * may lack (they bind to their defaults) and keep every field it reads meaning what it meant; anything
 * else needs two releases. A message of a newer version than the reader's is refused as
 * {@link MalformedMessageException.Kind#UNSUPPORTED_VERSION} and dead-lettered, and
 * {@code crawl replay dead-letters} puts it back once every worker is upgraded.
 */
public final class SchemaVersions {
    /** The version written by this build for every JSON message. */
    public static final int CURRENT = 1;

    /**
     * The version of {@link FetchedPage} written by this build: a binary frame with the body as raw
     * bytes (see {@code PageFrame}). Pages of version {@link #CURRENT} (JSON, base64 body) are still read.
     */
    public static final int PAGE = 2;

    /** The first JSON version there was: nothing older is read, whatever the current one. */
    static final int FIRST = 1;

    /** The first version of the page frame: frames of older versions never existed. */
    static final int FIRST_FRAME = 2;

    private SchemaVersions() {}

    /** True when this build knows how to read JSON messages of {@code version}. */
    public static boolean isReadable(int version) {
        return readable(CURRENT, FIRST, version);
    }

    /** True when a reader of version {@code current} reads {@code version}: its own, or the one before. */
    static boolean readable(int current, int first, int version) {
        return version >= first && (version == current || version == current - 1);
    }

    /** The versions a reader of {@code current} reads, for messages that name them. */
    static String readableRange(int current, int first) {
        return current - 1 >= first ? (current - 1) + " and " + current : Integer.toString(current);
    }
}
