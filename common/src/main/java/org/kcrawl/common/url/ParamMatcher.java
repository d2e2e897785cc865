package org.kcrawl.common.url;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Matches URL parameter names against a list of names to strip, case-insensitively; an entry ending
 * in {@code *} matches every name with that prefix ({@code utm_*}).
 */
public final class ParamMatcher {
    private final Set<String> exact = new HashSet<>();
    private final List<String> prefixes = new ArrayList<>();

    /** A matcher for {@code patterns}; blank entries and a lone {@code *} are refused. */
    public ParamMatcher(Collection<String> patterns) {
        if (patterns == null) {
            throw new IllegalArgumentException("patterns must not be null");
        }
        for (String p : patterns) {
            if (p == null || p.isBlank()) {
                throw new IllegalArgumentException("a parameter pattern must not be blank");
            }
            String lower = p.trim().toLowerCase(Locale.ROOT);
            if (lower.endsWith("*")) {
                String prefix = lower.substring(0, lower.length() - 1);
                if (prefix.isEmpty()) {
                    // Stripping every parameter would merge unrelated pages into one URL.
                    throw new IllegalArgumentException("the parameter pattern '*' would strip every parameter");
                }
                prefixes.add(prefix);
            } else {
                exact.add(lower);
            }
        }
    }

    /** True when a parameter called {@code name} should be removed. */
    public boolean matches(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (exact.contains(lower)) {
            return true;
        }
        for (String prefix : prefixes) {
            if (lower.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** True when nothing is ever matched. */
    public boolean isEmpty() {
        return exact.isEmpty() && prefixes.isEmpty();
    }
}
