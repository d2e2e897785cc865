package org.kcrawl.fetcher.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.fetcher.judge.ArrivalJudge.Arrival;

/**
 * Every judge serves what {@code PreciseServerPolitenessIT} relies on and log what they saw: robots.txt
 * per address, pages after the latency, and each request under its address and path, in order, with
 * arrival times whose gaps are true to within the judge's resolution.
 */
class ArrivalJudgeIT {
    private static final Duration LATENCY = Duration.ofMillis(50);
    private static final List<String> ADDRESSES = List.of("127.0.0.71", "127.0.0.72");

    @TempDir
    Path dir;

    @Test
    void nginxServesAndLogsArrivals() throws Exception {
        assumeTrue(NginxJudge.available(), "nginx is not installed");
        try (ArrivalJudge judge = NginxJudge.start(dir, ADDRESSES, Map.of("127.0.0.71", "User-agent: *\nCrawl-delay: 2\n"),
                LATENCY)) {
            check(judge);
        }
    }

    @Test
    void theKernelStampJudgeServesAndLogsArrivals() throws Exception {
        assumeTrue(ChildProcessJudge.kernelStampsAvailable(), "python3 is not installed");
        try (ArrivalJudge judge = ChildProcessJudge.kernelStamps(dir, ADDRESSES, Map.of("127.0.0.71",
                "User-agent: *\nCrawl-delay: 2\n"), LATENCY)) {
            check(judge);
        }
    }

    @Test
    void theChildJvmServesAndLogsArrivals() throws Exception {
        try (ArrivalJudge judge = ChildProcessJudge.jvm(dir, ADDRESSES, Map.of("127.0.0.71", "User-agent: *\nCrawl-delay: 2\n"),
                LATENCY)) {
            check(judge);
        }
    }

    private static void check(ArrivalJudge judge) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String robots = get(client, judge, "127.0.0.71", "/robots.txt");
        String other = get(client, judge, "127.0.0.72", "/robots.txt");
        long before = System.nanoTime();
        String page = get(client, judge, "127.0.0.71", "/p/1");
        long pageNanos = System.nanoTime() - before;
        get(client, judge, "127.0.0.71", "/p/2");
        long bothNanos = System.nanoTime() - before;
        judge.close();

        assertThat(robots).contains("Crawl-delay: 2");
        assertThat(other).contains("Allow: /").doesNotContain("Crawl-delay");
        assertThat(page).contains("<title>judged</title>");
        Map<String, List<Arrival>> arrivals = judge.arrivals();
        assertThat(arrivals.get("127.0.0.71")).extracting(Arrival::path).containsExactly("/robots.txt", "/p/1", "/p/2");
        assertThat(arrivals.get("127.0.0.72")).extracting(Arrival::path).containsExactly("/robots.txt");
        if (!judge.description().contains("no latency")) {
            assertThat(Duration.ofNanos(pageNanos)).as("a page waits for the latency").isGreaterThanOrEqualTo(LATENCY);
            // The second page was asked for once the first was answered, so it arrived a latency later at least.
            long gap = ArrivalJudge.gaps(arrivals.get("127.0.0.71")).get(1);
            assertThat(gap).isGreaterThanOrEqualTo(LATENCY.toNanos() - judge.resolution().toNanos());
            // And no more than the client took from sending the first to being answered the second: a
            // judge whose stamps drift or lag would read the gap longer than it can have been.
            assertThat(gap).isLessThanOrEqualTo(bothNanos + judge.resolution().toNanos());
        }
    }

    private static String get(HttpClient client, ArrivalJudge judge, String address, String path) throws Exception {
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://" + address + ":" + judge.port()
                + path)).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("%s%s", address, path).isEqualTo(200);
        return r.body();
    }
}
