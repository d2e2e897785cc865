"""Serves a generated documentation site (docs_site.py) with nginx for one crawler run.

One nginx child per run, fresh like the synthetic web, so no crawler inherits another one's connections
or a server another one warmed. It listens on loopback only (127.0.0.9, a free port), answers every
request after a fixed latency (the echo module's echo_sleep: a timer in nginx's event loop, so a
sleeping request costs no worker), serves robots.txt as a 404 (absent, as the synthetic web does), and
logs every request with millisecond times. From that log come the same server-side figures the
synthetic web reports: requests, robots.txt requests, repeated paths, per-host concurrency and spacing,
the busiest second, and the first request's time (for the start-up scenario).

nginx runs unprivileged from a prefix directory in the run's directory (config, pid file, logs and
temp paths all there), in the foreground (daemon off) so the harness owns the process; it is stopped
with SIGQUIT (finish in-flight requests, flush the log), then SIGTERM, then SIGKILL.

Run as a program, it serves any directory the same way until interrupted, for crawls typed by hand (the
JDK 17 Javadoc of issue 36's measurement, say):

    python3 bench/nginx_site.py --root /usr/share/doc/openjdk-17-doc/api --latency-ms 100 --host 127.0.0.1 --port 8082

Standard library only, like the harness.
"""
import argparse
import grp
import os
import pwd
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

NGINX = "/usr/sbin/nginx"
ECHO_MODULE = "/usr/lib/nginx/modules/ngx_http_echo_module.so"
MIME_TYPES = "/etc/nginx/mime.types"
HOST = "127.0.0.9"  # the synthetic web uses 127.0.0.10 and up; docs_site.py's off-host links use .2 to .5
ROBOTS_PATH = "/robots.txt"

# $msec is the time the log line is written (the response is sent), $request_time the time since the
# request's first byte: both in milliseconds, from the same clock, so start = $msec - $request_time.
# The URI goes last: it is the only field that could in principle hold odd characters.
LOG_FORMAT = "$msec $request_time $status $body_bytes_sent $host $connection $connection_requests $request_uri"

CONFIG = """# Written by bench/nginx_site.py for one benchmark run.
load_module {echo_module};
{user}worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{
    worker_connections 4096;
}}
http {{
    include {mime_types};
    default_type application/octet-stream;
    charset utf-8;
    sendfile on;
    tcp_nodelay on;
    # A crawler keeps its connections for the whole crawl: never make it reconnect.
    keepalive_requests 10000000;
    keepalive_timeout 120s;
    open_file_cache max=50000 inactive=300s;
    log_format bench '{log_format}';
    access_log {prefix}/access.log bench buffer=256k flush=1s;
    client_body_temp_path {prefix}/tmp/client_body;
    proxy_temp_path {prefix}/tmp/proxy;
    fastcgi_temp_path {prefix}/tmp/fastcgi;
    uwsgi_temp_path {prefix}/tmp/uwsgi;
    scgi_temp_path {prefix}/tmp/scgi;
    server {{
        listen {host}:{port} backlog=4096;
        root {root};
        log_not_found off;
{locations}
    }}
}}
"""

# try_files serves a directory's index.html in place. nginx's index directive would instead make an
# internal redirect, which goes through `location /` again and so sleeps a second time. A path without
# its trailing slash (/api) gets a 404, not a redirect: no page links that way.
LATENCY_LOCATIONS = """        location / {{
            echo_sleep {seconds};
            echo_exec @static;
        }}
        location @static {{
            try_files ${{uri}}index.html $uri =404;
        }}"""
NO_LATENCY_LOCATIONS = """        location / {
            try_files ${uri}index.html $uri =404;
        }"""


def free_port(host):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class NginxSite:
    """An nginx process serving a GeneratedSite for one run; the same interface as the harness's Web."""

    def __init__(self, site, latency_ms, run_dir, host=HOST, port=None):
        self.site = site
        self.fixed_port = port
        self.latency_ms = latency_ms
        self.host = host
        self.dir = run_dir
        self.prefix = os.path.join(run_dir, "nginx")
        self.conf = os.path.join(self.prefix, "nginx.conf")
        self.access_log = os.path.join(self.prefix, "access.log")
        self.error_log = os.path.join(self.prefix, "error.log")
        self.pid_file = os.path.join(self.prefix, "nginx.pid")
        self.roots_file = os.path.join(run_dir, "web.roots")
        self.proc = None
        self.port = None
        self.roots = []
        self.stats = {}

    def __enter__(self):
        for path in (NGINX, ECHO_MODULE, MIME_TYPES):
            if not os.path.exists(path):
                raise RuntimeError("%s is missing: install nginx and libnginx-mod-http-echo (bench/run.sh does)" % path)
        os.makedirs(os.path.join(self.prefix, "tmp"), exist_ok=True)
        # The port is free when chosen but could be taken before nginx binds it: try again then.
        for attempt in range(5):
            self.port = self.fixed_port or free_port(self.host)
            self.write_config()
            for path in (self.pid_file, self.access_log, self.error_log):
                if os.path.exists(path):
                    os.remove(path)
            with open(os.path.join(self.prefix, "nginx.out"), "w") as out:
                self.proc = subprocess.Popen(
                    [NGINX, "-p", self.prefix, "-c", self.conf, "-e", self.error_log, "-g", "daemon off;"],
                    stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
            if self.wait_ready():
                break
            error = self.read_error()
            if "Address already in use" not in error or attempt == 4 or self.fixed_port:
                raise RuntimeError("nginx exited with %s: %s" % (self.proc.returncode, error))
        self.roots = ["http://%s:%d/" % (self.host, self.port)]
        with open(self.roots_file, "w") as f:
            f.write("".join(r + "\n" for r in self.roots))
        return self

    def write_config(self):
        if self.latency_ms > 0:
            locations = LATENCY_LOCATIONS.format(seconds="%.3f" % (self.latency_ms / 1000.0))
        else:
            locations = NO_LATENCY_LOCATIONS
        with open(self.conf, "w") as f:
            f.write(CONFIG.format(echo_module=ECHO_MODULE, user=self.user_directive(), prefix=self.prefix, mime_types=MIME_TYPES,
                                  log_format=LOG_FORMAT, host=self.host, port=self.port, root=self.site.root,
                                  locations=locations))

    def user_directive(self):
        """As root, nginx's worker would switch to nobody, who may not be able to read a site under a private
        directory (a checkout in /root): keep the site owner's identity instead. Unprivileged, nginx stays
        who it is and the directive is not needed."""
        if os.geteuid() != 0:
            return ""
        st = os.stat(self.site.root)
        return "user %s %s;\n" % (pwd.getpwuid(st.st_uid).pw_name, grp.getgrgid(st.st_gid).gr_name)

    def wait_ready(self):
        """True once nginx accepts connections; False if it exited. The master writes its pid file after
        binding the listening socket, so from then on connections queue in the kernel's backlog."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            if os.path.exists(self.pid_file):
                try:
                    # A connection that sends nothing is not logged as a request.
                    with socket.create_connection((self.host, self.port), timeout=1):
                        return True
                except OSError:
                    pass
            time.sleep(0.02)
        self.stop()
        raise RuntimeError("nginx did not start in 30 s; see %s" % self.error_log)

    def read_error(self):
        try:
            with open(self.error_log, errors="replace") as f:
                lines = [line.strip() for line in f if "[emerg]" in line or "[alert]" in line]
        except OSError:
            lines = []
        try:
            with open(os.path.join(self.prefix, "nginx.out"), errors="replace") as f:
                lines += [line.strip() for line in f if line.strip()]
        except OSError:
            pass
        return "; ".join(lines[-3:]) or "no message"

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return
        # SIGQUIT: graceful (in-flight requests finish, the buffered access log is flushed).
        for sig, wait in ((signal.SIGQUIT, 20), (signal.SIGTERM, 10)):
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=wait)
                return
            except subprocess.TimeoutExpired:
                pass
        self.proc.kill()
        self.proc.wait()

    def __exit__(self, *exc):
        self.stop()
        if os.path.exists(self.access_log):
            self.stats = access_log_stats(self.access_log)
        return False

    def page_urls(self):
        return ["http://%s:%d%s" % (self.host, self.port, path) for path in self.site.paths]

    def expected(self):
        """Every page of the site, with the port left out, as the harness compares them."""
        return {"http://%s%s" % (self.host, path) for path in self.site.paths}

    def seeds_file(self):
        return self.roots_file


def read_access_log(path):
    """(host, path, status, start_ms, end_ms, bytes, connection) per request, in log order."""
    events = []
    with open(path, errors="replace") as f:
        for line in f:
            fields = line.rstrip("\n").split(" ", 7)
            if len(fields) != 8:
                continue
            msec, request_time, status, sent, host, connection, _conn_requests, uri = fields
            end = round(float(msec) * 1000)
            start = end - round(float(request_time) * 1000)
            events.append((host, uri, int(status), start, end, int(sent), connection))
    return events


def max_concurrency(intervals):
    """The most requests open at one instant, with intervals taken as half-open [start, end).

    nginx logs milliseconds. With no pipelining, a crawler's next request on a slot can only start after
    the previous response was sent, so a start in the very millisecond another request ended follows it
    rather than overlapping it; counting it as an overlap would report P + 1 under a limit of P.
    """
    points = sorted([(s, 1) for s, _ in intervals] + [(e, -1) for _, e in intervals])  # -1 sorts first
    open_now = best = 0
    for _, delta in points:
        open_now += delta
        best = max(best, open_now)
    return best


def busiest_second(starts_ms):
    """The most request starts within any one-second window."""
    times = sorted(starts_ms)
    best = first = 0
    for last, t in enumerate(times):
        while t - times[first] >= 1000:
            first += 1
        best = max(best, last - first + 1)
    return best


def access_log_stats(path):
    """The synthetic web's stats (see SyntheticWebMain), computed from nginx's access log."""
    events = read_access_log(path)
    by_host = {}
    for e in events:
        by_host.setdefault(e[0], []).append(e)
    robots = duplicates = max_conc = busiest = 0
    min_gap = None
    page_errors = 0
    for host, reqs in by_host.items():
        counts = {}
        for e in reqs:
            counts[e[1]] = counts.get(e[1], 0) + 1
        duplicates += sum(c - 1 for c in counts.values())
        robots += counts.get(ROBOTS_PATH, 0)
        pages = [e for e in reqs if e[1] != ROBOTS_PATH]
        page_errors += sum(1 for e in pages if e[2] != 200)
        max_conc = max(max_conc, max_concurrency([(e[3], e[4]) for e in reqs]))
        starts = sorted(e[3] for e in pages)
        gaps = [b - a for a, b in zip(starts, starts[1:])]
        if gaps:
            min_gap = min(gaps) if min_gap is None else min(min_gap, min(gaps))
        busiest = max(busiest, busiest_second(starts))
    return {
        "requests": len(events),
        "robots_requests": robots,
        "duplicate_requests": duplicates,
        "hosts_contacted": len(by_host),
        "connections": len({e[6] for e in events}),
        "max_host_concurrency": max_conc,
        "min_host_page_interval_ms": float(min_gap) if min_gap is not None else None,
        "max_host_pages_per_1s": busiest,
        "page_errors": page_errors,  # page requests not answered 200: a link to no page, or a bad URL
        "bytes_sent": sum(e[5] for e in events),
        # Epoch seconds: the first request's start (for the start-up scenario) and the last response.
        "first_request_start": min(e[3] for e in events) / 1000.0 if events else None,
        "last_response_end": max(e[4] for e in events) / 1000.0 if events else None,
    }


@dataclass
class Directory:
    """A directory served as it is (the harness serves a docs_site.GeneratedSite, which has the same two fields)."""

    root: str
    paths: list


def main(argv):
    p = argparse.ArgumentParser(description="Serve a directory with nginx on loopback, every response delayed, "
                                            "until interrupted (Ctrl-C or SIGTERM); then print the request figures.")
    p.add_argument("--root", required=True, help="the directory to serve (its index.html is /)")
    p.add_argument("--latency-ms", type=int, default=100, help="added to every response (echo_sleep)")
    p.add_argument("--host", default="127.0.0.1", help="a loopback address to listen on")
    p.add_argument("--port", type=int, default=8082, help="the port to listen on")
    p.add_argument("--run-dir", default=None, help="nginx's prefix (config, logs) goes under it (default: a temp dir)")
    args = p.parse_args(argv)
    if not args.host.startswith("127."):
        p.error("--host must be a loopback address (127.0.0.0/8)")
    run_dir = args.run_dir or tempfile.mkdtemp(prefix="nginx-site-")
    os.makedirs(run_dir, exist_ok=True)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    with NginxSite(Directory(os.path.realpath(args.root), []), args.latency_ms, run_dir, args.host, args.port) as site:
        print("serving %s at %s with %d ms per response; logs in %s" % (args.root, site.roots[0], args.latency_ms,
                                                                       site.prefix), file=sys.stderr, flush=True)
        try:
            while not stop and site.proc.poll() is None:
                time.sleep(0.2)
        except KeyboardInterrupt:
            pass
    stats = site.stats
    print("requests %s, not 200: %s, bytes %s, max in flight %s" % (
        stats.get("requests"), stats.get("page_errors"), stats.get("bytes_sent"), stats.get("max_host_concurrency")),
        file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
