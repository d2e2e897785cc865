package org.kcrawl.cli.recrawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.cli.CrawlMain;
import org.kcrawl.common.message.MessageCodec;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

/**
 * Issue #16 through the commands the README shows, against nginx answering conditional GETs: a crawl
 * with {@code --data-dir} and {@code --warc}, then {@code --recrawl-after 0s}: every URL is requested
 * again, answered 304, its record says {@code not_modified}, and the WARC files hold a request and a
 * response per page (bytes as nginx sent them, digests valid), then a request and a revisit; after a
 * few files change, exactly those get full records.
 */
class RecrawlWarcIT {
    private static final int PAGES = 300;

    @TempDir
    Path dir;

    @Test
    void aRecrawlAsksConditionallyAndArchivesRevisitsAndOnlyChangedPagesGetFullRecords() throws Exception {
        assumeTrue(NginxSite.available(), "nginx is not installed");
        try (NginxSite site = NginxSite.start(dir, PAGES)) {
            List<String> urls = site.urls();
            Path warc = dir.resolve("warc");

            Run first = crawl(site, "first", warc, null);
            assertThat(first.exit).as(first.stderr).isZero();
            assertThat(urlsOf(first.records)).containsExactlyInAnyOrderElementsOf(urls);
            assertThat(first.records).noneMatch(r -> r.has("not_modified"));
            assertThat(first.stderr).contains("warc: " + urls.size() + " pages archived, 1 file finished in " + warc);
            site.takeLog();
            Map<String, List<Archived>> archived = readWarcs(warc);
            for (String url : urls) {
                List<Archived> responses = of(archived.get(url), "response");
                assertThat(responses).as("one response for %s", url).hasSize(1);
                Archived r = responses.get(0);
                assertThat(r.payload).as("the bytes nginx sent for %s", url).isEqualTo(Files.readAllBytes(site.file(url)));
                assertThat(r.status).isEqualTo(200);
                assertThat(r.payloadDigest).isEqualTo(sha1(r.payload));
                assertThat(of(archived.get(url), "request")).hasSize(1);
            }
            List<Path> firstFiles = warcFiles(warc);

            Run again = crawl(site, "again", warc, "0s");
            assertThat(again.exit).as(again.stderr).isZero();
            assertThat(again.stderr).contains("recrawl: " + urls.size() + " known URLs");
            List<String> log = pageRequests(site.takeLog());
            assertThat(log.stream().map(l -> l.substring(4)).sorted().toList()).as("every URL requested again, once")
                    .isEqualTo(urls.stream().map(u -> u.substring(site.url("").length())).sorted().toList());
            long notModified = log.stream().filter(l -> l.startsWith("304 ")).count();
            assertThat(notModified).as("answered 304").isGreaterThanOrEqualTo((long) Math.ceil(urls.size() * 0.99));
            assertThat(urlsOf(again.records)).containsExactlyInAnyOrderElementsOf(urls);
            assertThat(again.records.stream().filter(r -> r.path("not_modified").asBoolean()).count())
                    .isEqualTo(notModified);
            assertThat(again.stderr).contains("warc: " + urls.size() + " pages archived (" + notModified
                    + " as revisits), 1 file finished in " + warc);
            Map<String, List<Archived>> revisits = readWarcs(warc, firstFiles);
            for (String url : urls) {
                List<Archived> rv = of(revisits.get(url), "revisit");
                assertThat(rv).as("a revisit for %s", url).hasSize(1);
                assertThat(rv.get(0).profile).endsWith("/revisit/server-not-modified");
                assertThat(rv.get(0).status).isEqualTo(304);
                assertThat(of(revisits.get(url), "response")).isEmpty();
            }

            Set<Integer> changed = Set.of(7, 150, 299);
            for (int i : changed) {
                site.change(i);
            }
            Run third = crawl(site, "third", warc, "0s");
            assertThat(third.exit).as(third.stderr).isZero();
            Set<String> full = third.records.stream().filter(r -> !r.path("not_modified").asBoolean())
                    .map(r -> r.get("url").asText()).collect(Collectors.toCollection(TreeSet::new));
            assertThat(full).isEqualTo(changed.stream().map(i -> site.url("/p" + i + ".html"))
                    .collect(Collectors.toCollection(TreeSet::new)));
            assertThat(third.records.stream().filter(r -> !r.path("not_modified").asBoolean())
                    .map(r -> r.get("title").asText())).allMatch(t -> t.endsWith("(changed)"));
            assertThat(urlsOf(third.records)).containsExactlyInAnyOrderElementsOf(urls);
        }
    }

    private record Run(int exit, List<JsonNode> records, String stderr) {}

    private Run crawl(NginxSite site, String name, Path warc, String recrawlAfter) throws IOException {
        Path out = dir.resolve(name + ".jsonl");
        List<String> args = new ArrayList<>(List.of("--data-dir", dir.resolve("data").toString(), "--warc",
                warc.toString(), "--allow-private", "--rate", "1000", "--per-host", "8", "--max-depth", "50",
                "--out", out.toString(), "--failures", dir.resolve(name + "-failures.jsonl").toString()));
        if (recrawlAfter != null) {
            args.addAll(List.of("--recrawl-after", recrawlAfter));
        }
        args.add(site.url("/"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = CrawlMain.run(args.toArray(String[]::new));
        } finally {
            System.setErr(original);
        }
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(out)) {
            records.add(MessageCodec.get().readTree(line.getBytes(StandardCharsets.UTF_8)));
        }
        return new Run(exit, records, err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> urlsOf(List<JsonNode> records) {
        return records.stream().map(r -> r.get("url").asText()).toList();
    }

    /** The log's lines of page requests (robots.txt left out). */
    private static List<String> pageRequests(List<String> log) {
        return log.stream().filter(l -> !l.endsWith(" /robots.txt")).toList();
    }

    private static List<Path> warcFiles(Path warc) throws IOException {
        try (Stream<Path> files = Files.list(warc)) {
            return files.filter(p -> p.toString().endsWith(".warc.gz")).sorted().toList();
        }
    }

    /** What a test needs of a record, taken while it is read (a reader's bodies are gone once it moves on). */
    private record Archived(String type, int status, byte[] payload, WarcDigest payloadDigest, String profile) {}

    private static Map<String, List<Archived>> readWarcs(Path warc) throws IOException {
        return readWarcs(warc, List.of());
    }

    /**
     * The records of the finished WARC files not in {@code skip}, by target URL, read with jwarc, every
     * block digest checked.
     */
    private static Map<String, List<Archived>> readWarcs(Path warc, List<Path> skip) throws IOException {
        try (Stream<Path> files = Files.list(warc)) {
            assertThat(files.filter(p -> p.toString().endsWith(".open")).toList()).as("no file left open").isEmpty();
        }
        Map<String, List<Archived>> out = new HashMap<>();
        for (Path file : warcFiles(warc)) {
            if (skip.contains(file)) {
                continue;
            }
            assertThat(WarcIndexCheck.indexOf(file)).as("a CDXJ index beside %s", file).exists();
            try (WarcReader reader = new WarcReader(file)) {
                reader.calculateBlockDigest();
                for (WarcRecord record : reader) {
                    Archived a;
                    if (record instanceof WarcResponse r) {
                        int status = r.http().status();
                        byte[] payload = r.http().body().stream().readAllBytes();
                        a = new Archived("response", status, payload, r.payloadDigest().orElse(null), null);
                    } else if (record instanceof WarcRevisit v) {
                        a = new Archived("revisit", v.http().status(), null, null, v.profile().toString());
                    } else {
                        a = new Archived(record.type(), 0, null, null, null);
                    }
                    record.body().consume();
                    assertThat(record.blockDigest()).as("%s has a block digest", record.type()).isPresent();
                    assertThat(record.calculatedBlockDigest()).as("block digest of %s", record.id())
                            .contains(record.blockDigest().get());
                    if (record instanceof org.netpreserve.jwarc.WarcTargetRecord t) {
                        out.computeIfAbsent(t.target(), k -> new ArrayList<>()).add(a);
                    }
                }
            }
        }
        return out;
    }

    private static List<Archived> of(List<Archived> records, String type) {
        return records == null ? List.of() : records.stream().filter(a -> a.type.equals(type)).toList();
    }

    private static WarcDigest sha1(byte[] data) throws Exception {
        MessageDigest d = MessageDigest.getInstance("SHA-1");
        d.update(data);
        return new WarcDigest(d);
    }
}
