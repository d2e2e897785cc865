package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.parser.ParserConfig;

/**
 * The workers' defaults files are the one list of their settings: each setting has a comment saying what
 * it means, the configuration page (docs/configuration.md) sends readers there, and the example configuration
 * uses no setting they lack.
 */
class SettingsDefaultsFilesTest {
    private static final Path ROOT = Path.of("..");

    @ParameterizedTest
    @ValueSource(strings = {"fetcher", "parser"})
    void everySettingHasACommentAndTheReadmeAndExamplesAgreeWithTheFile(String worker) throws IOException {
        String file = worker + "-defaults.yaml";
        String text;
        Class<?> owner = worker.equals("fetcher") ? FetcherConfig.class : ParserConfig.class;
        try (InputStream in = owner.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> uncommented = new ArrayList<>();
        String previous = "";
        for (String line : text.split("\n")) {
            if (line.matches("[a-z0-9_]+:.*") && !previous.startsWith("# ")) {
                uncommented.add(line.substring(0, line.indexOf(':')));
            }
            previous = line;
        }
        assertThat(uncommented).as("settings of %s without a comment above them", file).isEmpty();

        String page = Files.readString(ROOT.resolve("docs/configuration.md"));
        String path = owner.getPackageName().replace('.', '/');
        String link = "(../" + worker + "-worker/src/main/resources/" + path + "/" + file + ")";
        assertThat(page).as("docs/configuration.md links the defaults file").contains(link);
        assertThat(ROOT.resolve("docs").resolve(link.substring(1, link.length() - 1)))
                .as("the defaults file the link names").isRegularFile();

        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        JsonNode defaults = yaml.readTree(text);
        JsonNode example = yaml.readTree(ROOT.resolve("examples/crawl.yaml").toFile()).path(worker);
        example.fieldNames().forEachRemaining(key ->
                assertThat(defaults.has(key)).as("examples/crawl.yaml sets %s.%s", worker, key).isTrue());
    }
}
