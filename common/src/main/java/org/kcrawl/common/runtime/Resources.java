package org.kcrawl.common.runtime;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The resources a worker built, in the order it built them, closed in reverse order when its construction
 * fails half way or it stops; a resource that fails to close is logged and the rest still close.
 */
public final class Resources {
    private static final Logger log = LoggerFactory.getLogger(Resources.class);

    private final String owner;
    private final List<AutoCloseable> built = new ArrayList<>();

    /** Resources of {@code owner} (named in the log line of a resource that fails to close). */
    public Resources(String owner) {
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException("owner must not be blank");
        }
        this.owner = owner;
    }

    /** Keeps {@code resource} to be closed, and returns it. */
    public synchronized <T extends AutoCloseable> T keep(T resource) {
        if (resource == null) {
            throw new IllegalArgumentException("resource must not be null");
        }
        built.add(resource);
        return resource;
    }

    /** Lets go of {@code resource}: something else closes it. */
    public synchronized void remove(AutoCloseable resource) {
        built.remove(resource);
    }

    /** Closes every resource kept, the last built first, and forgets them. */
    public synchronized void closeAll() {
        for (int i = built.size() - 1; i >= 0; i--) {
            AutoCloseable resource = built.get(i);
            try {
                resource.close();
            } catch (Exception e) {
                log.warn("closing {} of the {} failed: {}", resource.getClass().getSimpleName(), owner, e.toString());
            }
        }
        built.clear();
    }
}
