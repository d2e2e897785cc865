#!/usr/bin/env python3
"""Runs kcrawl, the asyncio crawler and Scrapy in turn against the synthetic web and compares them.

Each run gets a fresh synthetic web (SyntheticWebMain, its own JVM) so no crawler inherits another's
connections or a server warmed by another; the crawler runs under /usr/bin/time -v for its CPU time
and peak resident memory. A run counts only when the crawler fetched exactly the pages the web has
(every page is reachable from its host's root; the depth limit is set so it never binds). The server's
own log backs that up: requests received, duplicates, and the highest per-host concurrency.

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
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

CRAWLERS = ("kcrawl", "asyncio", "scrapy")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PYTHON = "/usr/bin/python3"  # Debian's interpreter, the one python3-aiohttp/lxml/scrapy install into
WEB_MAIN = "org.kcrawl.testkit.web.SyntheticWebMain"
ORIGIN = re.compile(r"^(https?://[^/:]+)(?::\d+)?")


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

    @property
    def pages(self):
        return self.hosts * self.pages_per_host

    @property
    def max_depth(self):
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
        return ("%d hosts x %d pages = %d pages, latency %d ms; concurrency %d, %d per host, %s, robots.txt %s"
                % (self.hosts, self.pages_per_host, self.pages, self.latency_ms, self.concurrency, self.per_host,
                   rate, "obeyed" if self.robots else "ignored"))


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
    server: dict = field(default_factory=dict)
    error: str = None

    @property
    def verified(self):
        return (self.error is None and self.rc == 0 and not self.timed_out and self.missing == 0
                and self.extra == 0 and self.duplicates == 0 and self.server.get("duplicate_requests", 0) == 0)

    @property
    def crawl_rate(self):
        return self.pages / self.crawl_s if self.crawl_s else None

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
        pages = set()
        for root in self.roots:
            origin = ORIGIN.match(root).group(1)
            pages.add(origin + "/")
            pages.update("%s/p/%d" % (origin, p) for p in range(1, self.scenario.pages_per_host))
        return pages


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


def crawler_command(args, name, sc, roots_file, out, failures):
    if name == "kcrawl":
        cmd = ["java"] + args.kcrawl_java_opts.split() + [
            "-jar", args.jar, "--allow-private", "--quiet", "--rate", "%g" % (sc.rate if sc.rate > 0 else 1e6),
            "--per-host", str(sc.per_host), "--concurrency", str(sc.concurrency), "--max-depth", str(sc.max_depth),
            "--out", out, "--failures", failures, "--seeds", roots_file]
        return cmd + ([] if sc.robots else ["--ignore-robots"])
    common = ["--seeds", roots_file, "--concurrency", str(sc.concurrency), "--per-host", str(sc.per_host),
              "--delay", "%g" % (1.0 / sc.rate if sc.rate > 0 else 0), "--max-depth", str(sc.max_depth),
              "--out", out] + (["--obey-robots"] if sc.robots else [])
    if name == "asyncio":
        return [PYTHON, os.path.join(HERE, "asyncio_crawler.py"), "--failures", failures] + common
    if name == "scrapy":
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
        with Web(args, sc, run_dir) as web:
            cmd = ["/usr/bin/time", "-v", "-o", time_file] + crawler_command(
                args, crawler, sc, web.roots_file, out, failures)
            with open(os.path.join(run_dir, "crawler.cmd"), "w") as f:
                f.write(" ".join(cmd) + "\n")
            with open(os.path.join(run_dir, "crawler.log"), "w") as log:
                started = time.monotonic()
                proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                        cwd=run_dir, start_new_session=True)
                try:
                    run.rc = proc.wait(timeout=args.timeout)
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
        run.missing = len(expected - unique)
        run.extra = len(unique - expected)
        run.failures = count_lines(failures)
        if len(times) >= 2:
            # From the first request's start (first response minus one latency) to the last response.
            run.crawl_s = max(times) - min(times) + sc.latency_ms / 1000.0
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
    return ", ".join(found) or "no output"


def median_run(runs):
    """The run with the median crawl rate (verified runs first), so one noisy repeat does not decide."""
    good = [r for r in runs if r.verified] or runs
    good.sort(key=lambda r: r.crawl_rate or 0)
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
    lines = ["| crawler | verified | pages | failures | pages/s (crawl) | of ideal | pages/s (wall) | wall s "
             "| CPU s / 1,000 pages | CPU use (cores) | peak RSS MiB | max per-host in flight | min per-host gap ms "
             "| max per-host pages in 1 s |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        lines.append("| %s | %s | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r.crawler, "yes" if r.verified else "**no**: " + problems(r), r.pages, r.failures,
            fmt(r.crawl_rate, 0), ratio(r.crawl_rate, sc.ideal) if r.crawl_rate else "-", fmt(r.wall_rate, 0),
            fmt(r.wall_s, 1), fmt(r.cpu_per_1000, 2), fmt(r.cores, 2),
            fmt(r.max_rss_kb / 1024 if r.max_rss_kb else None, 0),
            r.server.get("max_host_concurrency", "-"), fmt(r.server.get("min_host_page_interval_ms"), 1),
            r.server.get("max_host_pages_per_1s", "-")))
    return lines


def ratios_table(runs):
    by_name = {r.crawler: r for r in runs if r.verified}
    base = by_name.get("kcrawl")
    lines = ["| kcrawl vs | pages/s (crawl) | pages/s (wall) | CPU per page (theirs / ours) | peak RSS (theirs / ours) |",
             "|---|---:|---:|---:|---:|"]
    if base is None:
        return lines + ["| (no verified kcrawl run) | - | - | - | - |"]
    for name in ("asyncio", "scrapy"):
        other = by_name.get(name)
        if other is None:
            lines.append("| %s | (no verified run) | - | - | - |" % name)
            continue
        lines.append("| %s | %s | %s | %s | %s |" % (
            name, ratio(base.crawl_rate, other.crawl_rate), ratio(base.wall_rate, other.wall_rate),
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
        "- kcrawl: commit %s%s; JVM options: %s" % (commit, " with local changes" if dirty else "",
                                                    args.kcrawl_java_opts or "(defaults)"),
    ]


def parse_args(argv):
    p = argparse.ArgumentParser(description="Side-by-side crawler benchmark on the synthetic web (see BENCHMARKS.md).")
    p.add_argument("--web-cp", required=True, help="classpath with org.kcrawl.testkit.web.SyntheticWebMain")
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
    p.add_argument("--scale", default="1,10,100,1000", help="kcrawl in-flight counts for the scale curve; '' skips it")
    p.add_argument("--scale-crawlers", default="kcrawl", help="crawlers measured on the scale curve")
    p.add_argument("--scale-hosts", type=int, default=100, help="hosts of the scale-curve webs")
    p.add_argument("--scale-seconds", type=float, default=8.0, help="size each scale point for this long at ideal")
    p.add_argument("--scale-max-pages", type=int, default=30000, help="largest scale-curve web")
    p.add_argument("--links-per-page", type=int, default=10, help="links on every synthetic page")
    p.add_argument("--web-io-threads", type=int, default=2, help="event loops of the synthetic web server")
    p.add_argument("--repeats", type=int, default=1, help="runs per crawler and scenario; the median is reported")
    p.add_argument("--timeout", type=float, default=300, help="seconds before a crawler run is stopped")
    p.add_argument("--kcrawl-java-opts", default=os.environ.get("KCRAWL_JAVA_OPTS", ""),
                   help="JVM options for kcrawl (default: $KCRAWL_JAVA_OPTS)")
    p.add_argument("--work-dir", default=os.path.join(HERE, ".work"), help="where raw runs go")
    p.add_argument("--results-dir", default=os.path.join(HERE, "results"), help="where reports go")
    p.add_argument("--command", default="bench/run.sh", help="the command line recorded in the report")
    args = p.parse_args(argv)
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
    if "kcrawl" in args.crawlers + args.scale_crawlers and not os.path.exists(args.jar):
        print("kcrawl jar %s is missing: kcrawl runs are skipped" % args.jar, file=sys.stderr)
        args.skipped = "kcrawl was not run: %s is missing (the build failed or was not run)" % args.jar
        args.crawlers = [c for c in args.crawlers if c != "kcrawl"]
        args.scale_crawlers = [c for c in args.scale_crawlers if c != "kcrawl"]
    return args


def scenarios(args):
    robots = not args.no_robots
    found = [Scenario("throughput", args.hosts, args.pages_per_host, args.latency_ms, args.concurrency,
                      args.per_host, 0, robots, tuple(args.crawlers))]
    if args.polite_rate > 0:
        found.append(Scenario("polite", args.hosts, args.polite_pages_per_host, args.latency_ms, args.concurrency,
                              args.polite_per_host, args.polite_rate, robots, tuple(args.crawlers)))
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
    raw = []
    for sc in scenarios(args):
        if not sc.crawlers:
            continue
        print("scenario %s: %s" % (sc.name, sc.describe()), file=sys.stderr, flush=True)
        chosen = []
        for crawler in sc.crawlers:
            runs = [run_one(args, sc, crawler, os.path.join(work, "%s-%s-%d" % (sc.name, crawler, i)))
                    for i in range(args.repeats)]
            raw += runs
            chosen.append(median_run(runs))
        report += ["", "## Scenario `%s`" % sc.name, "", sc.describe() + "; ideal %s pages/s." % fmt(sc.ideal, 0),
                   ""] + comparison_table(sc, chosen) + [""] + ratios_table(chosen)
    points = []
    for sc in scale_points(args):
        for crawler in sc.crawlers:
            print("scale point %s (%s): %s" % (sc.name, crawler, sc.describe()), file=sys.stderr, flush=True)
            runs = [run_one(args, sc, crawler, os.path.join(work, "%s-%s-%d" % (sc.name, crawler, i)))
                    for i in range(args.repeats)]
            raw += runs
            points.append((sc, median_run(runs)))
    for crawler in args.scale_crawlers:
        mine = [(sc, r) for sc, r in points if r.crawler == crawler]
        if mine:
            report += ["", "## Scale curve: %s" % crawler, "",
                       "%d hosts, latency %d ms, politeness that cannot bind (per host = 4x an even share of the "
                       "in-flight requests, no rate limit), "
                       "robots.txt ignored; each point sized to last about %g s at its ideal (%d..%d pages)."
                       % (args.scale_hosts, args.latency_ms, args.scale_seconds, 300, args.scale_max_pages), ""]
            report += scale_table(mine)
    report += ["", "Total benchmark time: %.0f s; load average at the end: %s. Raw runs: `%s`."
               % (time.monotonic() - started, load_average(), os.path.relpath(work, ROOT))]
    text = "\n".join(report) + "\n"
    path = os.path.join(args.results_dir, stamp + ".md")
    with open(path, "w") as f:
        f.write(text)
    with open(os.path.join(work, "runs.json"), "w") as f:
        json.dump([dict(vars(r), verified=r.verified, crawl_rate=r.crawl_rate, wall_rate=r.wall_rate) for r in raw],
                  f, indent=1)
    sys.stdout.write(text)
    print("report written to %s" % os.path.relpath(path, ROOT), file=sys.stderr)
    return 0 if all(r.verified for r in raw) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
