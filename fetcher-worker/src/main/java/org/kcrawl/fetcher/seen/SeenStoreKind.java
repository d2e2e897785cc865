package org.kcrawl.fetcher.seen;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/** Where a fetcher keeps the completed part of its seen-set (the {@code seen_store} setting). */
public enum SeenStoreKind {
    /** In the heap, read from the seen topic's beginning at every assignment: {@link HeapSeenStore}. */
    MEMORY,
    /** In RocksDB under {@code seen_store_dir}, checkpointed, read from the checkpoint: {@link RocksSeenStore}. */
    ROCKSDB;

    /** Opens the store of this kind: RocksDB's under {@code dir}, for the seen topic {@code seenTopic}. */
    public SeenStore open(Path dir, String seenTopic) {
        return switch (this) {
            case MEMORY -> new HeapSeenStore();
            case ROCKSDB -> new RocksSeenStore(dir, seenTopic);
        };
    }

    /** The lower-case name used in configuration. */
    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code memory} or {@code rocksdb}; throws naming the accepted values otherwise. */
    @JsonCreator
    public static SeenStoreKind fromWireName(String name) {
        for (SeenStoreKind k : values()) {
            if (k.wireName().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return k;
            }
        }
        throw new IllegalArgumentException("seen_store must be one of "
                + Arrays.stream(values()).map(SeenStoreKind::wireName).toList() + " but was '" + name + "'");
    }
}
