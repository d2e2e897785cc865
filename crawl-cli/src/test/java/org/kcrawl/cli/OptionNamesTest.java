package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.parser.ParserConfig;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The crawl command's options that set a setting are named after it, its key with dashes, as its declaration
 * says; an option's old name still works, as a deprecated alias that says so in one line.
 */
class OptionNamesTest {
    private static final List<SettingList> SETTINGS = List.of(CrawlSection.SETTINGS, FetcherConfig.SETTINGS,
            ParserConfig.SETTINGS);

    @Test
    void anOptionOfASettingIsItsKeyWithDashesAndItsOldNamesAreItsAliases() {
        CommandLine crawl = new CommandLine(new CrawlCommand());
        List<String> checked = new ArrayList<>();
        for (SettingList settings : SETTINGS) {
            for (Setting setting : settings.settings()) {
                if (setting.option() == null) {
                    continue;
                }
                assertThat(setting.option()).as("the option of %s", setting.key())
                        .isEqualTo("--" + setting.key().replace('_', '-'));
                OptionSpec option = crawl.getCommandSpec().findOption(setting.option());
                assertThat(option).as("the crawl command's option %s", setting.option()).isNotNull();
                List<String> names = new ArrayList<>(List.of(setting.option()));
                names.addAll(setting.oldOptions());
                assertThat(option.names()).as("the names of %s", setting.option()).containsExactlyElementsOf(names);
                checked.add(setting.option());
            }
        }
        assertThat(checked).contains("--per-address", "--proxies", "--headers", "--allow-patterns", "--deny-patterns",
                "--render-patterns", "--rate", "--max-depth", "--content");
    }

    @Test
    void anOldNameStillSetsTheOptionAndWarnsInOneLine() {
        StringWriter err = new StringWriter();
        CrawlCommand command = new CrawlCommand();
        CommandLine cmd = new CommandLine(command);
        cmd.setErr(new PrintWriter(err, true));
        cmd.parseArgs("--per-ip", "3", "--proxy", "http://127.0.0.1:3128", "--allow=/docs/", "--per-host", "2",
                "http://example.org/");
        command.options.validate();

        assertThat(command.options.perAddress).isEqualTo(3);
        assertThat(command.options.proxies).containsExactly("http://127.0.0.1:3128");
        assertThat(command.options.allow).containsExactly("/docs/");
        assertThat(err.toString().lines()).containsExactly(
                "crawl: --per-ip is deprecated: use --per-address (the same option, named after its setting)",
                "crawl: --proxy is deprecated: use --proxies (the same option, named after its setting)",
                "crawl: --allow is deprecated: use --allow-patterns (the same option, named after its setting)");
    }

    @Test
    void theNewNamesWarnOfNothing() {
        StringWriter err = new StringWriter();
        CrawlCommand command = new CrawlCommand();
        CommandLine cmd = new CommandLine(command);
        cmd.setErr(new PrintWriter(err, true));
        cmd.parseArgs("--per-address", "3", "--headers", "X-A: 1", "http://example.org/");
        command.options.validate();

        assertThat(command.options.perAddress).isEqualTo(3);
        assertThat(err.toString()).isEmpty();
    }
}
