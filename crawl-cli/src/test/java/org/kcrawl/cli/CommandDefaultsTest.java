package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.ConfigBinder;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.parser.ParserConfig;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Where the crawl command's help and docs/crawl-command.md's options table state the default of an option that
 * sets a setting, it is the value the command starts the setting from: the declared default, or what a local
 * crawl starts from instead ({@link WorkerWiring}). Defaults said in words ("no limit", "off") are left to the
 * reader.
 */
class CommandDefaultsTest {
    private static final Pattern HELP_DEFAULT = Pattern.compile("\\(default: ([^)]*)\\)");
    private static final Pattern ROW = Pattern.compile("^\\| `(--[a-z][a-z0-9-]*)[^`]*` \\| ([^|]*) \\|");

    @Test
    void theHelpSaysTheDefaultsTheCommandStartsFrom() {
        Map<String, JsonNode> defaults = commandDefaults();
        List<String> checked = new ArrayList<>();
        for (OptionSpec option : new CommandLine(new CrawlCommand()).getCommandSpec().options()) {
            Matcher m = HELP_DEFAULT.matcher(String.join(" ", option.description()));
            JsonNode value = defaults.get(option.longestName());
            if (value != null && m.find() && isValue(m.group(1))) {
                assertThat(sameValue(m.group(1), value)).as("the help's default of %s, %s, against %s",
                        option.longestName(), m.group(1), value).isTrue();
                checked.add(option.longestName());
            }
        }
        assertThat(checked).contains("--rate", "--per-host", "--concurrency", "--max-depth", "--partitions");
    }

    @Test
    void theOptionsTableSaysTheDefaultsTheCommandStartsFrom() throws IOException {
        Map<String, JsonNode> defaults = commandDefaults();
        List<String> checked = new ArrayList<>();
        for (String line : Files.readAllLines(ReadmeCommands.page("docs/crawl-command.md"), StandardCharsets.UTF_8)) {
            Matcher m = ROW.matcher(line);
            if (m.find() && defaults.containsKey(m.group(1)) && isValue(m.group(2).replace("`", ""))) {
                assertThat(sameValue(m.group(2).replace("`", ""), defaults.get(m.group(1))))
                        .as("docs/crawl-command.md's default of %s, %s", m.group(1), m.group(2)).isTrue();
                checked.add(m.group(1));
            }
        }
        assertThat(checked).contains("--rate", "--per-host", "--concurrency", "--max-depth", "--partitions",
                "--crawl-name", "--scope", "--content");
    }

    /** The value each declared option's setting starts from in a crawl given no option nor file, by option. */
    private static Map<String, JsonNode> commandDefaults() {
        CrawlCommand command = new CrawlCommand();
        new CommandLine(command).parseArgs("http://example.org/");
        WorkerWiring wiring = new WorkerWiring(command.options);
        Map<String, JsonNode> values = new HashMap<>(ConfigBinder.settingsOf(wiring.parserConfig()));
        values.putAll(ConfigBinder.settingsOf(wiring.fetcherConfig()));
        Map<String, JsonNode> byOption = new HashMap<>();
        for (SettingList settings : List.of(FetcherConfig.SETTINGS, ParserConfig.SETTINGS)) {
            for (Setting s : settings.settings()) {
                if (s.option() != null) {
                    byOption.put(s.option(), values.get(s.key()));
                }
            }
        }
        return byOption;
    }

    /** A default written as a value, not in words or as another option. */
    private static boolean isValue(String text) {
        return text.matches("[A-Za-z0-9._]+") && !List.of("off", "on", "direct").contains(text);
    }

    private static boolean sameValue(String written, JsonNode value) {
        if (value.isNumber()) {
            return written.matches("-?[0-9.]+") && new BigDecimal(written).compareTo(value.decimalValue()) == 0;
        }
        return written.equals(value.asText());
    }
}
