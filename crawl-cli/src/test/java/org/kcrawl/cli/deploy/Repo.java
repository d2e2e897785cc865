package org.kcrawl.cli.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The repository's deployment files, read the way the tools that use them read them. */
final class Repo {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static final ObjectMapper JSON = new ObjectMapper();

    private Repo() {}

    /** The repository root: tests run in the crawl-cli module directory. */
    static Path root() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("k8s"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root with k8s/ above " + here);
    }

    static Path file(String relative) {
        Path p = root().resolve(relative);
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(relative + " does not exist");
        }
        return p;
    }

    static String text(String relative) {
        try {
            return Files.readString(file(relative), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every document of a (possibly multi-document) YAML file. */
    static List<JsonNode> yamlDocuments(Path file) {
        List<JsonNode> out = new ArrayList<>();
        try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            while (it.hasNext()) {
                JsonNode doc = it.next();
                if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
                    out.add(doc);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + " is not valid YAML", e);
        }
        return out;
    }

    static JsonNode yaml(String relative) {
        List<JsonNode> docs = yamlDocuments(file(relative));
        if (docs.size() != 1) {
            throw new IllegalStateException(relative + " has " + docs.size() + " documents, expected one");
        }
        return docs.get(0);
    }

    static JsonNode json(String relative) {
        try {
            return JSON.readTree(file(relative).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(relative + " is not valid JSON", e);
        }
    }
}
