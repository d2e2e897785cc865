package org.kcrawl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options table of {@code docs/crawl-command.md} lists exactly the options the {@code crawl} command takes,
 * and the README's table of the options people use most holds ten of them.
 */
class OptionsDocumentedTest {
    private static final String HEADER = "| option | default | meaning |";
    private static final Pattern ROW_OPTION = Pattern.compile("^\\| `(--[a-z][a-z0-9-]*)");

    @Test
    void theCrawlCommandPageListsEveryOptionAndNoOther() throws IOException {
        assertThat(table("docs/crawl-command.md")).as("options in docs/crawl-command.md's table")
                .containsExactlyInAnyOrderElementsOf(options());
    }

    @Test
    void theReadmeListsTenOptionsTheCommandTakes() throws IOException {
        List<String> readme = table("README.md");

        assertThat(readme).as("the README's options").hasSize(10).doesNotHaveDuplicates();
        assertThat(options()).as("the crawl command's options").containsAll(readme);
    }

    @Test
    void aTableIsReadUpToItsEnd() {
        assertThat(table(List.of("text", HEADER, "|---|---|---|", "| `--rate R` | 1 | rate |",
                "| `--scope host\\|domain` | host | scope |", "", "| `--not-in-the-table` | | |")))
                .containsExactly("--rate", "--scope");
    }

    /** The crawl command's options by their long names, help and version aside. */
    private static Set<String> options() {
        Set<String> names = new TreeSet<>();
        for (OptionSpec option : new CommandLine(new CrawlCommand()).getCommandSpec().options()) {
            if (!option.usageHelp() && !option.versionHelp()) {
                names.add(option.longestName());
            }
        }
        assertThat(names).as("the crawl command's options").contains("--rate", "--out", "--seeds");
        return names;
    }

    private static List<String> table(String page) throws IOException {
        List<String> lines = Files.readAllLines(ReadmeCommands.page(page), StandardCharsets.UTF_8);
        assertThat(lines).as("%s has an options table", page).contains(HEADER);
        return table(lines);
    }

    /** The options named by the rows of the first table headed {@value #HEADER}. */
    private static List<String> table(List<String> lines) {
        List<String> names = new ArrayList<>();
        int start = lines.indexOf(HEADER);
        for (int i = start + 2; start >= 0 && i < lines.size() && lines.get(i).startsWith("|"); i++) {
            Matcher m = ROW_OPTION.matcher(lines.get(i));
            assertThat(m.find()).as("row %s names an option", lines.get(i)).isTrue();
            names.add(m.group(1));
        }
        return names;
    }
}
