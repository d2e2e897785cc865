package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.kcrawl.archiver.ArchiverConfig;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.common.config.SettingsDoc;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.render.kafka.RendererConfig;

/**
 * The settings people read are the declared ones: the table of each worker's settings in
 * docs/configuration.md and its commented defaults file under docs/defaults/ are written from the declarations
 * and committed; this test fails when they differ and says how to write them again ({@link #REGENERATE}).
 */
class SettingsDocsTest {
    /** The command that writes the table and the defaults files from the declarations. */
    static final String REGENERATE = "./mvnw -B -o -q -pl crawl-cli -am test -Dtest=SettingsDocsTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dkcrawl.docs.write=true";
    private static final Path ROOT = Path.of("..");
    private static final Path PAGE = ROOT.resolve("docs/configuration.md");
    private static final Pattern ROW_KEY = Pattern.compile("(?m)^\\| `([a-z0-9_]+)` \\|");

    /** The workers whose settings are declared, each with its configuration record, and the crawl section. */
    enum Worker {
        CRAWL(CrawlSection.class, CrawlSection.SETTINGS),
        FETCHER(FetcherConfig.class, FetcherConfig.SETTINGS),
        PARSER(ParserConfig.class, ParserConfig.SETTINGS),
        RENDERER(RendererConfig.class, RendererConfig.SETTINGS),
        ARCHIVER(ArchiverConfig.class, ArchiverConfig.SETTINGS);

        final Class<? extends Record> type;
        final SettingList settings;

        Worker(Class<? extends Record> type, SettingList settings) {
            this.type = type;
            this.settings = settings;
        }

        String begin() {
            return "<!-- settings:" + settings.worker() + " (generated: " + REGENERATE + ") -->\n";
        }

        String end() {
            return "<!-- /settings:" + settings.worker() + " -->";
        }

        Path defaultsFile() {
            return ROOT.resolve("docs/defaults/" + settings.worker() + ".yaml");
        }
    }

    @ParameterizedTest
    @EnumSource(Worker.class)
    void theTableAndTheDefaultsFileAreWrittenFromTheDeclarations(Worker worker) throws IOException {
        String page = Files.readString(PAGE);
        int begin = page.indexOf(worker.begin());
        int end = page.indexOf(worker.end());
        assertThat(begin).as("docs/configuration.md has the markers of the %s's table: %s ... %s", worker,
                worker.begin().strip(), worker.end()).isNotNegative();
        assertThat(end).as("the end marker of the %s's table", worker).isGreaterThan(begin);
        String table = SettingsDoc.table(worker.settings);
        String defaults = SettingsDoc.defaultsFile(worker.settings);
        if (Boolean.getBoolean("kcrawl.docs.write")) {
            Files.writeString(PAGE, page.substring(0, begin + worker.begin().length()) + table + page.substring(end));
            Files.createDirectories(worker.defaultsFile().getParent());
            Files.writeString(worker.defaultsFile(), defaults);
            return;
        }
        assertThat(page.substring(begin + worker.begin().length(), end))
                .as("the %s's table in docs/configuration.md, against the declarations: write it again with %s",
                        worker, REGENERATE).isEqualTo(table);
        assertThat(worker.defaultsFile()).as("the %s's defaults file: write it with %s", worker, REGENERATE).exists();
        assertThat(Files.readString(worker.defaultsFile()))
                .as("%s against the declarations: write it again with %s", worker.defaultsFile(), REGENERATE)
                .isEqualTo(defaults);
    }

    @ParameterizedTest
    @EnumSource(Worker.class)
    void everyDeclaredSettingIsInTheTableAndTheTableHasNoOther(Worker worker) throws IOException {
        String page = Files.readString(PAGE);
        int begin = page.indexOf(worker.begin());
        String table = page.substring(begin + worker.begin().length(), page.indexOf(worker.end()));
        List<String> rows = new ArrayList<>();
        Matcher m = ROW_KEY.matcher(table);
        while (m.find()) {
            rows.add(m.group(1));
        }
        List<String> declared = worker.settings.settings().stream().map(Setting::key).toList();
        assertThat(rows).as("the keys of the %s's table in docs/configuration.md", worker)
                .containsExactlyElementsOf(declared);
        assertThat(ConfigBinder.settings(worker.type)).as("the settings of %s", worker.type.getSimpleName())
                .containsExactlyInAnyOrderElementsOf(declared);
    }

    @ParameterizedTest
    @EnumSource(Worker.class)
    void theDefaultsFileIsAConfigurationGivingTheDefaults(Worker worker) {
        Object defaults = ConfigBinder.declaredDefaults(worker.type);
        @SuppressWarnings({"unchecked", "rawtypes"})
        Object bound = new ConfigBinder().bind((Class) worker.type, defaults, worker.defaultsFile(), Map.of(),
                worker.settings.envPrefix());
        assertThat(bound).isEqualTo(defaults);
    }

    @ParameterizedTest
    @EnumSource(value = Worker.class, names = {"CRAWL", "FETCHER", "PARSER"})
    void theExampleConfigurationSetsDeclaredSettingsOnly(Worker worker) throws IOException {
        JsonNode example = new ObjectMapper(new YAMLFactory()).readTree(ROOT.resolve("examples/crawl.yaml").toFile())
                .path(worker.settings.worker());
        example.fieldNames().forEachRemaining(key -> assertThat(worker.settings.get(key))
                .as("examples/crawl.yaml sets %s.%s", worker.settings.worker(), key).isNotNull());
    }
}
