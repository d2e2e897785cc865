package org.kcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.config.Setting;
import org.kcrawl.render.kafka.RendererConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The crawl command's {@code --config} file, read once: a {@code crawl:} section of the settings the crawl's
 * workers share ({@link CrawlSection}) and a section per worker. A shared setting written in a worker's
 * section, as files did before the crawl section, still counts for the whole crawl, with a warning; two
 * sections that give it different values are refused, naming both.
 *
 * @param root the file's sections, shared settings all in the crawl section; null without a file
 * @param origin the file, as messages name it
 */
record CrawlFile(JsonNode root, String origin) {
    private static final Logger log = LoggerFactory.getLogger(CrawlFile.class);
    /** The sections of the workers a local crawl runs. */
    static final List<String> WORKER_SECTIONS = List.of("fetcher", "parser", "renderer", "archiver");
    /** The section of the render worker's own settings, which files gave in the fetcher's section before. */
    static final String RENDERER = "renderer";

    /** The file {@code config} (null: none), its shared settings moved to its crawl section. */
    static CrawlFile read(Path config) {
        if (config == null) {
            return new CrawlFile(null, null);
        }
        JsonNode root = ConfigBinder.read(config);
        if (root instanceof ObjectNode sections) {
            liftShared(sections, config.toString());
            moveRendererSettings(sections, config.toString());
        }
        return new CrawlFile(root, config.toString());
    }

    private static void liftShared(ObjectNode sections, String origin) {
        JsonNode given = sections.get(CrawlSection.NAME);
        if (given != null && !given.isNull() && !given.isObject()) {
            throw new ConfigException(origin + " section " + CrawlSection.NAME, "must be a mapping of settings");
        }
        ObjectNode crawl = given instanceof ObjectNode o ? o : sections.putObject(CrawlSection.NAME);
        Map<String, String> liftedFrom = new HashMap<>();
        for (String section : WORKER_SECTIONS) {
            if (!(sections.get(section) instanceof ObjectNode worker)) {
                continue;
            }
            for (Setting shared : CrawlSection.SETTINGS.settings()) {
                JsonNode value = worker.remove(shared.key());
                if (value != null) {
                    log.warn("{}: {}.{} is a setting of the whole crawl: move it to the {} section (it applies to every"
                            + " worker)", origin, section, shared.key(), CrawlSection.NAME);
                    lift(crawl, liftedFrom, shared, section, value);
                }
            }
        }
    }

    /** Moves the render worker's settings written in the fetcher's section to the renderer's, warning of each. */
    private static void moveRendererSettings(ObjectNode sections, String origin) {
        if (!(sections.get("fetcher") instanceof ObjectNode fetcher)) {
            return;
        }
        for (Setting own : RendererConfig.SETTINGS.settings()) {
            JsonNode value = fetcher.remove(own.key());
            if (value == null) {
                continue;
            }
            log.warn("{}: fetcher.{} is the render worker's setting: move it to the {} section", origin, own.key(),
                    RENDERER);
            JsonNode section = sections.get(RENDERER);
            ObjectNode renderer = section instanceof ObjectNode o ? o : sections.putObject(RENDERER);
            JsonNode there = renderer.get(own.key());
            if (there != null && !Objects.equals(own.read(there), own.read(value))) {
                throw new ConfigException("fetcher." + own.key(), "is " + value + " but " + RENDERER + "." + own.key()
                        + " is " + there + ": set it once, in the " + RENDERER + " section");
            }
            renderer.set(own.key(), value);
        }
    }

    /**
     * Puts {@code value} of {@code section} in the crawl section, refusing it when the crawl section has another
     * value, its own or one lifted from the section {@code liftedFrom} names.
     */
    private static void lift(ObjectNode crawl, Map<String, String> liftedFrom, Setting shared, String section,
                             JsonNode value) {
        JsonNode there = crawl.get(shared.key());
        if (there == null) {
            crawl.set(shared.key(), value);
            liftedFrom.put(shared.key(), section);
            return;
        }
        if (!Objects.equals(shared.read(there), shared.read(value))) {
            String other = liftedFrom.getOrDefault(shared.key(), CrawlSection.NAME);
            throw new ConfigException(section + "." + shared.key(), "is " + value + " but " + other + "."
                    + shared.key() + " is " + there + "; the workers of a crawl share it: set it once, in the "
                    + CrawlSection.NAME + " section");
        }
    }
}
