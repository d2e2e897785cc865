package org.kcrawl.common.scope;

/**
 * One rule of the scope chain. Implementations must be thread-safe; one that throws rejects the link
 * (the chain fails closed).
 */
public interface LinkFilter {
    /** The reason counted when this filter rejects a link. */
    RejectReason reason();

    /** True when {@code candidate} passes this rule. */
    boolean accepts(LinkCandidate candidate);
}
