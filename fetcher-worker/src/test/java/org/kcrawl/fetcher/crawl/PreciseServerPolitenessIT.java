package org.kcrawl.fetcher.crawl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.http.client.NettyHttpFetcher;
import org.kcrawl.fetcher.judge.ArrivalJudge;
import org.kcrawl.fetcher.judge.ArrivalJudge.Arrival;
import org.kcrawl.testkit.kafka.SharedKafka;

/**
 * Issue 14's bar, judged by the server: at 1, 5 and 20 requests/s per host, with Crawl-delay hosts
 * among them and every core kept busy by a spinning thread for the whole crawl, no two requests to a
 * host (robots.txt included) arrive closer than the host's interval, as a server with a clock of its
 * own logs them ({@link ArrivalJudge#start}: the kernel's receive timestamps; nginx's
 * {@code $msec - $request_time} or a Netty server in a child JVM where Python is missing). Only the
 * server's own resolution is forgiven (none for the kernel's stamps, 1 ms for nginx), nothing else.
 *
 * <p>Three fetchers crawl at once, one per rate, each with its own crawl; pages answer after 50 ms.
 * Halfway through, the 5/s crawl's fetcher is stopped and a new one takes its partitions over, so a
 * restart is judged by the server too.
 */
class PreciseServerPolitenessIT {
    private static final Duration LATENCY = Duration.ofMillis(50);

    @TempDir
    Path dir;

    /** One host of the judged web: its address, how many pages it has, and its robots.txt Crawl-delay. */
    private record Host(String address, int pages, double crawlDelay) {}

    /** The hosts one crawl fetches at one rate; {@code restart} when its fetcher is replaced halfway. */
    private record Group(double rate, boolean restart, List<Host> hosts) {
        long intervalNanos(Host h) {
            return Math.max(rateIntervalNanos(), Math.round(h.crawlDelay() * 1e9));
        }

        long rateIntervalNanos() {
            return Math.round(1e9 / rate);
        }

        int pages() {
            return hosts.stream().mapToInt(Host::pages).sum();
        }
    }

    private static final List<Group> GROUPS = List.of(
            new Group(1, false, List.of(new Host("127.0.0.61", 5, 0), new Host("127.0.0.62", 5, 0))),
            new Group(5, true, List.of(new Host("127.0.0.63", 20, 0), new Host("127.0.0.64", 20, 0),
                    new Host("127.0.0.65", 5, 1))),
            new Group(20, false, List.of(new Host("127.0.0.66", 80, 0), new Host("127.0.0.67", 80, 0),
                    new Host("127.0.0.68", 20, 0.2))));

    @Test
    @SuppressWarnings("try") // the judge is closed early on purpose, to read its arrivals; the try closes it again only on failure
    void noHostSeesTwoRequestsCloserThanItsIntervalWhileEveryCoreIsBusy() throws Exception {
        List<String> addresses = new ArrayList<>();
        Map<String, String> robots = new HashMap<>();
        for (Group g : GROUPS) {
            for (Host h : g.hosts()) {
                addresses.add(h.address());
                if (h.crawlDelay() > 0) {
                    robots.put(h.address(), "User-agent: *\nCrawl-delay: " + h.crawlDelay() + "\n");
                }
            }
        }
        Map<String, List<Arrival>> arrivals;
        Map<String, List<Long>> written = new HashMap<>();
        String judgedBy;
        long resolution;
        double busyShare;
        List<Crawl> crawls = new ArrayList<>();
        try (ArrivalJudge judge = ArrivalJudge.start(dir.resolve("judge"), addresses, robots, LATENCY)) {
            judgedBy = judge.description();
            resolution = judge.resolution().toNanos();
            try (BusyCores busy = new BusyCores()) {
                for (Group g : GROUPS) {
                    Crawl c = new Crawl(g);
                    crawls.add(c);
                    c.seed(urls(g, judge.port()));
                }
                await().atMost(Duration.ofSeconds(150)).pollInterval(Duration.ofMillis(100)).until(() -> {
                    boolean done = true;
                    for (Crawl c : crawls) {
                        c.restartHalfway();
                        done &= c.done();
                    }
                    return done;
                });
                busyShare = busy.share();
            } finally {
                crawls.forEach(Crawl::stop);
            }
            for (Crawl c : crawls) {
                assertThat(c.workers).as("fetchers of the %s/s crawl", c.group.rate()).hasSize(c.group.restart() ? 2 : 1);
            }
            judge.close();
            arrivals = judge.arrivals();
            for (Crawl c : crawls) {
                for (RecordingFetcher client : c.clients) {
                    for (String a : addresses) {
                        List<Long> w = new ArrayList<>(written.getOrDefault(a, List.of()));
                        w.addAll(client.startsOf(a));
                        w.sort(null);
                        written.put(a, w);
                    }
                }
            }
        }

        List<String> violations = new ArrayList<>();
        Map<String, String> summary = new LinkedHashMap<>();
        for (int c = 0; c < GROUPS.size(); c++) {
            Group g = GROUPS.get(c);
            long smallest = Long.MAX_VALUE;
            int gaps = 0;
            int robotsRequests = 0;
            for (Host h : g.hosts()) {
                List<Arrival> seen = arrivals.getOrDefault(h.address(), List.of());
                robotsRequests += (int) seen.stream().filter(a -> a.path().equals("/robots.txt")).count();
                assertThat(seen.get(0).path()).as("the first request to %s", h.address()).isEqualTo("/robots.txt");
                assertThat(seen).filteredOn(a -> !a.path().equals("/robots.txt")).extracting(Arrival::path)
                        .as("pages requested from %s", h.address()).doesNotHaveDuplicates().hasSize(h.pages());
                // A new fetcher reads robots.txt again; it is one of the host's requests like the others.
                assertThat(seen).filteredOn(a -> a.path().equals("/robots.txt")).as("robots.txt of %s", h.address())
                        .hasSizeBetween(1, g.restart() ? 2 : 1);
                List<Long> hostGaps = ArrivalJudge.gaps(seen);
                for (int i = 0; i < hostGaps.size(); i++) {
                    long gap = hostGaps.get(i);
                    // The new fetcher's first request, robots.txt, is spaced by the rate from its
                    // assignment: it learns the host's Crawl-delay from that very request (README).
                    long interval = seen.get(i + 1).path().equals("/robots.txt") ? g.rateIntervalNanos()
                            : g.intervalNanos(h);
                    smallest = Math.min(smallest, gap * 1_000_000_000L / interval);
                    gaps++;
                    if (gap < interval - resolution) {
                        List<Long> w = written.getOrDefault(h.address(), List.of());
                        violations.add(String.format("%s: %s then %s %.3f ms apart, interval %.0f ms (written %.3f ms"
                                        + " apart)", h.address(), seen.get(i).path(), seen.get(i + 1).path(), gap / 1e6,
                                interval / 1e6, w.size() > i + 1 ? (w.get(i + 1) - w.get(i)) / 1e6 : Double.NaN));
                    }
                }
            }
            summary.put("rate " + (int) g.rate(), String.format("%d gaps, the shortest %.1f %% of its interval, %d"
                            + " robots.txt requests, pages by fetcher %s", gaps, smallest / 1e7, robotsRequests,
                    crawls.get(c).workers.stream().map(FetcherWorker::pagesFetched).toList()));
        }
        System.out.printf("judged by %s, busy threads on every core (%.0f %% of a core each): %s%n", judgedBy,
                busyShare * 100, summary);
        assertThat(violations).as("gaps shorter than the interval less the server's resolution").isEmpty();
    }

    private static List<String> urls(Group g, int port) {
        List<String> urls = new ArrayList<>();
        for (int p = 0; p < g.hosts().stream().mapToInt(Host::pages).max().orElse(0); p++) {
            for (Host h : g.hosts()) {
                if (p < h.pages()) {
                    urls.add("http://" + h.address() + ":" + port + "/p/" + p);
                }
            }
        }
        return urls;
    }

    /** One group's crawl and the fetchers that work on it, one after the other. */
    private static final class Crawl {
        final Group group;
        final CrawlHarness harness;
        final FetcherConfig config;
        final List<FetcherWorker> workers = new ArrayList<>();
        final List<RecordingFetcher> clients = new ArrayList<>();

        Crawl(Group group) {
            this.group = group;
            this.harness = new CrawlHarness(SharedKafka.bootstrapServers(),
                    SharedKafka.uniqueCrawlName("precise-" + (int) group.rate()), 4);
            this.config = harness.config(Map.of("rate", Double.toString(group.rate()), "per_host", "2"));
            startWorker();
        }

        private void startWorker() {
            RecordingFetcher client = new RecordingFetcher(new NettyHttpFetcher(config.httpClient()));
            clients.add(client);
            FetcherWorker worker = new FetcherWorker(config, harness.clients(), new SimpleMeterRegistry(), client);
            workers.add(worker);
            worker.start();
        }

        void seed(List<String> urls) {
            harness.seed(urls);
        }

        long fetched() {
            return workers.stream().mapToLong(FetcherWorker::pagesFetched).sum();
        }

        /** Once half the pages are in, replaces the fetcher by a new one (when the group asks for it). */
        void restartHalfway() {
            if (group.restart() && workers.size() == 1 && fetched() >= group.pages() / 2) {
                workers.get(0).stop();
                startWorker();
            }
        }

        boolean done() {
            FetcherWorker last = workers.get(workers.size() - 1);
            return (!group.restart() || workers.size() == 2) && fetched() >= group.pages() && last.pending() == 0;
        }

        void stop() {
            workers.forEach(FetcherWorker::stop);
        }
    }

    /** A spinning thread per core, for as long as it is open: the crawl's threads get the CPU late. */
    private static final class BusyCores implements AutoCloseable {
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<Thread> threads = new ArrayList<>();
        private final long startedAt = System.nanoTime();
        private volatile long sink;

        BusyCores() {
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                Thread t = new Thread(this::spin, "busy-" + i);
                t.setDaemon(true);
                t.start();
                threads.add(t);
            }
        }

        private void spin() {
            long x = 1;
            while (!stop.get()) {
                for (int i = 0; i < 10_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
            }
            sink = x;
        }

        /** The CPU the spinning threads got so far, as a share of one core each. */
        double share() {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long cpu = threads.stream().mapToLong(t -> Math.max(0, mx.getThreadCpuTime(t.getId()))).sum();
            return cpu / (double) (System.nanoTime() - startedAt) / threads.size();
        }

        @Override
        public void close() {
            stop.set(true);
            try {
                for (Thread t : threads) {
                    t.join();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
