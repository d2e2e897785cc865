#!/usr/bin/env python3
"""The classic asyncio worker-pool crawler, as the async-scraping guides teach it.

A fixed pool of N workers takes URLs from one asyncio.Queue; one aiohttp ClientSession whose connector
holds at most N connections; a semaphore per host caps concurrent requests to it, and an optional
per-host delay spaces their starts; lxml finds the title and the links; a set of seen URLs dedups.
Links are followed only on the seeds' hosts, fragments dropped, up to --max-depth hops from a seed.

It writes one JSON line per page (url, status, title, depth, t = epoch seconds when the response was
read) to --out and one per failure (url, reason, detail, depth) to --failures.

With --no-parse it only downloads: bodies are read but not parsed (title null) and no link is
followed, the baseline of the benchmark's fetch-only scenario.

    /usr/bin/python3 bench/asyncio_crawler.py --seeds roots.txt --concurrency 100 --per-host 4 \
        --delay 0 --max-depth 10000 --out asyncio.jsonl
"""
import argparse
import asyncio
import json
import sys
import time
import traceback
from urllib.parse import urldefrag, urljoin, urlsplit
from urllib.robotparser import RobotFileParser

import aiohttp
import lxml.etree
import lxml.html

USER_AGENT = "kcrawl-bench-asyncio/1.0"


def parse_args(argv):
    p = argparse.ArgumentParser(description="Classic asyncio worker-pool crawler (benchmark baseline).")
    p.add_argument("--seeds", required=True, help="file of seed URLs, one a line ('#' comments allowed)")
    p.add_argument("--concurrency", type=int, default=100, help="workers, and connections in the pool")
    p.add_argument("--per-host", type=int, default=2, help="concurrent requests per host")
    p.add_argument("--delay", type=float, default=0.0, help="seconds between request starts on one host")
    p.add_argument("--max-depth", type=int, default=5, help="follow links at most this many hops from a seed")
    p.add_argument("--obey-robots", action="store_true", help="fetch and obey robots.txt (RFC 9309 status rules)")
    p.add_argument("--no-parse", action="store_true", help="download only: no parsing, no links followed")
    p.add_argument("--timeout", type=float, default=30.0, help="seconds for one whole request")
    p.add_argument("--out", required=True, help="JSON Lines file of pages")
    p.add_argument("--failures", default=None, help="JSON Lines file of failures (default: stderr)")
    args = p.parse_args(argv)
    if args.concurrency < 1:
        p.error("--concurrency must be >= 1, got %d" % args.concurrency)
    if args.per_host < 1:
        p.error("--per-host must be >= 1, got %d" % args.per_host)
    if args.delay < 0:
        p.error("--delay must be >= 0, got %s" % args.delay)
    if args.max_depth < 0:
        p.error("--max-depth must be >= 0, got %d" % args.max_depth)
    return args


def read_seeds(path):
    seeds = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                seeds.append(urldefrag(line)[0])
    if not seeds:
        raise SystemExit("no seed URLs in %s" % path)
    return seeds


def extract(body, base_url):
    """The page's title and the absolute, fragment-free URLs of its links."""
    try:
        doc = lxml.html.document_fromstring(body)
    except (lxml.etree.ParserError, ValueError):
        return None, []
    title = doc.findtext(".//title")
    links = []
    for href in doc.xpath("//a/@href"):
        href = href.strip()
        if href:
            links.append(urldefrag(urljoin(base_url, href))[0])
    return (title.strip() if title else title), links


class Crawler:
    """Workers, the frontier, the seen set and the per-host limits of one crawl."""

    def __init__(self, args, session, out, failures):
        self.args = args
        self.session = session
        self.out = out
        self.failures = failures
        self.queue = asyncio.Queue()
        self.seen = set()
        self.scope = set()
        self.host_limits = {}
        self.next_start = {}
        self.robots = {}
        self.pages = 0
        self.failed = 0

    def add_seed(self, url):
        self.scope.add(urlsplit(url).hostname)
        self.enqueue(url, 0)

    def enqueue(self, url, depth):
        if url in self.seen:
            return
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or parts.hostname not in self.scope:
            return
        self.seen.add(url)
        self.queue.put_nowait((url, depth))

    async def worker(self):
        while True:
            url, depth = await self.queue.get()
            try:
                await self.crawl(url, depth)
            except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as e:
                self.fail(url, depth, type(e).__name__, str(e))
            except Exception as e:  # a bug must not hang queue.join(): record it loudly and go on
                traceback.print_exc(file=sys.stderr)
                self.fail(url, depth, "internal", repr(e))
            finally:
                self.queue.task_done()

    async def crawl(self, url, depth):
        host = urlsplit(url).hostname
        if self.args.obey_robots and not (await self.robots_for(url)).can_fetch(USER_AGENT, url):
            self.fail(url, depth, "robots", "disallowed by robots.txt")
            return
        async with self.limit(host):
            await self.wait_turn(host)
            async with self.session.get(url, allow_redirects=False) as resp:
                body = await resp.read()
                status = resp.status
                location = resp.headers.get("Location")
                content_type = resp.headers.get("Content-Type", "")
        now = time.time()
        if 300 <= status < 400 and location:
            self.record(url, status, None, depth, now)
            if depth < self.args.max_depth:
                self.enqueue(urldefrag(urljoin(url, location))[0], depth + 1)
            return
        if status != 200:
            self.fail(url, depth, "http_%dxx" % (status // 100), "status %d" % status)
            return
        parse = "html" in content_type and not self.args.no_parse
        title, links = extract(body, url) if parse else (None, [])
        self.record(url, status, title, depth, now)
        if depth < self.args.max_depth:
            for link in links:
                self.enqueue(link, depth + 1)

    def limit(self, host):
        sem = self.host_limits.get(host)
        if sem is None:
            sem = self.host_limits[host] = asyncio.Semaphore(self.args.per_host)
        return sem

    async def wait_turn(self, host):
        # Reserve the host's next start slot before sleeping, so concurrent workers queue up behind it.
        if self.args.delay <= 0:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        start = max(now, self.next_start.get(host, now))
        self.next_start[host] = start + self.args.delay
        if start > now:
            await asyncio.sleep(start - now)

    async def robots_for(self, url):
        parts = urlsplit(url)
        origin = "%s://%s" % (parts.scheme, parts.netloc)
        rules = self.robots.get(origin)
        if rules is None:
            rules = self.robots[origin] = asyncio.ensure_future(self.fetch_robots(origin, parts.hostname))
        return await rules

    async def fetch_robots(self, origin, host):
        rules = RobotFileParser()
        try:
            async with self.limit(host):
                await self.wait_turn(host)
                async with self.session.get(origin + "/robots.txt", allow_redirects=True) as resp:
                    text = await resp.text(errors="replace")
                    status = resp.status
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as e:
            print("robots.txt of %s unreachable (%s): disallowing the host" % (origin, e), file=sys.stderr)
            rules.disallow_all = True
            return rules
        if status == 200:
            rules.parse(text.splitlines())
        elif 400 <= status < 500:
            rules.allow_all = True
        else:
            rules.disallow_all = True
        return rules

    def record(self, url, status, title, depth, t):
        self.pages += 1
        self.out.write(json.dumps({"url": url, "status": status, "title": title, "depth": depth, "t": t}) + "\n")

    def fail(self, url, depth, reason, detail):
        self.failed += 1
        self.failures.write(json.dumps({"url": url, "reason": reason, "detail": detail, "depth": depth}) + "\n")


async def main(args):
    seeds = read_seeds(args.seeds)
    connector = aiohttp.TCPConnector(limit=args.concurrency)
    timeout = aiohttp.ClientTimeout(total=args.timeout)
    started = time.monotonic()
    failures = open(args.failures, "w", encoding="utf-8") if args.failures else sys.stderr
    try:
        with open(args.out, "w", encoding="utf-8") as out:
            async with aiohttp.ClientSession(connector=connector, timeout=timeout,
                                             headers={"User-Agent": USER_AGENT}) as session:
                crawler = Crawler(args, session, out, failures)
                for seed in seeds:
                    crawler.add_seed(seed)
                workers = [asyncio.create_task(crawler.worker()) for _ in range(args.concurrency)]
                await crawler.queue.join()
                for w in workers:
                    w.cancel()
                await asyncio.gather(*workers, return_exceptions=True)
    finally:
        if failures is not sys.stderr:
            failures.close()
    elapsed = time.monotonic() - started
    print("asyncio crawler: %d pages, %d failures in %.2f s (%.1f pages/s)"
          % (crawler.pages, crawler.failed, elapsed, crawler.pages / elapsed if elapsed > 0 else 0.0),
          file=sys.stderr)
    return 0 if crawler.pages > 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args(sys.argv[1:]))))
