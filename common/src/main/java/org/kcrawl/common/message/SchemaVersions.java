package org.kcrawl.common.message;

/** The schema version every message carries in its {@code v} field, and the versions this build reads. */
public final class SchemaVersions {
    /** The version written by this build. */
    public static final int CURRENT = 1;

    private SchemaVersions() {}

    /** True when this build knows how to read messages of {@code version}. */
    public static boolean isReadable(int version) {
        return version == CURRENT;
    }
}
