package org.kcrawl.parser.content.hash;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPInputStream;

/**
 * Measures {@link SimHash} distances on the content evaluation's reference texts (eval/README.md says how
 * to build the sets): a one-sentence edit of each text, each text with two different footers, unrelated
 * texts of one site and unrelated texts of any site. Prints each distribution's percentiles, by text
 * length. Usage: {@code SimHashMeasure SET.jsonl.gz...}.
 */
public final class SimHashMeasure {
    private static final String FOOTER_A = "Copyright 2008 The Daily Example. All rights reserved. This material may not be"
            + " published, broadcast, rewritten or redistributed. Contact us | Privacy policy | Terms of use";
    private static final String FOOTER_B = "Sign up for our newsletter to get the day's top stories in your inbox."
            + " Follow us on Twitter and Facebook. About us | Advertise | Careers | Site map";

    private record Text(String site, String normal, int words) {}

    private SimHashMeasure() {}

    public static void main(String[] args) throws IOException {
        List<Text> texts = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (String file : args) {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(
                    new GZIPInputStream(Files.newInputStream(Path.of(file))), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    JsonNode page = json.readTree(line);
                    String normal = TextNormalizer.normalize(page.path("reference").asText(""));
                    int words = normal.isEmpty() ? 0 : normal.split(" ").length;
                    if (words >= 50) {
                        texts.add(new Text(site(page.path("url").asText("")), normal, words));
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%d texts of 50 words or more%n", texts.size());
        Map<String, List<Integer>> edit = new HashMap<>();
        Map<String, List<Integer>> footer = new HashMap<>();
        Random random = new Random(36);
        for (Text t : texts) {
            long h = SimHash.ofNormalized(t.normal());
            String other = texts.get(random.nextInt(texts.size())).normal();
            String edited = replaceMiddleSentence(t.normal(), other);
            if (edited != null) {
                edit.computeIfAbsent(bucket(t.words()), k -> new ArrayList<>())
                        .add(SimHash.distance(h, SimHash.ofNormalized(edited)));
            }
            long a = SimHash.ofNormalized(t.normal() + " " + TextNormalizer.normalize(FOOTER_A));
            long b = SimHash.ofNormalized(t.normal() + " " + TextNormalizer.normalize(FOOTER_B));
            footer.computeIfAbsent(bucket(t.words()), k -> new ArrayList<>()).add(SimHash.distance(a, b));
        }
        report("one-sentence edit", edit);
        report("different footers (two ~30-word footers)", footer);
        Map<String, List<Integer>> sameSite = new HashMap<>();
        Map<String, List<Text>> bySite = new HashMap<>();
        texts.forEach(t -> bySite.computeIfAbsent(t.site(), k -> new ArrayList<>()).add(t));
        for (List<Text> site : bySite.values()) {
            for (int i = 0; i < site.size(); i++) {
                for (int j = i + 1; j < site.size() && j < i + 50; j++) {
                    Text x = site.get(i);
                    Text y = site.get(j);
                    if (!x.normal().equals(y.normal())) {
                        int dist = SimHash.distance(SimHash.ofNormalized(x.normal()), SimHash.ofNormalized(y.normal()));
                        if (dist <= 12) {
                            System.out.printf(Locale.ROOT, "  close pair on %s at %d: [%.80s] / [%.80s]%n", x.site(), dist,
                                    x.normal(), y.normal());
                        }
                        sameSite.computeIfAbsent(bucket(Math.min(x.words(), y.words())), k -> new ArrayList<>())
                                .add(SimHash.distance(SimHash.ofNormalized(x.normal()), SimHash.ofNormalized(y.normal())));
                    }
                }
            }
        }
        report("unrelated texts of one site", sameSite);
        Map<String, List<Integer>> any = new HashMap<>();
        for (int n = 0; n < 20_000; n++) {
            Text x = texts.get(random.nextInt(texts.size()));
            Text y = texts.get(random.nextInt(texts.size()));
            if (!x.site().equals(y.site())) {
                any.computeIfAbsent(bucket(Math.min(x.words(), y.words())), k -> new ArrayList<>())
                        .add(SimHash.distance(SimHash.ofNormalized(x.normal()), SimHash.ofNormalized(y.normal())));
            }
        }
        report("unrelated texts of different sites (20,000 random pairs)", any);
    }

    /** {@code text} with its middle sentence replaced by the first sentence of {@code other}; null without one. */
    static String replaceMiddleSentence(String text, String other) {
        List<Integer> ends = new ArrayList<>();
        for (int i = text.indexOf(". "); i >= 0; i = text.indexOf(". ", i + 2)) {
            ends.add(i + 2);
        }
        int otherEnd = other.indexOf(". ");
        if (ends.size() < 3 || otherEnd < 0) {
            return null;
        }
        int k = ends.size() / 2;
        return text.substring(0, ends.get(k - 1)) + other.substring(0, otherEnd + 2) + text.substring(ends.get(k));
    }

    private static String site(String url) {
        try {
            String host = URI.create(url.strip().replace(" ", "%20")).getHost();
            return host == null ? url : host.replaceFirst("^www\\.", "");
        } catch (IllegalArgumentException e) {
            return url;
        }
    }

    private static String bucket(int words) {
        return words < 200 ? "a 50-199 words" : words < 500 ? "b 200-499 words" : words < 1500 ? "c 500-1499 words"
                : "d 1500+ words";
    }

    private static void report(String what, Map<String, List<Integer>> byBucket) {
        System.out.println(what + ":");
        byBucket.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            int[] d = e.getValue().stream().mapToInt(Integer::intValue).sorted().toArray();
            System.out.printf(Locale.ROOT, "  %-17s n=%5d  min %2d  p1 %2d  p10 %2d  median %2d  p90 %2d  p99 %2d  max %2d"
                    + "  share <=3 %5.1f%%  <=6 %5.1f%%  <=10 %5.1f%%  <=12 %5.1f%%%n", e.getKey().substring(2), d.length, d[0],
                    pct(d, 1), pct(d, 10), pct(d, 50), pct(d, 90), pct(d, 99), d[d.length - 1], share(d, 3), share(d, 6),
                    share(d, 10), share(d, 12));
        });
    }

    private static int pct(int[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(p / 100.0 * sorted.length))];
    }

    private static double share(int[] sorted, int atMost) {
        return 100.0 * Arrays.stream(sorted).filter(d -> d <= atMost).count() / sorted.length;
    }
}
