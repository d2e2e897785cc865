package org.kcrawl.parser.content.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The on-disk form of a set: {@code <name>.jsonl.gz}, one JSON object a line with {@code id}, {@code url}
 * (or null), {@code html} and {@code reference}, in id order.
 */
public final class EvalSetFiles {
    /** The suffix that marks a set file in a data directory. */
    public static final String SUFFIX = ".jsonl.gz";
    private static final ObjectMapper JSON = new ObjectMapper();

    private EvalSetFiles() {}

    /** The set names in {@code dir}, sorted. */
    public static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length())).sorted().toList();
        }
    }

    /** Every page of set {@code name} in {@code dir}. */
    public static List<EvalPage> read(Path dir, String name) throws IOException {
        Path file = dir.resolve(name + SUFFIX);
        List<EvalPage> pages = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file), 1 << 16), StandardCharsets.UTF_8))) {
            String line;
            int lineNo = 0;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node = JSON.readTree(line);
                if (!node.hasNonNull("id") || !node.hasNonNull("html") || !node.hasNonNull("reference")) {
                    throw new IOException(file + ":" + lineNo + ": a page needs id, html and reference");
                }
                JsonNode url = node.get("url");
                pages.add(new EvalPage(name, node.get("id").asText(), url == null || url.isNull() ? null : url.asText(),
                        node.get("html").asText(), node.get("reference").asText()));
            }
        }
        return pages;
    }

    /** Writes {@code pages} as set {@code name} in {@code dir}, sorted by id. */
    public static Path write(Path dir, String name, List<EvalPage> pages) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(name + SUFFIX);
        List<EvalPage> sorted = pages.stream().sorted(java.util.Comparator.comparing(EvalPage::id)).toList();
        try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(file), 1 << 16), StandardCharsets.UTF_8))) {
            for (EvalPage p : sorted) {
                ObjectNode node = JSON.createObjectNode();
                node.put("id", p.id());
                node.put("url", p.url());
                node.put("html", p.html());
                node.put("reference", p.reference());
                out.write(JSON.writeValueAsString(node));
                out.write('\n');
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return file;
    }
}
