package org.kcrawl.embedded.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Serves a {@link SyntheticWeb} as a standalone process, so crawlers written in any language can be
 * benchmarked against the same pages: it writes the port and the host roots to files, serves until
 * SIGTERM (or until standard input closes, when asked), and on the way out can write what the server
 * saw (requests, duplicates, the highest per-host concurrency) as one JSON object.
 *
 * <pre>
 * java -cp CLASSPATH org.kcrawl.embedded.web.SyntheticWebMain --hosts 50 --pages-per-host 200 \
 *     --latency-ms 50 --port-file port.txt --roots-file roots.txt --stats-file stats.json
 * </pre>
 */
public final class SyntheticWebMain {
    private static final String USAGE = String.join(System.lineSeparator(),
            "usage: SyntheticWebMain [options]",
            "  --hosts N              hosts on 127.0.0.10 onwards (default 20)",
            "  --pages-per-host N     pages on every host (default 100)",
            "  --links-per-page N     links to synthetic pages on every page (default 10)",
            "  --latency-ms MS        delay before every response (default 0)",
            "  --page-bytes N         approximate HTML size of a page (default 2048)",
            "  --io-threads N         server event loop threads (default 2)",
            "  --port-file FILE       write the port here once serving",
            "  --roots-file FILE      write the host roots here, one a line, once serving",
            "  --stats-file FILE      write the server's view of the requests here on exit",
            "  --requests-file FILE   write every request here on exit: host, path, status, start and end (ns)",
            "  --until-stdin-closes   also stop when standard input reaches end of file",
            "Serves until SIGTERM (or Ctrl-C).");

    private SyntheticWebMain() {}

    /** Starts the web, announces it, and serves until the process is told to stop. */
    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("SyntheticWebMain: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        if (options.help) {
            System.out.println(USAGE);
            return;
        }
        SyntheticWeb web;
        try {
            web = start(options);
        } catch (IllegalArgumentException e) {
            // The builder's checks (e.g. more hosts than 127.0.0.X addresses) are usage errors too.
            System.err.println("SyntheticWebMain: " + e.getMessage());
            System.exit(2);
            return;
        }
        run(web, options, System.in, System.err);
    }

    private static SyntheticWeb start(Options options) {
        return SyntheticWeb.builder()
                .hosts(options.hosts)
                .pagesPerHost(options.pagesPerHost)
                .linksPerPage(options.linksPerPage)
                .latency(Duration.ofMillis(options.latencyMs))
                .pageBytes(options.pageBytes)
                .ioThreads(options.ioThreads)
                .requestLogCapacity(requestLogCapacity(options))
                .start();
    }

    private static void run(SyntheticWeb web, Options options, InputStream stdin, PrintStream err)
            throws IOException, InterruptedException {
        CountDownLatch stop = new CountDownLatch(1);
        Shutdown shutdown = new Shutdown(web, options.statsFile, options.requestsFile, err);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            shutdown.run();
            stop.countDown();
        }, "synthetic-web-shutdown"));
        if (options.untilStdinCloses) {
            Thread watcher = new Thread(() -> {
                drain(stdin, err);
                stop.countDown();
            }, "synthetic-web-stdin");
            watcher.setDaemon(true);
            watcher.start();
        }
        // The roots go first: a harness that polls for the port file may read the roots as soon as it appears.
        if (options.rootsFile != null) {
            writeAtomically(options.rootsFile, String.join("\n", web.hostRoots()) + "\n");
        }
        if (options.portFile != null) {
            writeAtomically(options.portFile, web.port() + "\n");
        }
        err.printf("synthetic web: %d hosts x %d pages, %d links a page, latency %d ms, on port %d (%s .. %s)%n",
                options.hosts, options.pagesPerHost, options.linksPerPage, options.latencyMs, web.port(),
                web.hostRoots().get(0), web.hostRoots().get(web.hostRoots().size() - 1));
        stop.await();
        shutdown.run();
    }

    // Room for every page twice plus robots.txt, so the duplicate count in the stats is complete.
    private static int requestLogCapacity(Options options) {
        long pages = (long) options.hosts * options.pagesPerHost;
        return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(1_000_000L, 2 * pages + options.hosts));
    }

    private static void drain(InputStream stdin, PrintStream err) {
        byte[] buffer = new byte[1024];
        try {
            while (stdin.read(buffer) >= 0) {
                // Whatever is typed is ignored; only the end of the stream matters.
            }
        } catch (IOException e) {
            err.println("synthetic web: reading standard input failed, stopping: " + e);
        }
    }

    private static void writeAtomically(Path file, String content) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Closes the web and writes the stats exactly once, from whichever stop signal comes first. */
    private static final class Shutdown implements Runnable {
        private final SyntheticWeb web;
        private final Path statsFile;
        private final Path requestsFile;
        private final PrintStream err;
        private final AtomicBoolean done = new AtomicBoolean();

        Shutdown(SyntheticWeb web, Path statsFile, Path requestsFile, PrintStream err) {
            this.web = web;
            this.statsFile = statsFile;
            this.requestsFile = requestsFile;
            this.err = err;
        }

        @Override
        public void run() {
            if (!done.compareAndSet(false, true)) {
                return;
            }
            web.close();
            write(statsFile, () -> statsJson(web));
            write(requestsFile, () -> requestsTsv(web.requestLog()));
        }

        private void write(Path file, Supplier<String> content) {
            if (file == null) {
                return;
            }
            try {
                writeAtomically(file, content.get());
            } catch (IOException e) {
                err.println("synthetic web: could not write " + file + ": " + e);
            }
        }
    }

    // What the server saw, to check a crawler against: no page twice, per-host concurrency and spacing kept.
    static String statsJson(SyntheticWeb web) {
        RequestLog log = web.requestLog();
        long robots = 0;
        long duplicates = 0;
        long connections = 0;
        int maxConcurrency = 0;
        long minPageInterval = Long.MAX_VALUE;
        List<String> hosts = new ArrayList<>(log.hosts());
        for (String host : hosts) {
            List<RequestEvent> events = log.of(host);
            Map<String, Long> counts = new HashMap<>();
            List<RequestEvent> pages = new ArrayList<>(events.size());
            for (RequestEvent e : events) {
                counts.merge(e.path(), 1L, Long::sum);
                if (UrlLayout.ROBOTS_PATH.equals(e.path())) {
                    robots++;
                } else {
                    pages.add(e);
                }
            }
            for (long count : counts.values()) {
                duplicates += count - 1;
            }
            connections += log.connectionsOpened(host);
            maxConcurrency = Math.max(maxConcurrency, RequestLog.maxConcurrency(events));
            minPageInterval = Math.min(minPageInterval, RequestLog.minIntervalNanos(pages));
        }
        String minInterval = minPageInterval == Long.MAX_VALUE
                ? "null" : String.format(Locale.ROOT, "%.3f", minPageInterval / 1e6);
        return String.format(Locale.ROOT, "{\"requests\":%d,\"robots_requests\":%d,\"duplicate_requests\":%d,"
                        + "\"hosts_contacted\":%d,\"connections\":%d,\"max_host_concurrency\":%d,"
                        + "\"min_host_page_interval_ms\":%s,\"dropped\":%d}%n",
                log.size(), robots, duplicates, hosts.size(), connections, maxConcurrency, minInterval, log.dropped());
    }

    // One line a request in arrival order, for checking politeness by hand; times are System.nanoTime().
    static String requestsTsv(RequestLog log) {
        StringBuilder sb = new StringBuilder(64 * log.size() + 64).append("host\tpath\tstatus\tstart_ns\tend_ns\n");
        for (RequestEvent e : log.all()) {
            sb.append(e.host()).append('\t').append(e.path()).append('\t').append(e.status()).append('\t')
                    .append(e.startNanos()).append('\t').append(e.endNanos()).append('\n');
        }
        return sb.toString();
    }

    /** The command line, checked; field names follow the options. */
    private static final class Options {
        int hosts = 20;
        int pagesPerHost = 100;
        int linksPerPage = 10;
        long latencyMs;
        int pageBytes = 2048;
        int ioThreads = 2;
        Path portFile;
        Path rootsFile;
        Path statsFile;
        Path requestsFile;
        boolean untilStdinCloses;
        boolean help;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                switch (name) {
                    case "--hosts" -> o.hosts = intValue(args, ++i, name, 1);
                    case "--pages-per-host" -> o.pagesPerHost = intValue(args, ++i, name, 1);
                    case "--links-per-page" -> o.linksPerPage = intValue(args, ++i, name, 1);
                    case "--latency-ms" -> o.latencyMs = intValue(args, ++i, name, 0);
                    case "--page-bytes" -> o.pageBytes = intValue(args, ++i, name, 0);
                    case "--io-threads" -> o.ioThreads = intValue(args, ++i, name, 1);
                    case "--port-file" -> o.portFile = Path.of(value(args, ++i, name));
                    case "--roots-file" -> o.rootsFile = Path.of(value(args, ++i, name));
                    case "--stats-file" -> o.statsFile = Path.of(value(args, ++i, name));
                    case "--requests-file" -> o.requestsFile = Path.of(value(args, ++i, name));
                    case "--until-stdin-closes" -> o.untilStdinCloses = true;
                    case "-h", "--help" -> o.help = true;
                    default -> throw new IllegalArgumentException("unknown option '" + name + "'");
                }
            }
            return o;
        }

        private static String value(String[] args, int i, String name) {
            if (i >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            return args[i];
        }

        private static int intValue(String[] args, int i, String name, int min) {
            String raw = value(args, i, name);
            int v;
            try {
                v = Integer.parseInt(raw);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " must be a whole number, got '" + raw + "'", e);
            }
            if (v < min) {
                throw new IllegalArgumentException(name + " must be >= " + min + ", got " + v);
            }
            return v;
        }
    }
}
