package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every link from README.md, CONTRIBUTING.md, BENCHMARKS.md and {@code docs/*.md} to a local file or anchor
 * resolves: the file exists inside the repository, and an anchor is a heading of the page it names (as
 * GitHub makes anchors of headings) or an {@code <a id>} there. Links to other sites are not followed.
 */
class DocsLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    @Test
    void everyLocalLinkOfTheDocumentationResolves() {
        Path root = Repo.root();
        List<String> pages = pages(root);
        assertThat(pages).as("the pages checked")
                .contains("README.md", "CONTRIBUTING.md", "BENCHMARKS.md", "docs/architecture.md", "docs/records.md");

        Links links = check(root, pages);

        assertThat(links.checked()).as("local links checked").isGreaterThan(50);
        assertThat(links.broken()).as("links that do not resolve").isEmpty();
    }

    @Test
    void aMissingFileOrAnchorIsCaught(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("README.md"), String.join("\n",
                "# Title",
                "[ok](docs/a.md) [ok](docs/a.md#the-crawl-command) [ok](#title) [web](https://example.org/#x)",
                "[no file](docs/missing.md) [no anchor](docs/a.md#nowhere)",
                "```",
                "[in code](docs/ignored.md)",
                "```",
                "`[in a code span](docs/ignored.md)` [outside the repository](../elsewhere.md)"));
        Files.writeString(root.resolve("docs/a.md"), String.join("\n",
                "# The `crawl` command", "[back](../README.md#title) [self](#the-crawl-command) [gone](#gone)",
                "<a id=\"kept\"></a>[kept](#kept)"));

        Links links = check(root, List.of("README.md", "docs/a.md"));

        assertThat(links.broken()).containsExactly(
                "README.md:3: docs/missing.md (no such file)",
                "README.md:3: docs/a.md#nowhere (no such anchor)",
                "README.md:7: ../elsewhere.md (outside the repository)",
                "docs/a.md:2: #gone (no such anchor)");
        assertThat(links.checked()).isEqualTo(10);
    }

    @Test
    void anchorsAreTheOnesGitHubMakesOfHeadings() {
        assertThat(anchors(List.of(
                "# The `crawl` command",
                "## Delivery: exactly once",
                "## Results, round 8: the last 0.05 of ideal (issue 12)",
                "### Rebalances",
                "### Rebalances",
                "```",
                "# not a heading",
                "```",
                "<a id=\"delivery-exactly-once\"></a>**Delivery.**")))
                .containsExactlyInAnyOrder("the-crawl-command", "delivery-exactly-once",
                        "results-round-8-the-last-005-of-ideal-issue-12", "rebalances", "rebalances-1");
    }

    /** README.md, CONTRIBUTING.md, BENCHMARKS.md and every {@code docs/*.md}, relative to {@code root}. */
    private static List<String> pages(Path root) {
        List<String> pages = new ArrayList<>(List.of("README.md", "CONTRIBUTING.md", "BENCHMARKS.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.map(p -> "docs/" + p.getFileName()).filter(n -> n.endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    /** What a check found: how many local links it followed, and each one that does not resolve. */
    private record Links(int checked, List<String> broken) {}

    private static Links check(Path root, List<String> pages) {
        Map<Path, Set<String>> anchorsOf = new HashMap<>();
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (String page : pages) {
            Path file = root.resolve(page);
            List<String> lines = lines(file);
            boolean code = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.stripLeading().startsWith("```")) {
                    code = !code;
                    continue;
                }
                if (code) {
                    continue;
                }
                Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
                while (m.find()) {
                    String target = m.group(1);
                    if (SCHEME.matcher(target).find()) {
                        continue;
                    }
                    checked++;
                    String problem = problem(root, file, target, anchorsOf);
                    if (problem != null) {
                        broken.add(page + ":" + (i + 1) + ": " + target + " (" + problem + ")");
                    }
                }
            }
        }
        return new Links(checked, broken);
    }

    /** Why {@code target}, linked from {@code from}, does not resolve; null when it does. */
    private static String problem(Path root, Path from, String target, Map<Path, Set<String>> anchorsOf) {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path file = path.isEmpty() ? from : from.getParent().resolve(path).normalize();
        if (!file.startsWith(root.normalize())) {
            return "outside the repository";
        }
        if (!Files.exists(file)) {
            return "no such file";
        }
        if (anchor != null && file.getFileName().toString().endsWith(".md")
                && !anchorsOf.computeIfAbsent(file, f -> anchors(lines(f))).contains(anchor)) {
            return "no such anchor";
        }
        return null;
    }

    /** The anchors of a Markdown page: GitHub's for each heading outside code blocks, and each {@code <a id>}. */
    private static Set<String> anchors(List<String> lines) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean code = false;
        for (String line : lines) {
            if (line.stripLeading().startsWith("```")) {
                code = !code;
                continue;
            }
            if (code) {
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(1));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
            Matcher a = HTML_ANCHOR.matcher(line);
            while (a.find()) {
                anchors.add(a.group(1));
            }
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
    private static String slug(String heading) {
        return heading.replaceAll("<[^>]+>", "").strip().toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "").replace(' ', '-');
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
