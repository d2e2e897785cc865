package org.kcrawl.render.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.kcrawl.common.Checks;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.fetcher.crawl.FetcherConfig;

/**
 * Everything a render worker runs with: the fetcher's configuration, which its every request is fetched by, and
 * its own ({@link RendererConfig}).
 *
 * @param fetch how it fetches: the fetcher's settings, read from the fetcher's file
 * @param render how it renders
 */
public record RenderSetup(FetcherConfig fetch, RendererConfig render) {
    /** Prefix of the environment variables that override the render worker's settings, its own and the fetcher's. */
    public static final String ENV_PREFIX = RendererConfig.SETTINGS.envPrefix();

    /** A page's bytes hold at least one body at the fetcher's cap. */
    public RenderSetup {
        Checks.notNull(fetch, "fetch");
        Checks.notNull(render, "render");
        Checks.atLeast(render.renderMaxBytes(), fetch.maxBodyBytes(), "render_max_bytes");
    }

    /**
     * Binds the fetcher's settings and the render worker's own from one file (the fetcher's, with the render
     * worker's keys beside them; may be null) and the {@code KCRAWL_RENDERER_*} variables of {@code env}, each
     * key going to the configuration that declares it.
     */
    public static RenderSetup load(Path file, Map<String, String> env) {
        JsonNode root = file == null ? null : ConfigBinder.read(file);
        ObjectNode fetchPart = null;
        ObjectNode renderPart = null;
        if (root instanceof ObjectNode all) {
            fetchPart = all.deepCopy();
            renderPart = fetchPart.objectNode();
            for (String key : RendererConfig.SETTINGS.settings().stream().map(s -> s.key()).toList()) {
                JsonNode value = fetchPart.remove(key);
                if (value != null) {
                    renderPart.set(key, value);
                }
            }
        }
        Map<String, String> fetchEnv = new HashMap<>();
        Map<String, String> renderEnv = new HashMap<>();
        env.forEach((name, value) -> {
            boolean own = name.startsWith(ENV_PREFIX)
                    && RendererConfig.declares(name.substring(ENV_PREFIX.length()).toLowerCase(Locale.ROOT));
            (own ? renderEnv : fetchEnv).put(name, value);
        });
        String origin = String.valueOf(file);
        ConfigBinder binder = new ConfigBinder();
        return new RenderSetup(
                binder.bind(FetcherConfig.class, FetcherConfig.defaults(), root instanceof ObjectNode ? fetchPart : root,
                        origin, fetchEnv, ENV_PREFIX),
                binder.bind(RendererConfig.class, RendererConfig.defaults(), renderPart, origin, renderEnv, ENV_PREFIX));
    }

    /** The fetcher's configuration with the render worker's defaults. */
    public static RenderSetup of(FetcherConfig fetch) {
        return new RenderSetup(fetch, RendererConfig.defaults());
    }
}
