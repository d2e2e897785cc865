package org.kcrawl.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The documentation's example {@code crawl} commands: every invocation of the command in the {@code bash}
 * code blocks of README.md, CONTRIBUTING.md and {@code docs/*.md}, as a shell splits it (quotes, line continuations, comments, pipes and leading variable
 * assignments handled), whether typed as {@code ./crawl}, {@code crawl}, through
 * {@code docker compose run --rm crawl} or after the {@code --} of a {@code kubectl run} of the
 * crawl-cli image.
 */
final class ReadmeCommands {
    /**
     * One example.
     *
     * @param page the page it is on, relative to the repository's root
     * @param line the page's line it starts on
     * @param text the command as written
     * @param args what the crawl command gets: the words after its name
     */
    record Example(String page, int line, String text, List<String> args) {
        @Override
        public String toString() {
            return page + ":" + line + ": " + text;
        }
    }

    private ReadmeCommands() {}

    /** The repository's root: the directory above the working directory that holds README.md and the crawl launcher. */
    static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isRegularFile(p.resolve("crawl"))) {
                return p;
            }
        }
        throw new IllegalStateException("no README.md beside the crawl launcher above " + Path.of("").toAbsolutePath());
    }

    /** A documentation page, relative to the repository's root ({@code docs/crawl-command.md}). */
    static Path page(String relative) {
        Path p = root().resolve(relative);
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(relative + " does not exist");
        }
        return p;
    }

    /**
     * The pages whose examples are checked: README.md, CONTRIBUTING.md and every {@code docs/*.md}, by name; not
     * the benchmark pages, whose commands record what ran then, as BENCHMARKS.md's do.
     */
    static List<String> pages() {
        try (Stream<Path> docs = Files.list(page("README.md").resolveSibling("docs"))) {
            List<String> pages = new ArrayList<>(List.of("README.md", "CONTRIBUTING.md"));
            docs.map(p -> "docs/" + p.getFileName()).filter(n -> n.endsWith(".md"))
                    .filter(n -> !n.equals("docs/benchmarks-history.md")).sorted().forEach(pages::add);
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every example of every page of {@link #pages()}. */
    static List<Example> examples() {
        List<Example> found = new ArrayList<>();
        for (String page : pages()) {
            found.addAll(examples(page));
        }
        return found;
    }

    /** Every example of one page. */
    static List<Example> examples(String page) {
        try {
            return examples(page, Files.readAllLines(page(page), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Example> examples(String page, List<String> lines) {
        List<Example> found = new ArrayList<>();
        boolean bash = false;
        StringBuilder command = new StringBuilder();
        int start = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("```")) {
                bash = !bash && line.strip().equals("```bash");
                continue;
            }
            if (!bash) {
                continue;
            }
            if (command.length() == 0) {
                start = i + 1;
            }
            String code = withoutComment(line);
            if (code.endsWith("\\")) {
                command.append(code, 0, code.length() - 1).append(' ');
                continue;
            }
            command.append(code);
            String text = command.toString().strip();
            command.setLength(0);
            for (List<String> segment : pipeline(words(text))) {
                List<String> args = crawlArgs(segment);
                if (args != null) {
                    found.add(new Example(page, start, text, args));
                }
            }
        }
        return found;
    }

    /** The crawl command's arguments if {@code words} invoke it, else null. */
    private static List<String> crawlArgs(List<String> words) {
        int i = 0;
        while (i < words.size() && words.get(i).matches("[A-Z_][A-Z0-9_]*=.*")) {
            i++; // VAR=value before the command
        }
        List<String> rest = words.subList(i, words.size());
        if (rest.isEmpty()) {
            return null;
        }
        if (rest.get(0).equals("./crawl") || rest.get(0).equals("crawl")) {
            return List.copyOf(rest.subList(1, rest.size()));
        }
        if (rest.size() > 4 && rest.subList(0, 4).equals(List.of("docker", "compose", "run", "--rm"))
                && rest.get(4).equals("crawl")) {
            return List.copyOf(rest.subList(5, rest.size()));
        }
        if (rest.get(0).equals("kubectl") && rest.contains("--")
                && rest.stream().anyMatch(w -> w.startsWith("--image=") && w.contains("/crawl-cli:"))) {
            return List.copyOf(rest.subList(rest.indexOf("--") + 1, rest.size()));
        }
        return null;
    }

    /** The line without a {@code #} comment (one that starts a word outside quotes). */
    private static String withoutComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i).stripTrailing();
            }
        }
        return line.stripTrailing();
    }

    /** Shell words: whitespace splits, quotes group and are removed; {@code |} is a word of its own. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c) || c == '|') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                if (c == '|') {
                    words.add("|");
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static List<List<String>> pipeline(List<String> words) {
        List<List<String>> segments = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String w : words) {
            if (w.equals("|")) {
                segments.add(current);
                current = new ArrayList<>();
            } else {
                current.add(w);
            }
        }
        segments.add(current);
        return segments;
    }
}
