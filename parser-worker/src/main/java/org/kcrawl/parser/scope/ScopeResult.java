package org.kcrawl.parser.scope;

import org.kcrawl.common.scope.RejectReason;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The verdict of a scope chain on one page's links.
 *
 * @param accepted the URLs to publish, in document order
 * @param rejected how many links were rejected, by reason
 */
public record ScopeResult(List<String> accepted, Map<RejectReason, Integer> rejected) {
    public ScopeResult {
        accepted = List.copyOf(accepted);
        rejected = rejected.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(rejected));
    }

    /** Total links rejected. */
    public int rejectedCount() {
        int n = 0;
        for (int c : rejected.values()) {
            n += c;
        }
        return n;
    }
}
