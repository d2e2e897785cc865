#!/usr/bin/env python3
"""Runs kcrawl, the asyncio crawler and Scrapy in turn against the synthetic web and compares them.

Each run gets a fresh synthetic web (SyntheticWebMain, its own JVM) so no crawler inherits another's
connections or a server warmed by another; the crawler runs under /usr/bin/time -v for its CPU time
and peak resident memory. A run counts only when the crawler fetched exactly the pages the web has
(every page is reachable from its host's root; the depth limit is set so it never binds). The server's
own log backs that up: requests received, duplicates, and the highest per-host concurrency.

Besides the crawl scenarios: a fetch-only scenario (every page of the web is a seed, kcrawl runs with
--fetch-only and the asyncio crawler with --no-parse, so nothing is parsed and no link followed), the
scale curve, and on request the parser's JMH benchmark (ParserBenchmarkMain, as parser-worker's
exec:exec@jmh runs it, on a classpath from the reactor; read from its JSON result file).

The docs, small and startup scenarios crawl a generated documentation site instead (docs_site.py: pages
of tens of KB with about a hundred links, as real documentation has), served by one nginx per run
(nginx_site.py), whose access log gives the same server-side figures.

Started by bench/run.sh, which installs and builds what this needs; see BENCHMARKS.md.
Only standard-library modules: it runs on Debian's /usr/bin/python3 without anything installed.
"""
import argparse
import datetime
import json
import math
import os
import platform
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

import docs_site
import nginx_site

CRAWLERS = ("kcrawl", "asyncio", "scrapy")
FETCH_CRAWLERS = ("kcrawl", "asyncio")  # the crawlers with a fetch-only mode
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PYTHON = "/usr/bin/python3"  # Debian's interpreter, the one python3-aiohttp/lxml/scrapy install into
WEB_MAIN = "org.kcrawl.embedded.web.SyntheticWebMain"
PARSE_BENCH_MAIN = "org.kcrawl.parser.bench.ParserBenchmarkMain"
ORIGIN = re.compile(r"^(https?://[^/:]+)(?::\d+)?")
SCENARIOS = ("throughput", "polite", "fetch", "docs", "small", "startup", "scale")


@dataclass
class Scenario:
    """One synthetic web and the crawl settings every crawler gets for it."""

    name: str
    hosts: int
    pages_per_host: int
    latency_ms: int
    concurrency: int
    per_host: int
    rate: float  # requests per second per host; 0 = no rate limit
    robots: bool
    crawlers: tuple = CRAWLERS
    fetch_only: bool = False  # every page is a seed; nothing is parsed, no link followed
    docs: object = None  # a docs_site.GeneratedSite served by nginx instead of the synthetic web
    max_pages: int = 0  # kcrawl's --max-pages (the start-up scenario); the run may then fetch a subset
    timeout: float = None  # seconds before a crawler run is stopped; None: --timeout

    @property
    def pages(self):
        return len(self.docs.paths) if self.docs else self.hosts * self.pages_per_host

    @property
    def max_depth(self):
        if self.fetch_only:
            return 0
        # No path of first discoveries is longer than the number of pages, so this depth never binds and
        # every crawler must reach the whole web, whatever order it fetches in.
        return self.pages

    @property
    def ideal(self):
        """Pages/s if every allowed slot were busy all the time: in flight / latency, capped by politeness."""
        in_flight = min(self.concurrency, self.hosts * self.per_host)
        ideal = in_flight / (self.latency_ms / 1000.0) if self.latency_ms > 0 else math.inf
        if self.rate > 0:
            ideal = min(ideal, self.hosts * self.rate)
        return ideal

    def describe(self):
        rate = "%g/s per host" % self.rate if self.rate > 0 else "no rate limit"
        if self.docs:
            return ("documentation site of %d pages on one host, served by nginx (%s), latency %d ms; concurrency %d, "
                    "%d per host, %s, robots.txt %s (it answers 404)%s"
                    % (self.pages, docs_site.describe(self.docs.stats), self.latency_ms, self.concurrency,
                       self.per_host, rate, "obeyed" if self.robots else "ignored",
                       "; kcrawl --max-pages %d" % self.max_pages if self.max_pages else ""))
        text = ("%d hosts x %d pages = %d pages, latency %d ms; concurrency %d, %d per host, %s, robots.txt %s"
                % (self.hosts, self.pages_per_host, self.pages, self.latency_ms, self.concurrency, self.per_host,
                   rate, "obeyed" if self.robots else "ignored"))
        if self.fetch_only:
            text += ("; fetch only: every page is a seed (interleaved across hosts), nothing is parsed, no link "
                     "followed (kcrawl --fetch-only --max-depth 0, asyncio --no-parse --max-depth 0)")
        return text


@dataclass
class Run:
    """What one crawler did in one scenario."""

    scenario: str
    crawler: str
    rc: int = None
    timed_out: bool = False
    wall_s: float = None
    user_s: float = None
    sys_s: float = None
    max_rss_kb: int = None
    pages: int = 0
    duplicates: int = 0
    missing: int = 0
    extra: int = 0
    failures: int = 0
    crawl_s: float = None
    steady_s: float = None  # from the 10th to the 90th percentile response: the crawl once warmed up
    unseeded_requests: int = 0  # fetch only: page requests the server got beyond the seeds
    started_epoch: float = None  # the harness's wall clock just before the crawler process was started
    first_request_s: float = None  # from that to the first request the server logged (nginx runs only)
    last_response_s: float = None  # from process start to the last response the server logged (nginx runs only)
    # From process start to the last write of the output file (its mtime): when the last record was out.
    # kcrawl's records carry the fetch time, but its parser may still be working through fetched pages.
    output_done_s: float = None
    server: dict = field(default_factory=dict)
    error: str = None

    @property
    def verified(self):
        return (self.error is None and self.rc == 0 and not self.timed_out and self.missing == 0
                and self.extra == 0 and self.duplicates == 0 and self.server.get("duplicate_requests", 0) == 0
                and self.unseeded_requests == 0 and self.server.get("page_errors", 0) == 0 and self.pages > 0)

    @property
    def crawl_rate(self):
        return self.pages / self.crawl_s if self.crawl_s else None

    @property
    def steady_rate(self):
        """Pages/s of the middle 80 % of the responses: without the JIT warm-up and the first hops' ramp."""
        return 0.8 * self.pages / self.steady_s if self.steady_s else None

    @property
    def wall_rate(self):
        return self.pages / self.wall_s if self.wall_s else None

    @property
    def cores(self):
        """Average CPU use over the process's life, in cores."""
        if self.user_s is None or not self.wall_s:
            return None
        return (self.user_s + self.sys_s) / self.wall_s

    @property
    def cpu_per_1000(self):
        if self.user_s is None or not self.pages:
            return None
        return (self.user_s + self.sys_s) * 1000.0 / self.pages

    @property
    def record_rate(self):
        """Pages/s from the first request to the last record written: fetching and processing both done."""
        if self.first_request_s is None or self.output_done_s is None or self.output_done_s <= self.first_request_s:
            return None
        return self.pages / (self.output_done_s - self.first_request_s)

    @property
    def cpu_s(self):
        return None if self.user_s is None else self.user_s + self.sys_s


class Web:
    """A SyntheticWebMain process for one run: started, waited for, stopped with SIGTERM."""

    def __init__(self, args, scenario, run_dir):
        self.args = args
        self.scenario = scenario
        self.dir = run_dir
        self.port_file = os.path.join(run_dir, "web.port")
        self.roots_file = os.path.join(run_dir, "web.roots")
        self.stats_file = os.path.join(run_dir, "web.stats.json")
        self.requests_file = os.path.join(run_dir, "web.requests.tsv")
        self.pages_file = os.path.join(run_dir, "web.pages")
        self.proc = None
        self.roots = []
        self.stats = {}

    def __enter__(self):
        sc = self.scenario
        cmd = ["java", "-Dlogback.configurationFile=" + os.path.join(HERE, "web-logback.xml"),
               "-cp", self.args.web_cp, WEB_MAIN, "--hosts", str(sc.hosts), "--pages-per-host",
               str(sc.pages_per_host), "--links-per-page", str(self.args.links_per_page), "--latency-ms",
               str(sc.latency_ms), "--io-threads", str(self.args.web_io_threads), "--port-file", self.port_file,
               "--roots-file", self.roots_file, "--stats-file", self.stats_file, "--requests-file", self.requests_file]
        log = open(os.path.join(self.dir, "web.log"), "w")
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 60
        while not os.path.exists(self.port_file):
            if self.proc.poll() is not None:
                raise RuntimeError("synthetic web exited with %s; see %s/web.log" % (self.proc.returncode, self.dir))
            if time.monotonic() > deadline:
                self.proc.kill()
                raise RuntimeError("synthetic web did not start in 60 s; see %s/web.log" % self.dir)
            time.sleep(0.05)
        with open(self.roots_file) as f:
            self.roots = [line.strip() for line in f if line.strip()]
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if os.path.exists(self.stats_file):
            with open(self.stats_file) as f:
                self.stats = json.load(f)
        if os.path.exists(self.requests_file):
            self.stats["max_host_pages_per_1s"] = busiest_second(self.requests_file)
        return False

    def expected(self):
        """Every page of the web, with the port left out so runs on different ports compare."""
        return {ORIGIN.sub(r"\1", url) for url in self.page_urls()}

    def page_urls(self):
        """Every page of the web with its port: page 0 of every host, then page 1 of every host, and so on."""
        return [root if p == 0 else "%sp/%d" % (root, p)
                for p in range(self.scenario.pages_per_host) for root in self.roots]

    def seeds_file(self):
        """The seeds of the scenario: the hosts' roots, or every page of the web for a fetch-only run.

        The pages are written interleaved across hosts, so that a crawler that takes its seeds in file
        order (the asyncio crawler's one FIFO queue) is not held up behind one host's run of pages.
        """
        if not self.scenario.fetch_only:
            return self.roots_file
        with open(self.pages_file, "w") as f:
            f.write("".join(url + "\n" for url in self.page_urls()))
        return self.pages_file


def serve(args, sc, run_dir):
    """The web of one run: nginx serving the docs site, or a synthetic web."""
    if sc.docs:
        return nginx_site.NginxSite(sc.docs, sc.latency_ms, run_dir)
    return Web(args, sc, run_dir)


def busiest_second(requests_file):
    """The most page requests (robots.txt aside) one host received within any one-second window."""
    starts = {}
    with open(requests_file) as f:
        next(f)
        for line in f:
            host, path, _status, start, _end = line.rstrip("\n").split("\t")
            if path != "/robots.txt":
                starts.setdefault(host, []).append(int(start))
    busiest = 0
    for times in starts.values():
        times.sort()
        first = 0
        for last, t in enumerate(times):
            while t - times[first] >= 1_000_000_000:
                first += 1
            busiest = max(busiest, last - first + 1)
    return busiest


def kcrawl_config(args, sc, run_dir):
    """A --config file for kcrawl, or None: on the one-IP docs site, per_address as high as per-host.

    kcrawl also caps the requests in flight per IP address (per_address, default 8, for shared hosting).
    The synthetic web gives every host its own address, so that cap never binds there; the docs site is
    one host on one address, where it would hold kcrawl to 8 in flight whatever --per-host says. The
    others have no such cap (Scrapy's CONCURRENT_REQUESTS_PER_IP is 0), so kcrawl gets the same limit
    per address as per host unless --kcrawl-per-address default asks for its own default.
    """
    if not sc.docs or args.kcrawl_per_address == "default":
        return None
    path = os.path.join(run_dir, "kcrawl.yaml")
    with open(path, "w") as f:
        f.write("# Written by bench/harness.py: the docs site is one host on one IP address.\n"
                "fetcher:\n  per_address: %d\n" % sc.per_host)
    return path


def kcrawl_note(args, sc):
    if not sc.docs or "kcrawl" not in sc.crawlers:
        return ""
    if args.kcrawl_per_address == "default":
        return (" kcrawl runs with the command's flags alone (its per-IP cap follows --per-host).")
    return (" kcrawl runs with `--config` setting `fetcher.per_address: %d`." % sc.per_host)


def kcrawl_launcher(args):
    """The crawl command as users run it (./crawl, with its JVM settings), on the benchmark's copy of the jar."""
    env = ["KCRAWL_JAR=" + args.jar] + (["KCRAWL_JAVA_OPTS=" + args.kcrawl_java_opts] if args.kcrawl_java_opts else [])
    return ["env"] + env + [os.path.join(ROOT, "crawl")]


def warm_up_kcrawl(args, work):
    """One crawl before any measured run: the launcher records its class-data archive on the first run after a
    build (a few seconds more at exit), as it does for a user; every measured run is a later one. Returns the
    wall seconds of that first run."""
    sc = Scenario("warm-up", 2, 40, 0, 8, 4, 0, True, ("kcrawl",))
    run_dir = os.path.join(work, "warm-up-kcrawl")
    os.makedirs(run_dir, exist_ok=True)
    with Web(args, sc, run_dir) as web:
        cmd = crawler_command(args, "kcrawl", sc, web.seeds_file(), os.path.join(run_dir, "pages.jsonl"),
                              os.path.join(run_dir, "failures.jsonl"))
        started = time.monotonic()
        with open(os.path.join(run_dir, "crawler.log"), "w") as log:
            subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, cwd=run_dir,
                           timeout=args.timeout)
        return time.monotonic() - started


def crawler_command(args, name, sc, seeds_file, out, failures, config=None):
    if name == "kcrawl":
        cmd = kcrawl_launcher(args) + [
            "--allow-private", "--quiet", "--rate", "%g" % (sc.rate if sc.rate > 0 else 1e6),
            "--per-host", str(sc.per_host), "--concurrency", str(sc.concurrency), "--max-depth", str(sc.max_depth),
            "--out", out, "--failures", failures, "--seeds", seeds_file]
        cmd += ["--max-pages", str(sc.max_pages)] if sc.max_pages else []
        cmd += ["--config", config] if config else []
        cmd += shlex.split(args.kcrawl_args)
        return cmd + ([] if sc.robots else ["--ignore-robots"]) + (["--fetch-only"] if sc.fetch_only else [])
    common = ["--seeds", seeds_file, "--concurrency", str(sc.concurrency), "--per-host", str(sc.per_host),
              "--delay", "%g" % (1.0 / sc.rate if sc.rate > 0 else 0), "--max-depth", str(sc.max_depth),
              "--out", out] + (["--obey-robots"] if sc.robots else [])
    if sc.max_pages:
        raise ValueError("only kcrawl has a page limit here")
    if name == "asyncio":
        return ([PYTHON, os.path.join(HERE, "asyncio_crawler.py"), "--failures", failures] + common
                + (["--no-parse"] if sc.fetch_only else []))
    if name == "scrapy":
        if sc.fetch_only:
            raise ValueError("scrapy has no fetch-only mode here")
        return [PYTHON, os.path.join(HERE, "scrapy_crawler", "crawl.py")] + common
    raise ValueError("unknown crawler %r" % name)


def parse_time_v(path):
    """User, system seconds and peak RSS (KiB) from /usr/bin/time -v."""
    found = {}
    with open(path) as f:
        for line in f:
            key, _, value = line.strip().rpartition(": ")
            found[key] = value
    return (float(found["User time (seconds)"]), float(found["System time (seconds)"]),
            int(found["Maximum resident set size (kbytes)"]))


def timestamp_of(record):
    if "t" in record:
        return float(record["t"])
    return datetime.datetime.fromisoformat(record["fetched_at"].replace("Z", "+00:00")).timestamp()


def read_pages(path):
    """The port-less URLs and response times of an output file, in file order."""
    urls, times = [], []
    if not os.path.exists(path):
        return urls, times
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            record = json.loads(line)
            urls.append(ORIGIN.sub(r"\1", record["url"]))
            times.append(timestamp_of(record))
    return urls, times


def count_lines(path):
    if not os.path.exists(path):
        return 0
    with open(path, encoding="utf-8") as f:
        return sum(1 for line in f if line.strip())


def run_one(args, sc, crawler, run_dir):
    os.makedirs(run_dir, exist_ok=True)
    run = Run(sc.name, crawler)
    out = os.path.join(run_dir, "pages.jsonl")
    failures = os.path.join(run_dir, "failures.jsonl")
    time_file = os.path.join(run_dir, "time.txt")
    try:
        with serve(args, sc, run_dir) as web:
            config = kcrawl_config(args, sc, run_dir) if crawler == "kcrawl" else None
            cmd = ["/usr/bin/time", "-v", "-o", time_file] + crawler_command(
                args, crawler, sc, web.seeds_file(), out, failures, config)
            with open(os.path.join(run_dir, "crawler.cmd"), "w") as f:
                f.write(" ".join(cmd) + "\n")
            with open(os.path.join(run_dir, "crawler.log"), "w") as log:
                run.started_epoch = time.time()
                started = time.monotonic()
                proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                        cwd=run_dir, start_new_session=True)
                try:
                    run.rc = proc.wait(timeout=sc.timeout or args.timeout)
                except subprocess.TimeoutExpired:
                    run.timed_out = True
                    os.killpg(proc.pid, signal.SIGTERM)
                    try:
                        proc.wait(timeout=20)
                    except subprocess.TimeoutExpired:
                        os.killpg(proc.pid, signal.SIGKILL)
                        proc.wait()
                    run.rc = proc.returncode
                run.wall_s = time.monotonic() - started
            expected = web.expected()
        run.server = web.stats
        if os.path.exists(time_file) and not run.timed_out:
            run.user_s, run.sys_s, run.max_rss_kb = parse_time_v(time_file)
        urls, times = read_pages(out)
        unique = set(urls)
        run.pages = len(unique)
        run.duplicates = len(urls) - len(unique)
        # With a page limit (the start-up scenario) the run fetches a subset: nothing is missing then.
        run.missing = 0 if sc.max_pages else len(expected - unique)
        run.extra = len(unique - expected)
        run.failures = count_lines(failures)
        if sc.fetch_only and "requests" in run.server:
            page_requests = run.server["requests"] - run.server.get("robots_requests", 0)
            run.unseeded_requests = max(0, page_requests - len(expected))
        if run.server.get("first_request_start") is not None:
            run.first_request_s = run.server["first_request_start"] - run.started_epoch
            run.last_response_s = run.server["last_response_end"] - run.started_epoch
        if os.path.exists(out) and run.started_epoch is not None:
            run.output_done_s = os.stat(out).st_mtime - run.started_epoch
        if len(times) >= 2:
            # From the first request's start (first response minus one latency) to the last response.
            run.crawl_s = max(times) - min(times) + sc.latency_ms / 1000.0
        if len(times) >= 10:
            ordered = sorted(times)
            run.steady_s = ordered[int(len(ordered) * 0.9)] - ordered[int(len(ordered) * 0.1)]
    except (OSError, RuntimeError, ValueError, KeyError) as e:
        run.error = "%s: %s" % (type(e).__name__, e)
    note = "ok" if run.verified else "NOT VERIFIED (%s)" % problems(run)
    print("  %-8s %6d pages  wall %6.1f s  crawl %6s pages/s  %s"
          % (crawler, run.pages, run.wall_s or 0, fmt(run.crawl_rate, 0), note), file=sys.stderr, flush=True)
    return run


def problems(run):
    found = []
    if run.error:
        found.append(run.error)
    if run.timed_out:
        found.append("timed out")
    elif run.rc != 0:
        found.append("exit %s" % run.rc)
    for what in ("missing", "extra", "duplicates"):
        if getattr(run, what):
            found.append("%d %s" % (getattr(run, what), what))
    if run.server.get("duplicate_requests"):
        found.append("%d requests repeated" % run.server["duplicate_requests"])
    if run.unseeded_requests:
        found.append("%d page requests beyond the seeds (links followed)" % run.unseeded_requests)
    if run.server.get("page_errors"):
        found.append("%d page requests not answered 200" % run.server["page_errors"])
    if not run.pages and not found:
        found.append("no pages")
    return ", ".join(found) or "no output"


def median_run(runs, key=lambda r: r.crawl_rate or 0):
    """The run with the median crawl rate (verified runs first), so one noisy repeat does not decide."""
    good = [r for r in runs if r.verified] or runs
    good.sort(key=key)
    return good[(len(good) - 1) // 2]


def fmt(value, digits=1):
    if value is None:
        return "-"
    if isinstance(value, float) and math.isinf(value):
        return "inf"
    return "{:,.{}f}".format(value, digits)


def ratio(a, b, digits=2):
    if a is None or b is None or b == 0:
        return "-"
    return "%.*fx" % (digits, a / b)


def comparison_table(sc, runs):
    rate_label = "pages/s (fetch only)" if sc.fetch_only else "pages/s (crawl)"
    lines = ["| crawler | verified | pages | failures | " + rate_label + " | of ideal | pages/s (steady) "
             "| pages/s (wall) | wall s "
             "| CPU s / 1,000 pages | CPU use (cores) | peak RSS MiB | max per-host in flight | min per-host gap ms "
             "| max per-host pages in 1 s |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        lines.append("| %s | %s | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r.crawler, "yes" if r.verified else "**no**: " + problems(r), r.pages, r.failures,
            fmt(r.crawl_rate, 0), ratio(r.crawl_rate, sc.ideal) if r.crawl_rate else "-", fmt(r.steady_rate, 0),
            fmt(r.wall_rate, 0),
            fmt(r.wall_s, 1), fmt(r.cpu_per_1000, 2), fmt(r.cores, 2),
            fmt(r.max_rss_kb / 1024 if r.max_rss_kb else None, 0),
            r.server.get("max_host_concurrency", "-"), fmt(r.server.get("min_host_page_interval_ms"), 1),
            r.server.get("max_host_pages_per_1s", "-")))
    return lines


def timeline_table(sc, runs):
    """When each run got going and finished, from the process start: the server's view and the output's."""
    lines = ["| crawler | first request after s | last response after s | last record written after s "
             "| exit after s | pages/s (first request to last record) | of ideal |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            r.crawler, fmt(r.first_request_s, 2), fmt(r.last_response_s, 2), fmt(r.output_done_s, 2),
            fmt(r.wall_s, 2), fmt(r.record_rate, 0), ratio(r.record_rate, sc.ideal) if r.record_rate else "-"))
    return lines


def ratios_table(sc, runs):
    by_name = {r.crawler: r for r in runs if r.verified}
    base = by_name.get("kcrawl")
    lines = ["| kcrawl vs | %s | pages/s (steady) | pages/s (wall) | CPU per page (theirs / ours) "
             "| peak RSS (theirs / ours) |" % ("pages/s (fetch only)" if sc.fetch_only else "pages/s (crawl)"),
             "|---|---:|---:|---:|---:|---:|"]
    if base is None:
        return lines + ["| (no verified kcrawl run) | - | - | - | - | - |"]
    for name in (c for c in ("asyncio", "scrapy") if c in sc.crawlers):
        other = by_name.get(name)
        if other is None:
            lines.append("| %s | (no verified run) | - | - | - | - |" % name)
            continue
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            name, ratio(base.crawl_rate, other.crawl_rate), ratio(base.steady_rate, other.steady_rate),
            ratio(base.wall_rate, other.wall_rate),
            ratio(other.cpu_per_1000, base.cpu_per_1000), ratio(other.max_rss_kb, base.max_rss_kb)))
    return lines


def scale_table(points):
    lines = ["| in flight | pages | ideal pages/s | pages/s (crawl) | of ideal | pages/s (wall) | CPU s / 1,000 pages "
             "| CPU use (cores) | peak RSS MiB | verified |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for sc, r in points:
        lines.append("| %d | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            sc.concurrency, r.pages, fmt(sc.ideal, 0), fmt(r.crawl_rate, 0),
            ratio(r.crawl_rate, sc.ideal) if r.crawl_rate else "-", fmt(r.wall_rate, 0), fmt(r.cpu_per_1000, 2),
            fmt(r.cores, 2), fmt(r.max_rss_kb / 1024 if r.max_rss_kb else None, 0),
            "yes" if r.verified else "**no**: " + problems(r)))
    return lines


def small_table(sc, runs):
    """The small scenario: a crawl short enough that start-up and shut-down weigh, so wall time comes first."""
    lines = ["| crawler | verified | pages | wall s (start to exit) | first request after s | pages/s (crawl) "
             "| of ideal | pages/s (wall) | CPU s | CPU s / 1,000 pages | CPU use (cores) | peak RSS MiB "
             "| max per-host in flight | max per-host pages in 1 s |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        lines.append("| %s | %s | %d | **%s** | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r.crawler, "yes" if r.verified else "**no**: " + problems(r), r.pages, fmt(r.wall_s, 2),
            fmt(r.first_request_s, 2), fmt(r.crawl_rate, 0), ratio(r.crawl_rate, sc.ideal) if r.crawl_rate else "-",
            fmt(r.wall_rate, 0), fmt(r.cpu_s, 1), fmt(r.cpu_per_1000, 2), fmt(r.cores, 2),
            fmt(r.max_rss_kb / 1024 if r.max_rss_kb else None, 0), r.server.get("max_host_concurrency", "-"),
            r.server.get("max_host_pages_per_1s", "-")))
    return lines


def small_ratios_table(sc, runs):
    if not any(c in sc.crawlers for c in ("asyncio", "scrapy")):
        return []
    by_name = {r.crawler: r for r in runs if r.verified}
    base = by_name.get("kcrawl")
    lines = ["| kcrawl vs | wall time (theirs / ours) | pages/s (crawl) | CPU s (theirs / ours) "
             "| peak RSS (theirs / ours) |", "|---|---:|---:|---:|---:|"]
    if base is None:
        return lines + ["| (no verified kcrawl run) | - | - | - | - |"]
    for name in (c for c in ("asyncio", "scrapy") if c in sc.crawlers):
        other = by_name.get(name)
        if other is None:
            lines.append("| %s | (no verified run) | - | - | - |" % name)
            continue
        lines.append("| %s | %s | %s | %s | %s |" % (
            name, ratio(other.wall_s, base.wall_s), ratio(base.crawl_rate, other.crawl_rate),
            ratio(other.cpu_s, base.cpu_s), ratio(other.max_rss_kb, base.max_rss_kb)))
    return lines


def startup_section(args, sc, runs, small_runs):
    """kcrawl's start-up: process start to the first request nginx logged, and a --max-pages run's wall time."""
    lines = ["", "## Scenario `startup` (kcrawl)", "",
             "The `small` scenario's site and settings (%d pages, latency %d ms, %d in flight), kcrawl with "
             "`--max-pages %d`, %d run(s).%s *First request after*: from the harness's clock just before it starts "
             "the process to the start of the first request in nginx's log ($msec - $request_time; robots.txt "
             "comes first). *Wall*: from process start to exit."
             % (sc.pages, sc.latency_ms, sc.concurrency, sc.max_pages, len(runs), kcrawl_note(args, sc)), "",
             "| run | verified | first request after s | wall s (start to exit) | pages written | requests served "
             "| CPU s | peak RSS MiB |", "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for i, r in enumerate(runs):
        lines.append("| %d | %s | %s | %s | %d | %s | %s | %s |" % (
            i + 1, "yes" if r.verified else "**no**: " + problems(r), fmt(r.first_request_s, 2), fmt(r.wall_s, 2),
            r.pages, r.server.get("requests", "-"), fmt(r.cpu_s, 1),
            fmt(r.max_rss_kb / 1024 if r.max_rss_kb else None, 0)))

    def median_of(values):
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None

    good = [r for r in runs if r.verified] or runs
    lines += ["", "Medians%s: first request after **%s s**, `--max-pages %d` wall **%s s**." % (
        "" if len(good) == len(runs) else " (verified runs)", fmt(median_of(r.first_request_s for r in good), 2),
        sc.max_pages, fmt(median_of(r.wall_s for r in good), 2))]
    if small_runs:
        lines.append("For comparison, kcrawl's first request in the `small` scenario's full crawls came after %s s "
                     "(median of %d)." % (fmt(median_of(r.first_request_s for r in small_runs), 2), len(small_runs)))
    return lines


@dataclass
class ParseBench:
    """The parser's JMH benchmark: one entry per benchmark method, from JMH's JSON result file."""

    command: list  # java on the test classpath, which stands in it as "@" + the file Maven writes it to
    build: list  # the Maven run that compiles the tests and writes their classpath
    rc: int = None
    wall_s: float = None
    scores: dict = field(default_factory=dict)  # name -> {threads, score, error, cpus}
    verdicts: list = field(default_factory=list)  # ParserBenchmarkMain's target lines, as printed
    error: str = None

    @property
    def ok(self):
        return self.error is None and bool(self.scores)

    def shown(self):
        """The java command as the report shows it: the classpath named, not spelled out."""
        cp = self.command.index("-cp") + 1
        words = self.command[:cp] + ["<parser-worker's test classpath>"] + self.command[cp + 1:]
        return " ".join(w if " " not in w else '"%s"' % w for w in words)


def jmh_number(value):
    """A JMH number, or None for what JMH writes as "NaN" (an error bar of a single iteration, say)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) or math.isinf(number) else number


def run_parse_bench(args, work):
    """Runs parser-worker's JMH benchmark (ParserBenchmarkMain, what its exec:exec@jmh runs; see
    parser-worker/README.md) with a JSON result file.

    Its classpath comes from the reactor, as the synthetic web's does: `-pl parser-worker exec:exec@jmh` would look
    for the project's other modules in the local Maven repository, where `./mvnw -B verify` puts nothing, and
    `-am` would run the exec goal in modules that have no such execution. So one Maven run compiles the tests and
    writes their classpath, and java runs the benchmark's main class on it.
    """
    out_dir = os.path.join(work, "parse-bench")
    os.makedirs(out_dir, exist_ok=True)
    result_file = os.path.join(out_dir, "jmh.json")
    classpath_file = os.path.join(out_dir, "test.classpath")
    jmh_args = ["-rf", "json", "-rff", result_file] + shlex.split(args.parse_bench_jmh_args)
    module = os.path.join(ROOT, "parser-worker", "target")
    build = [os.path.join(ROOT, "mvnw"), "-q", "-B", "-pl", "parser-worker", "-am", "test-compile",
             "dependency:build-classpath", "-Dmdep.includeScope=test", "-Dmdep.outputFile=" + classpath_file]
    bench = ParseBench(["java", "-cp", os.path.join(module, "test-classes") + os.pathsep + os.path.join(module, "classes")
                        + os.pathsep + "@" + classpath_file, PARSE_BENCH_MAIN] + jmh_args, build=build)
    print("parser benchmark: %s, then %s" % (" ".join(bench.build[1:]), bench.shown()), file=sys.stderr, flush=True)
    log_path = os.path.join(out_dir, "jmh.log")
    started = time.monotonic()
    try:
        with open(log_path, "w") as log:
            built = subprocess.run(bench.build, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=subprocess.STDOUT, timeout=args.parse_bench_timeout).returncode
            if built != 0:
                bench.error = "the Maven build of its classpath failed (exit %s)" % built
            else:
                with open(classpath_file) as f:
                    classpath = f.read().strip()
                command = [a.replace("@" + classpath_file, classpath) for a in bench.command]
                left = max(1.0, args.parse_bench_timeout - (time.monotonic() - started))
                bench.rc = subprocess.run(command, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log,
                                          stderr=subprocess.STDOUT, timeout=left).returncode
    except subprocess.TimeoutExpired:
        bench.error = "timed out after %g s" % args.parse_bench_timeout
    except OSError as e:
        bench.error = "cannot run it: %s" % e
    bench.wall_s = time.monotonic() - started
    with open(log_path, errors="replace") as f:
        log_lines = [line.strip() for line in f]
    bench.verdicts = [line for line in log_lines if "target >=" in line]
    first_error = next((line for line in log_lines if "Exception" in line or line.startswith("[ERROR]")), None)
    if os.path.exists(result_file):
        with open(result_file) as f:
            for entry in json.load(f):
                primary = entry.get("primaryMetric", {})
                cpus = entry.get("secondaryMetrics", {}).get("cpus", {})
                bench.scores[entry["benchmark"].rsplit(".", 1)[-1]] = {
                    "threads": entry.get("threads"), "score": jmh_number(primary.get("score")),
                    "error": jmh_number(primary.get("scoreError")), "cpus": jmh_number(cpus.get("score"))}
    if not bench.scores and bench.error is None:
        bench.error = "no results (exit %s%s); see %s" % (
            bench.rc, ": " + first_error[:300] if first_error else "", os.path.relpath(log_path, ROOT))
    note = "ok" if bench.ok else "FAILED (%s)" % bench.error
    print("  parser benchmark: %d results in %.0f s  %s" % (len(bench.scores), bench.wall_s, note),
          file=sys.stderr, flush=True)
    return bench


def per_cpu(score):
    if score["score"] is None or not score["cpus"]:
        return None
    return score["score"] / score["cpus"]


def parse_bench_section(bench):
    built = ["./mvnw"] + bench.build[1:-1] + ["-Dmdep.outputFile=..."]
    exit_note = " (non-zero when a target below was missed)" if bench.rc and bench.ok else ""
    lines = ["", "## Parse only: the parser's JMH benchmark", "",
             "`%s`, then `%s` (parser-worker's `ParserBenchmark`, as its `exec:exec@jmh` runs it: the worker's whole "
             "per-page pipeline against a bare jsoup loop on the same corpus, one and two threads; see "
             "parser-worker/README.md). Wall %.0f s, exit %s%s." % (" ".join(built), bench.shown(), bench.wall_s or 0,
                                                                   bench.rc, exit_note), ""]
    if not bench.ok:
        return lines + ["**The benchmark gave no result**: %s." % bench.error]
    lines += ["| benchmark | threads | pages/s | ± | CPUs used | pages/s per core (pages per CPU-second) |",
              "|---|---:|---:|---:|---:|---:|"]
    for name, sc in bench.scores.items():
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            name, sc["threads"] if sc["threads"] is not None else "-", fmt(sc["score"], 1), fmt(sc["error"], 1),
            fmt(sc["cpus"], 2), fmt(per_cpu(sc), 1)))
    pairs = [("worker / bare, 1 thread", "workerOneThread", "bareOneThread"),
             ("worker / bare, 2 threads", "workerTwoThreads", "bareTwoThreads"),
             ("worker, 2 threads / 1", "workerTwoThreads", "workerOneThread"),
             ("bare, 2 threads / 1", "bareTwoThreads", "bareOneThread")]
    ratio_lines = []
    for label, a, b in pairs:
        if a in bench.scores and b in bench.scores:
            x, y = bench.scores[a], bench.scores[b]
            ratio_lines.append("| %s | %s | %s |" % (label, ratio(x["score"], y["score"]), ratio(per_cpu(x), per_cpu(y))))
    if ratio_lines:
        lines += ["", "| ratio | pages/s | pages/s per core |", "|---|---:|---:|"] + ratio_lines
    if bench.verdicts:
        lines += ["", "ParserBenchmarkMain's verdicts (targets: worker / bare >= 0.85, two threads / one >= 1.7):", ""]
        lines += ["- `%s`" % v for v in bench.verdicts]
    return lines


def command_output(cmd):
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        return (done.stdout + done.stderr).strip()
    except (OSError, subprocess.TimeoutExpired) as e:
        return "unavailable (%s)" % e


def load_average():
    with open("/proc/loadavg") as f:
        return ", ".join(f.read().split()[:3])


def machine_facts(args):
    model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem_kb = int(f.readline().split()[1])
    versions = command_output([PYTHON, "-c", "import aiohttp, lxml.etree, scrapy, twisted; print("
                               "'aiohttp %s, lxml %s, Scrapy %s, Twisted %s' % (aiohttp.__version__, "
                               "'.'.join(map(str, lxml.etree.LXML_VERSION)), scrapy.__version__, twisted.__version__))"])
    java = command_output(["java", "-version"]).splitlines()
    commit = command_output(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    dirty = command_output(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"])
    return [
        "- cores (nproc): %d; CPU: %s; memory: %.1f GiB" % (os.cpu_count(), model, mem_kb / 1024 / 1024),
        "- load average at the start (1, 5, 15 min): %s" % load_average(),
        "- OS: %s %s" % (platform.system(), platform.release()),
        "- JVM: %s" % (java[1] if len(java) > 1 else " ".join(java)),
        "- Python: %s (%s); %s" % (command_output([PYTHON, "--version"]), PYTHON, versions),
        "- kcrawl: commit %s%s; JVM options: %s; more options: %s" % (
            commit, " with local changes" if dirty else "", args.kcrawl_java_opts or "(defaults)",
            "`%s`" % args.kcrawl_args if args.kcrawl_args else "(none)"),
    ]


def parse_args(argv):
    p = argparse.ArgumentParser(description="Side-by-side crawler benchmark on the synthetic web (see BENCHMARKS.md).")
    p.add_argument("--web-cp", required=True, help="classpath with org.kcrawl.embedded.web.SyntheticWebMain")
    p.add_argument("--jar", default=os.path.join(ROOT, "crawl-cli", "target", "crawl.jar"), help="kcrawl's shaded jar")
    p.add_argument("--crawlers", default=",".join(CRAWLERS), help="comma-separated subset of " + ",".join(CRAWLERS))
    p.add_argument("--hosts", type=int, default=50, help="hosts of the throughput and polite webs")
    p.add_argument("--pages-per-host", type=int, default=200, help="pages per host, throughput scenario")
    p.add_argument("--latency-ms", type=int, default=50, help="server latency of every response")
    p.add_argument("--concurrency", type=int, default=100, help="requests in flight, both scenarios")
    p.add_argument("--per-host", type=int, default=4, help="per-host concurrency, throughput scenario")
    p.add_argument("--no-robots", action="store_true", help="every crawler ignores robots.txt")
    p.add_argument("--polite-rate", type=float, default=5.0, help="per-host rate of the polite scenario; 0 skips it")
    p.add_argument("--polite-per-host", type=int, default=2, help="per-host concurrency, polite scenario")
    p.add_argument("--polite-pages-per-host", type=int, default=100, help="pages per host, polite scenario")
    p.add_argument("--fetch-only-pages", type=int, default=10000,
                   help="pages of the fetch-only scenario's web (spread over --hosts), all given as seeds; 0 skips it")
    p.add_argument("--scale", default="1,10,100,1000", help="kcrawl in-flight counts for the scale curve; '' skips it")
    p.add_argument("--scale-crawlers", default="kcrawl", help="crawlers measured on the scale curve")
    p.add_argument("--scale-hosts", type=int, default=100, help="hosts of the scale-curve webs")
    p.add_argument("--scale-seconds", type=float, default=8.0, help="size each scale point for this long at ideal")
    p.add_argument("--scale-max-pages", type=int, default=30000, help="largest scale-curve web")
    p.add_argument("--scenarios", default="all",
                   help="comma-separated scenarios to run, of %s; 'all' (the default) runs every one"
                        % ",".join(SCENARIOS))
    p.add_argument("--docs-pages", type=int, default=10000,
                   help="pages of the docs scenario's documentation site; 0 skips it")
    p.add_argument("--small-pages", type=int, default=1000,
                   help="pages of the small and startup scenarios' documentation site; 0 skips both")
    p.add_argument("--docs-latency-ms", type=int, default=100, help="nginx's latency, docs, small and startup")
    p.add_argument("--docs-concurrency", type=int, default=256,
                   help="requests in flight (and per host: the site is one host), docs scenario")
    p.add_argument("--small-concurrency", type=int, default=64,
                   help="requests in flight (and per host), small and startup scenarios")
    p.add_argument("--startup-max-pages", type=int, default=5, help="kcrawl's --max-pages, startup scenario")
    p.add_argument("--kcrawl-per-address", default="default", choices=("per-host", "default"),
                   help="kcrawl's per_address on the one-IP docs site: its own default (the default: --per-host, at "
                        "least 8), or set to the scenario's per-host limit in a --config file")
    p.add_argument("--docs-seed", type=int, default=1, help="seed of the generated documentation sites")
    p.add_argument("--docs-timeout", type=float, default=900, help="seconds before a docs-scenario run is stopped")
    p.add_argument("--links-per-page", type=int, default=10, help="links on every synthetic page")
    p.add_argument("--web-io-threads", type=int, default=2, help="event loops of the synthetic web server")
    p.add_argument("--parse-bench", action="store_true",
                   help="also run the parser's JMH benchmark (about 3 minutes; not part of --quick)")
    p.add_argument("--parse-bench-jmh-args", default="",
                   help="extra JMH options for --parse-bench, e.g. '-wi 1 -i 1 -w 1s -r 1s' for a smoke run")
    p.add_argument("--parse-bench-timeout", type=float, default=1200, help="seconds before the JMH run is stopped")
    p.add_argument("--repeats", type=int, default=1, help="runs per crawler and scenario; the median is reported")
    p.add_argument("--timeout", type=float, default=300, help="seconds before a crawler run is stopped")
    p.add_argument("--kcrawl-java-opts", default=os.environ.get("KCRAWL_JAVA_OPTS", ""),
                   help="JVM options for kcrawl (default: $KCRAWL_JAVA_OPTS)")
    p.add_argument("--kcrawl-args", default="",
                   help="more options for every kcrawl run, after the harness's own, e.g. '--content none' (the records "
                        "of before content extraction) or '--markdown'")
    p.add_argument("--work-dir", default=os.path.join(HERE, ".work"), help="where raw runs go")
    p.add_argument("--results-dir", default=os.path.join(HERE, "results"), help="where reports go")
    p.add_argument("--command", default="bench/run.sh", help="the command line recorded in the report")
    p.add_argument("--smoke", action="store_true",
                   help="check the harness, not the crawlers: no warm-up run, the report goes to the work dir only,"
                        " and the exit code says whether every run fetched exactly the web")
    args = p.parse_args(argv)
    if args.smoke:
        args.results_dir = args.work_dir
    args.skipped = None
    args.crawlers = [c for c in args.crawlers.split(",") if c]
    args.scale_crawlers = [c for c in args.scale_crawlers.split(",") if c]
    for c in args.crawlers + args.scale_crawlers:
        if c not in CRAWLERS:
            p.error("unknown crawler %r; choose from %s" % (c, ", ".join(CRAWLERS)))
    if args.hosts < 1 or args.hosts > 245 or args.scale_hosts < 1 or args.scale_hosts > 245:
        p.error("--hosts and --scale-hosts must be in [1, 245] (127.0.0.10 .. 127.0.0.254)")
    if args.repeats < 1:
        p.error("--repeats must be >= 1")
    if args.fetch_only_pages < 0:
        p.error("--fetch-only-pages must be >= 0")
    args.scenarios = SCENARIOS if args.scenarios == "all" else tuple(s for s in args.scenarios.split(",") if s)
    for s in args.scenarios:
        if s not in SCENARIOS:
            p.error("unknown scenario %r; choose from %s" % (s, ", ".join(SCENARIOS)))
    if args.docs_pages < 0 or args.small_pages < 0:
        p.error("--docs-pages and --small-pages must be >= 0")
    if 0 < args.docs_pages < 40 or 0 < args.small_pages < 40:
        p.error("a documentation site needs at least 40 pages")
    if args.docs_concurrency < 1 or args.small_concurrency < 1 or args.startup_max_pages < 1:
        p.error("--docs-concurrency, --small-concurrency and --startup-max-pages must be >= 1")
    if "kcrawl" in args.crawlers + args.scale_crawlers and not os.path.exists(args.jar):
        print("kcrawl jar %s is missing: kcrawl runs are skipped" % args.jar, file=sys.stderr)
        args.skipped = "kcrawl was not run: %s is missing (the build failed or was not run)" % args.jar
        args.crawlers = [c for c in args.crawlers if c != "kcrawl"]
        args.scale_crawlers = [c for c in args.scale_crawlers if c != "kcrawl"]
    return args


def scenarios(args):
    """The chosen scenarios but the scale curve, in the order they run; generates the docs sites if needed."""
    robots = not args.no_robots
    chosen = args.scenarios
    found = []
    if "throughput" in chosen:
        found.append(Scenario("throughput", args.hosts, args.pages_per_host, args.latency_ms, args.concurrency,
                              args.per_host, 0, robots, tuple(args.crawlers)))
    if "polite" in chosen and args.polite_rate > 0:
        found.append(Scenario("polite", args.hosts, args.polite_pages_per_host, args.latency_ms, args.concurrency,
                              args.polite_per_host, args.polite_rate, robots, tuple(args.crawlers)))
    if "fetch" in chosen and args.fetch_only_pages > 0:
        # The throughput scenario's latency, concurrency and per-host limit, so the two compare.
        found.append(Scenario("fetch", args.hosts, math.ceil(args.fetch_only_pages / args.hosts), args.latency_ms,
                              args.concurrency, args.per_host, 0, robots,
                              tuple(c for c in args.crawlers if c in FETCH_CRAWLERS), fetch_only=True))
    # The documentation site: one host, so the per-host limit is the whole concurrency; no rate limit.
    if "docs" in chosen and args.docs_pages > 0:
        site = docs_site.ensure_site(args.docs_pages, args.docs_seed, args.work_dir)
        found.append(Scenario("docs", 1, len(site.paths), args.docs_latency_ms, args.docs_concurrency,
                              args.docs_concurrency, 0, robots, tuple(args.crawlers), docs=site,
                              timeout=args.docs_timeout))
    if args.small_pages > 0 and ("small" in chosen or "startup" in chosen):
        site = docs_site.ensure_site(args.small_pages, args.docs_seed, args.work_dir)
        if "small" in chosen:
            found.append(Scenario("small", 1, len(site.paths), args.docs_latency_ms, args.small_concurrency,
                                  args.small_concurrency, 0, robots, tuple(args.crawlers), docs=site))
        if "startup" in chosen and "kcrawl" in args.crawlers:
            found.append(Scenario("startup", 1, len(site.paths), args.docs_latency_ms, args.small_concurrency,
                                  args.small_concurrency, 0, robots, ("kcrawl",), docs=site,
                                  max_pages=args.startup_max_pages))
    return found


def scale_points(args):
    points = []
    for text in (s for s in args.scale.split(",") if s.strip()):
        c = int(text)
        ideal = c / (args.latency_ms / 1000.0) if args.latency_ms > 0 else 10000
        pages = int(min(args.scale_max_pages, max(300, ideal * args.scale_seconds)))
        pages_per_host = max(1, math.ceil(pages / args.scale_hosts))
        # Politeness that cannot bind: four times the per-host share of an even spread, no rate limit.
        per_host = min(c, math.ceil(4 * c / args.scale_hosts))
        points.append(Scenario("scale-%d" % c, args.scale_hosts, pages_per_host, args.latency_ms, c, per_host, 0,
                               False, tuple(args.scale_crawlers)))
    return points


def main(argv):
    args = parse_args(argv)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    work = os.path.join(args.work_dir, stamp)
    os.makedirs(work, exist_ok=True)
    os.makedirs(args.results_dir, exist_ok=True)
    started = time.monotonic()
    report = ["# Crawler benchmark %s" % stamp, "", "Command: `%s`" % args.command, "", "## Machine", ""]
    report += machine_facts(args)
    if args.skipped:
        report += ["", "**%s.**" % args.skipped]
    if os.getloadavg()[0] > 0.5 * os.cpu_count():
        report += ["", "**The machine was busy when the benchmark started (load average %s on %d cores): other "
                   "processes took CPU from the crawlers, so these numbers understate them.**"
                   % (load_average(), os.cpu_count())]
    snapshot = None
    if "kcrawl" in args.crawlers + args.scale_crawlers:
        # Run a private copy: a build of crawl-cli during the benchmark (tests, another shell) rewrites the jar
        # in place, and a JVM whose jar changes under it fails with NoClassDefFoundError.
        snapshot = os.path.join(work, "crawl.jar")
        shutil.copy2(args.jar, snapshot)
        args.jar = snapshot
        if args.smoke:
            report += ["", "A smoke run: kcrawl had no warm-up run, so its one run also recorded a class-data "
                       "archive; the figures say nothing about the crawlers."]
        else:
            first_run_s = warm_up_kcrawl(args, work)
            report += ["", "kcrawl ran once before the measured runs (%.1f s, on a 80-page synthetic web): its "
                       "launcher records a class-data archive on the first run after a build, and every measured "
                       "run is a later one, as a user's second crawl is." % first_run_s]
    raw = []
    small_kcrawl = []
    for sc in scenarios(args):
        if not sc.crawlers:
            continue
        print("scenario %s: %s" % (sc.name, sc.describe()), file=sys.stderr, flush=True)
        if sc.name == "startup":
            runs = [run_one(args, sc, "kcrawl", os.path.join(work, "startup-kcrawl-%d" % i))
                    for i in range(args.repeats)]
            raw += runs
            report += startup_section(args, sc, runs, small_kcrawl)
            continue
        chosen = []
        for crawler in sc.crawlers:
            runs = [run_one(args, sc, crawler, os.path.join(work, "%s-%s-%d" % (sc.name, crawler, i)))
                    for i in range(args.repeats)]
            raw += runs
            if sc.name == "small":
                # A small crawl is about the whole process: the median run by wall time.
                chosen.append(median_run(runs, key=lambda r: r.wall_s or math.inf))
                if crawler == "kcrawl":
                    small_kcrawl = runs
            else:
                chosen.append(median_run(runs))
        report += ["", "## Scenario `%s`" % sc.name, "", sc.describe() + "; ideal %s pages/s." % fmt(sc.ideal, 0)
                   + kcrawl_note(args, sc), ""]
        if sc.name == "small":
            report += small_table(sc, chosen) + [""] + small_ratios_table(sc, chosen)
        else:
            report += comparison_table(sc, chosen) + [""] + ratios_table(sc, chosen)
        if sc.docs:
            report += ["", "Timeline (from the harness's clock just before the process starts; the last record is the "
                       "output file's last write):", ""] + timeline_table(sc, chosen)
    points = []
    for sc in (scale_points(args) if "scale" in args.scenarios else []):
        for crawler in sc.crawlers:
            print("scale point %s (%s): %s" % (sc.name, crawler, sc.describe()), file=sys.stderr, flush=True)
            runs = [run_one(args, sc, crawler, os.path.join(work, "%s-%s-%d" % (sc.name, crawler, i)))
                    for i in range(args.repeats)]
            raw += runs
            points.append((sc, median_run(runs)))
    for crawler in args.scale_crawlers if "scale" in args.scenarios else []:
        mine = [(sc, r) for sc, r in points if r.crawler == crawler]
        if mine:
            report += ["", "## Scale curve: %s" % crawler, "",
                       "%d hosts, latency %d ms, politeness that cannot bind (per host = 4x an even share of the "
                       "in-flight requests, no rate limit), "
                       "robots.txt ignored; each point sized to last about %g s at its ideal (%d..%d pages)."
                       % (args.scale_hosts, args.latency_ms, args.scale_seconds, 300, args.scale_max_pages), ""]
            report += scale_table(mine)
    if snapshot:
        os.remove(snapshot)  # 80 MB, and the commit in the report rebuilds it
        if os.path.exists(snapshot + ".jsa"):
            os.remove(snapshot + ".jsa")  # its class-data archive, 70 MB
    parse_ok = True
    if args.parse_bench:
        bench = run_parse_bench(args, work)
        report += parse_bench_section(bench)
        parse_ok = bench.ok
    report += ["", "Total benchmark time: %.0f s; load average at the end: %s. Raw runs: `%s`."
               % (time.monotonic() - started, load_average(), os.path.relpath(work, ROOT))]
    text = "\n".join(report) + "\n"
    path = os.path.join(args.results_dir, stamp + ".md")
    with open(path, "w") as f:
        f.write(text)
    with open(os.path.join(work, "runs.json"), "w") as f:
        json.dump([dict(vars(r), verified=r.verified, crawl_rate=r.crawl_rate, steady_rate=r.steady_rate,
                        wall_rate=r.wall_rate, record_rate=r.record_rate) for r in raw],
                  f, indent=1)
    sys.stdout.write(text)
    print("report written to %s" % os.path.relpath(path, ROOT), file=sys.stderr)
    return 0 if all(r.verified for r in raw) and parse_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
