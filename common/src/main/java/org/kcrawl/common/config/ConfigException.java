package org.kcrawl.common.config;

/** Invalid configuration: names the key and the problem, so the operator can fix it without guessing. */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String key;

    public ConfigException(String key, String problem) {
        super("invalid configuration '" + key + "': " + problem);
        this.key = key;
    }

    /** The offending key, variable or file. */
    public String key() {
        return key;
    }
}
