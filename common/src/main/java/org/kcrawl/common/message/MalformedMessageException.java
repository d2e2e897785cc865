package org.kcrawl.common.message;

/**
 * A message that cannot be decoded into its type. Carries the classification so the worker can
 * dead-letter it and go on.
 */
public final class MalformedMessageException extends Exception {
    private static final long serialVersionUID = 1L;

    /** How a message failed to decode. */
    public enum Kind {
        /** Not JSON, or JSON of the wrong shape. */
        UNPARSEABLE,
        /** A schema version this build cannot read. */
        UNSUPPORTED_VERSION,
        /** Well-formed JSON whose values break the message's rules (an invalid URL, a negative depth). */
        INVALID_VALUE
    }

    private final Kind kind;
    private final Class<?> type;

    public MalformedMessageException(Kind kind, Class<?> type, String message, Throwable cause) {
        super(type.getSimpleName() + ": " + kind.name().toLowerCase(java.util.Locale.ROOT) + ": " + message, cause);
        this.kind = kind;
        this.type = type;
    }

    /** The classification. */
    public Kind kind() {
        return kind;
    }

    /** The message type that was expected. */
    public Class<?> type() {
        return type;
    }
}
