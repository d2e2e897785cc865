package org.kcrawl.common.scope;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Allow or deny by regular expressions, each searched anywhere in the normalized URL (anchor with
 * {@code ^} and {@code $} to match the whole URL). A deny filter rejects a URL any pattern finds; an
 * allow filter rejects a URL no pattern finds.
 */
public final class PatternFilter implements LinkFilter {
    private final List<Pattern> patterns;
    private final boolean allow;

    private PatternFilter(List<Pattern> patterns, boolean allow) {
        this.patterns = patterns;
        this.allow = allow;
    }

    /** Rejects URLs matching any of {@code regexes}. */
    public static PatternFilter deny(List<String> regexes) {
        return new PatternFilter(compile(regexes, "deny_patterns"), false);
    }

    /** Rejects URLs matching none of {@code regexes}. */
    public static PatternFilter allow(List<String> regexes) {
        return new PatternFilter(compile(regexes, "allow_patterns"), true);
    }

    /** Compiles {@code regexes}, throwing a message that names the setting and the bad pattern. */
    public static List<Pattern> compile(List<String> regexes, String setting) {
        if (regexes == null) {
            throw new IllegalArgumentException(setting + " must not be null");
        }
        return regexes.stream().map(r -> {
            if (r == null || r.isEmpty()) {
                throw new IllegalArgumentException(setting + " must not contain empty patterns");
            }
            try {
                return Pattern.compile(r);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(setting + ": invalid regular expression '" + r + "': "
                        + e.getDescription(), e);
            }
        }).toList();
    }

    @Override
    public RejectReason reason() {
        return allow ? RejectReason.NOT_ALLOWED : RejectReason.DENIED;
    }

    @Override
    public boolean accepts(LinkCandidate candidate) {
        for (Pattern p : patterns) {
            if (p.matcher(candidate.url()).find()) {
                return allow;
            }
        }
        return !allow;
    }
}
