#!/usr/bin/env python3
"""Generates a static documentation site for the benchmark's `docs`, `small` and `startup` scenarios.

The synthetic web's pages are 2 KB with 10 links; real documentation pages are tens of KB with a
hundred links or more, most of them the same navigation on every page of a directory. This writes a
site that looks like a Javadoc tree plus a Sphinx guide, so the per-page cost of fetching, parsing and
deduplicating links is measured on realistic input:

- N pages on one host, nested: api/<module>/<package path>/<Class>.html, a directory index per module
  and package, guide/<chapter>/<section>.html, and a few site-wide pages (all classes, the tree, the
  index-files letter pages);
- sizes drawn from a heavy-tailed mix (median about 15 KB, mean about 25 KB) plus about 4 pages per
  10,000 of 1-3 MiB (the all-classes page and index-files pages, as Javadoc's are);
- 30-300 links on an ordinary page: relative (Foo.html, ../other/Bar.html, ../../x/), with fragments
  (Bar.html#method-summary, #local), root-relative (/api/...), a few to other hosts on 127.0.0.0/8 that
  nobody serves (no crawler follows them: all keep to the seed's host), mailto: and javascript: ones;
  the index pages have thousands;
- real markup: doctype, meta charset, stylesheets, external and inline scripts, pre/code blocks,
  tables, entities, comments, non-ASCII UTF-8 text, a title and an h1 on every page.

Directory indexes are always linked as the directory (api/acme.core/ or ./ or ../), never as
index.html, as real sites link them, so the page list holds each index once, under its directory URL.
Every link on the site is checked at generation time: each same-host href resolves to a page of the
list, and every page is reachable from /.

Deterministic from --pages and --seed. The site is cached under <work-dir>/docs-site-n<N>-s<seed>-v<V>/
(site/ is the document root, pages.txt the page list, stats.json the figures); it is written to a
temporary directory first and renamed, so a half-written site is never reused.

    /usr/bin/python3 bench/docs_site.py --pages 10000        # generate (or find) and print the stats

Standard library only.
"""
import argparse
import html
import json
import math
import os
import posixpath
import random
import re
import shutil
import statistics
import sys
import time
from dataclasses import dataclass, field
from urllib.parse import urldefrag, urljoin, urlsplit

# Bump when the output changes, so cached sites of an older generator are not reused.
VERSION = 2
HERE = os.path.dirname(os.path.abspath(__file__))
BIG_PAGES_PER_10000 = 4
ORDINARY_LINK_CAP = 300
# Off-host links: loopback addresses on the discard port that nothing serves. The site itself is
# served on 127.0.0.9 (see nginx_site.py); these never equal it.
OFF_HOSTS = ("127.0.0.2:9", "127.0.0.3:9", "127.0.0.4:9", "127.0.0.5:9")

# ---------------------------------------------------------------------------------------------------
# Vocabulary. Fixed lists, so the site depends only on the seed.

CORE = ("Buffer Channel Stream Reader Writer Parser Token Node Graph Queue Cache Pool Session Request Response "
        "Handler Codec Frame Record Schema Table Index Cursor Lock Latch Timer Clock Scheduler Executor Task "
        "Future Promise Signal Event Listener Filter Router Route Path Url Host Socket Address Header Cookie "
        "Key Value Entry Map Set List Tree Heap Vector Range Span Metric Gauge Counter Histogram Meter "
        "Registry Config Option Setting Profile Policy Rule Limit Quota Budget Window Batch Chunk Segment "
        "Offset Partition Topic Broker Client Server Worker Agent Probe Monitor Tracer Logger Appender Layout "
        "Format Pattern Matcher Lexer Scanner Visitor Walker Resolver Loader Locator Provider Factory Builder "
        "Adapter Bridge Proxy Wrapper Iterator Collector Comparator Predicate Function Supplier Consumer "
        "Frontier Fetcher Crawler Robot Sitemap Fingerprint Digest Charset Decoder Encoder").split()
PREFIX = ("Abstract Default Simple Concurrent Async Blocking Buffered Cached Compact Composite Delegating Direct "
          "Fixed Forwarding Immutable Lazy Linked Mutable Ordered Pooled Reactive Ring Sharded Sorted Striped "
          "Sync Threaded Typed Weak Http Json Xml Utf8 Base64 Gzip Tls Kafka Jdbc Byte Char Int Long Double "
          "Uri Host Page Link Crawl Fetch Parse Robots").split()
SUFFIX = ("", "", "", "", "Impl", "Support", "Utils", "Exception", "Error", "Spec", "Options", "Builder",
          "Factory", "Provider", "Listener", "Handler", "Service", "Manager", "Context", "State", "Result",
          "Status", "Type", "Mode")
AREAS = ("core net http io util concurrent text json xml parse fetch robots sitemap store index metrics config "
         "cli spi internal codec crypto time log kafka url html dom css graph queue sched frontier stream "
         "function annotation reflect security").split()
ORGS = ("org.acme", "com.example", "io.docsite", "net.sample")
VERBS = ("get set is has add remove put take poll offer peek read write open close flush parse format encode "
         "decode resolve normalize compute merge apply accept test compare hash to from of with create build "
         "start stop await submit schedule cancel register find lookup contains size clear reset copy split "
         "join iterator stream forEach drain mark skip").split()
PRIMITIVES = ("int", "long", "boolean", "byte[]", "char", "double", "String", "Object", "CharSequence",
              "Duration", "Instant", "Path", "URI", "void")
WORDS = ("the a an this that each every any its their of to in for on with by from as at into over under "
         "returns creates reads writes holds keeps drops sends receives parses resolves normalizes encodes "
         "decodes value values buffer stream request response page link host queue frontier record field "
         "method class instance thread threads caller callers result results order bytes characters limit "
         "limits timeout deadline connection connections pool worker workers partition partitions offset "
         "offsets topic broker message messages key keys entry entries default configured given current "
         "next previous first last empty null non-null immutable thread-safe concurrent blocking "
         "asynchronous synchronous lazily eagerly once twice always never only also however otherwise "
         "unless until while before after when if then because so which whose whom").split()
UNICODE_WORDS = ("naïve", "façade", "café", "Zürich", "São Paulo", "Ærøskøbing", "über", "résumé", "Ελληνικά",
                 "日本語", "中文文档", "кириллица", "Ångström", "crème brûlée", "Straße", "fiancée", "piñata",
                 "Kraków", "Reykjavík", "İstanbul", "Đà Nẵng", "€ 10", "± 5 %", "≤ 64 KiB", "≥ 1", "→", "…")
ENTITY_BITS = ("&nbsp;", "&#8212;", "&mdash;", "&hellip;", "&quot;quoted&quot;", "&lt;T&gt;", "&amp;", "&#169;",
               "&rarr;", "&para;", "&times;", "&#x2014;")
CHAPTER_TOPICS = ("Getting started", "Installation", "Configuration", "Crawling politely", "Robots and sitemaps",
                  "Scaling out", "Operations", "Monitoring", "Troubleshooting", "Security", "Storage",
                  "Extending the parser", "The HTTP client", "Kafka topics", "Deployment", "Tuning",
                  "Migration notes", "Release notes", "Internationalization", "Testing", "Recipes", "FAQ",
                  "Architecture", "Glossary")
SECTION_TOPICS = ("Overview", "Quick start", "Concepts", "Options", "Defaults", "Examples", "Limits", "Errors",
                  "Timeouts", "Retries", "Backpressure", "Rate limits", "Scope", "Depth", "Deduplication",
                  "Normalization", "Charsets", "Redirects", "Compression", "TLS", "Proxies", "DNS", "Metrics",
                  "Logging", "Health checks", "Upgrades", "Schema", "Partitions", "Consumers", "Producers",
                  "Checkpoints", "Recovery", "Benchmarks", "Profiling", "Memory", "Threads", "Kubernetes",
                  "Docker", "Systemd", "Clients", "Reference")


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# ---------------------------------------------------------------------------------------------------
# The site's model: which pages exist, before any markup is written.

@dataclass
class Page:
    url: str  # the URL path; a directory index is its directory ("/api/acme.core/"), never ".../index.html"
    kind: str
    title: str
    target: int = 0  # the size to aim at, in characters
    module: object = None
    package: object = None
    cls: object = None
    chapter: object = None
    letter: int = 0

    @property
    def file(self):
        return self.url + "index.html" if self.url.endswith("/") else self.url

    @property
    def dir(self):
        return self.url if self.url.endswith("/") else self.url.rsplit("/", 1)[0] + "/"


@dataclass
class Module:
    name: str
    url: str
    packages: list = field(default_factory=list)


@dataclass
class Package:
    name: str
    url: str
    module: Module
    classes: list = field(default_factory=list)


@dataclass
class Cls:
    name: str
    kind: str  # class, interface, enum, record, exception
    package: Package
    url: str
    generic: str = ""
    members: list = field(default_factory=list)  # filled when its page is rendered


@dataclass
class Chapter:
    title: str
    url: str
    sections: list = field(default_factory=list)  # Pages


class Site:
    """Plans the pages (structure and target sizes), then renders them."""

    def __init__(self, pages, seed):
        if pages < 40:
            raise ValueError("a docs site needs at least 40 pages, got %d" % pages)
        self.n = pages
        self.rng = random.Random(seed)
        self.pages = []
        self.by_url = {}
        self.modules = []
        self.packages = []
        self.classes = []
        self.chapters = []
        self.sentences = self.sentence_pool(2500)
        self.plan()

    # -- sizes -------------------------------------------------------------------------------------

    def ordinary_size(self):
        # A mix of two log-normals: most pages around 10 KB of content, one in ten a long page around
        # 60 KB (a big class, a long guide chapter) with a tail to 600 KB. A page cannot be smaller than its
        # navigation, so the small draws end up at the boilerplate's size; the result has a median near
        # 15 KB and a mean near 25 KB (the big index pages add about 1 KB to the mean).
        if self.rng.random() < 0.1:
            return int(min(600_000, self.rng.lognormvariate(math.log(60_000), 0.8)))
        return int(max(3_000, self.rng.lognormvariate(math.log(9_500), 0.7)))

    def add(self, page):
        assert page.url not in self.by_url, page.url
        self.pages.append(page)
        self.by_url[page.url] = page
        return page

    # -- plan ------------------------------------------------------------------------------------------

    def plan(self):
        rng = self.rng
        n = self.n
        letters = min(26, max(2, n // 400))
        fixed = ["/", "/api/", "/api/allclasses-index.html", "/api/allpackages-index.html",
                 "/api/overview-tree.html", "/api/deprecated-list.html", "/api/help-doc.html",
                 "/guide/", "/guide/genindex.html", "/guide/search.html"]
        budget = n - len(fixed) - letters
        guide_pages = max(6, round(budget * 0.14))
        api_pages = budget - guide_pages
        self.add(Page("/", "root", "Acme Crawl Toolkit 4.2 documentation", self.ordinary_size()))
        self.add(Page("/api/", "api-overview", "Overview (Acme Crawl Toolkit 4.2 API)", self.ordinary_size()))
        for url, kind, title in (
                ("/api/allclasses-index.html", "allclasses", "All Classes and Interfaces"),
                ("/api/allpackages-index.html", "allpackages", "All Packages"),
                ("/api/overview-tree.html", "tree", "Class Hierarchy"),
                ("/api/deprecated-list.html", "deprecated", "Deprecated List"),
                ("/api/help-doc.html", "help", "API Help")):
            self.add(Page(url, kind, title + " (Acme Crawl Toolkit 4.2 API)", self.ordinary_size()))
        for i in range(1, letters + 1):
            self.add(Page("/api/index-files/index-%d.html" % i, "letter", "%s-Index (Acme Crawl Toolkit 4.2 API)"
                          % chr(64 + min(i, 26)), self.ordinary_size(), letter=i))
        self.add(Page("/guide/", "guide-toc", "User guide — Acme Crawl Toolkit 4.2 documentation",
                      self.ordinary_size()))
        self.add(Page("/guide/genindex.html", "genindex", "Index — Acme Crawl Toolkit 4.2 documentation",
                      self.ordinary_size()))
        self.add(Page("/guide/search.html", "search", "Search — Acme Crawl Toolkit 4.2 documentation", 4_000))
        self.plan_guide(guide_pages)
        self.plan_api(api_pages)
        assert len(self.pages) == n, (len(self.pages), n)
        # The big pages: the all-classes page when it is big by nature, then index-files pages made big,
        # until there are about 4 per 10,000 (at least one, so small sites exercise them too).
        big = max(1, round(n * BIG_PAGES_PER_10000 / 10_000))
        natural = 1 if len(self.classes) * 260 >= 1_048_576 else 0
        letter_pages = [p for p in self.pages if p.kind == "letter"]
        for page in rng.sample(letter_pages, min(len(letter_pages), big - natural)):
            page.target = rng.randint(1_100_000, 3_100_000)

    def plan_guide(self, count):
        rng = self.rng
        chapters = max(2, min(len(CHAPTER_TOPICS), count // 12))
        sections = count - chapters
        titles = rng.sample(CHAPTER_TOPICS, chapters)
        for title in titles:
            ch = Chapter(title, "/guide/%s/" % slug(title))
            ch.page = self.add(Page(ch.url, "chapter", "%s — Acme Crawl Toolkit 4.2 documentation" % title,
                                    self.ordinary_size(), chapter=ch))
            self.chapters.append(ch)
        # Uneven chapters, as real guides have: weights from a skewed draw.
        weights = [rng.paretovariate(1.5) for _ in self.chapters]
        total = sum(weights)
        counts = [max(1, int(sections * w / total)) for w in weights]
        while sum(counts) > sections:
            counts[counts.index(max(counts))] -= 1
        i = 0
        while sum(counts) < sections:
            counts[i % len(counts)] += 1
            i += 1
        for ch, k in zip(self.chapters, counts):
            used = set()
            for j in range(k):
                topic = rng.choice(SECTION_TOPICS)
                name = slug(topic)
                if name in used:
                    name = "%s-%d" % (name, j)
                used.add(name)
                page = self.add(Page("%s%s.html" % (ch.url, name), "section",
                                     "%s — Acme Crawl Toolkit 4.2 documentation" % topic, self.ordinary_size(),
                                     chapter=ch))
                page.topic = topic
                ch.sections.append(page)

    def plan_api(self, count):
        rng = self.rng
        n_modules = max(1, round(count / 700))
        remaining = count - n_modules
        sizes = []
        while remaining > 0:
            k = min(max(1, int(rng.lognormvariate(math.log(11), 0.7))), 80, remaining - 1)
            sizes.append(k)
            remaining -= k + 1
        n_modules = min(n_modules, len(sizes))
        # A module for every run of packages; a module whose packages ran out still gets its page.
        org = rng.choice(ORGS)
        module_names = []
        areas = rng.sample(AREAS, min(len(AREAS), n_modules))
        areas += ["m%d" % i for i in range(n_modules - len(areas))]
        for area in areas:
            module_names.append("%s.%s" % (org.split(".")[1], area))
        for name in module_names:
            m = Module(name, "/api/%s/" % name)
            m.page = self.add(Page(m.url, "module", "%s (Acme Crawl Toolkit 4.2 API)" % name, self.ordinary_size(),
                                   module=m))
            self.modules.append(m)
        if count - n_modules != sum(s + 1 for s in sizes):
            # Fewer modules than planned (a tiny site): give the spare pages to the last package.
            sizes[-1] += count - n_modules - sum(s + 1 for s in sizes)
        used_packages = set()
        for i, k in enumerate(sizes):
            m = self.modules[i * len(self.modules) // len(sizes)]
            # org.area for a module's first package, then org.area.sub, then org.area.sub.sub2.
            area = m.name.split(".", 1)[1]
            candidates = ["%s.%s" % (org, area)] + ["%s.%s.%s" % (org, area, rng.choice(AREAS)) for _ in range(20)]
            candidates += ["%s.%s.%s.%s" % (org, area, rng.choice(AREAS), rng.choice(AREAS)) for _ in range(100)]
            name = next((c for c in candidates if c not in used_packages), None)
            if name is None:
                name = "%s.%s.p%d" % (org, area, len(used_packages))
            used_packages.add(name)
            p = Package(name, "%s%s/" % (m.url, name.replace(".", "/")), m)
            p.page = self.add(Page(p.url, "package", "%s (Acme Crawl Toolkit 4.2 API)" % name, self.ordinary_size(),
                                   module=m, package=p))
            m.packages.append(p)
            self.packages.append(p)
            used = set()
            for _ in range(k):
                c = self.new_class(p, used)
                c.page = self.add(Page(c.url, "class", "%s (Acme Crawl Toolkit 4.2 API)" % c.name,
                                       self.ordinary_size(), module=m, package=p, cls=c))
                p.classes.append(c)
                self.classes.append(c)

    def new_class(self, package, used):
        rng = self.rng
        for attempt in range(50):
            name = rng.choice(PREFIX) + rng.choice(CORE) + rng.choice(SUFFIX) if rng.random() < 0.7 \
                else rng.choice(CORE) + rng.choice(SUFFIX)
            if package.classes and rng.random() < 0.08:
                name = rng.choice(package.classes).name.split(".")[0] + "." + rng.choice(CORE)  # a nested class
            if attempt > 40:
                name += str(attempt)
            if name not in used:
                break
        used.add(name)
        last = name.rsplit(".", 1)[-1]
        kind = ("exception" if last.endswith(("Exception", "Error")) else
                rng.choice(("class", "class", "class", "interface", "interface", "enum", "record")))
        generic = rng.choice(("", "", "", "", "&lt;T&gt;", "&lt;K,&#8203;V&gt;", "&lt;E&gt;"))
        return Cls(name, kind, package, "%s%s.html" % (package.url, name), generic)

    # -- words -----------------------------------------------------------------------------------------

    def sentence_pool(self, count):
        """Sentences to build prose from: drawing whole sentences keeps generation fast."""
        rng = self.rng
        pool = []
        for _ in range(count):
            words = [rng.choice(WORDS) for _ in range(rng.randint(8, 24))]
            r = rng.random()
            if r < 0.25:
                words.insert(rng.randrange(len(words)), "<code>%s</code>" % rng.choice(
                    ("null", "true", "false", "0", "-1", "Integer.MAX_VALUE", "List&lt;String&gt;",
                     "a &lt; b &amp;&amp; b &gt; c", "Map.Entry&lt;K,V&gt;", "\"text/html\"", "x -&gt; x + 1")))
            elif r < 0.35:
                words.insert(rng.randrange(len(words)), rng.choice(UNICODE_WORDS))
            elif r < 0.45:
                words.insert(rng.randrange(len(words)), rng.choice(ENTITY_BITS))
            elif r < 0.5:
                words.insert(rng.randrange(len(words)), "<em>%s</em>" % rng.choice(WORDS))
            elif r < 0.55:
                words.insert(rng.randrange(len(words)), "<strong>%s</strong>" % rng.choice(WORDS))
            s = " ".join(words)
            pool.append(s[0].upper() + s[1:] + rng.choice((".", ".", ".", ";", ":", "?")))
        return pool

    def prose(self, k):
        rng = self.rng
        return " ".join(rng.choice(self.sentences) for _ in range(k))

    def method_name(self):
        rng = self.rng
        verb = rng.choice(VERBS)
        return verb + rng.choice(CORE) if rng.random() < 0.7 else verb

    # -- render ------------------------------------------------------------------------------------------

    def render_all(self, root_dir):
        # Class pages first: the index-files pages list the members the class pages declared.
        order = sorted(range(len(self.pages)), key=lambda i: 0 if self.pages[i].kind == "class" else 1)
        for i in order:
            page = self.pages[i]
            doc = Doc(self, page)
            RENDERERS[page.kind](doc)
            text = doc.text()
            path = os.path.join(root_dir, page.file.lstrip("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        for rel, text in ASSETS.items():
            path = os.path.join(root_dir, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)


class Doc:
    """One page's markup under construction: its parts, its size so far and its link budget."""

    def __init__(self, site, page):
        self.site = site
        self.rng = site.rng
        self.page = page
        self.parts = []
        self.size = 0
        self.links = 0
        big = page.target > 1_000_000 or page.kind in ("allclasses", "tree", "allpackages")
        self.cap = 10 ** 9 if big else self.rng.randint(120, ORDINARY_LINK_CAP)

    def add(self, *parts):
        for s in parts:
            self.parts.append(s)
            self.size += len(s)

    def text(self):
        return "".join(self.parts)

    def room(self):
        return self.target() - self.size

    def target(self):
        return self.page.target

    def href(self, url, fragment=None):
        """How this page links to url: relative mostly, sometimes root-relative or ./-prefixed."""
        r = self.rng.random()
        if r < 0.04:
            h = url  # root-relative: /api/acme.core/...
        else:
            here = self.page.dir
            if url.endswith("/"):
                rel = posixpath.relpath(url, here)
                h = "./" if rel == "." else rel + "/"
            else:
                d, name = url.rsplit("/", 1)
                rel = posixpath.relpath(d + "/", here)
                h = name if rel == "." else rel + "/" + name
                if rel == "." and r < 0.07:
                    h = "./" + name
        return h + "#" + fragment if fragment else h

    def a(self, url, text, fragment=None, cls=None, title=None, force=False):
        """A link to url, or, once the page's link budget is spent, the text without the link."""
        if not force and self.links >= self.cap:
            return "<code>%s</code>" % text
        self.links += 1
        attrs = ' href="%s"' % html.escape(self.href(url, fragment), quote=True)
        if cls:
            attrs += ' class="%s"' % cls
        if title:
            attrs += ' title="%s"' % title
        return "<a%s>%s</a>" % (attrs, text)

    def local(self, fragment, text, cls=None, force=True):
        if not force and self.links >= self.cap:
            return text
        self.links += 1
        return '<a href="#%s"%s>%s</a>' % (fragment, ' class="%s"' % cls if cls else "", text)

    def offsite(self, path, text):
        self.links += 1
        return '<a href="http://%s%s" class="external-link" rel="noopener">%s</a>' % (
            self.rng.choice(OFF_HOSTS), path, text)

    def rand_class(self, near=None):
        """A class to refer to: the same package or module more often than not, as real docs do."""
        rng = self.rng
        r = rng.random()
        if near is not None and r < 0.45 and len(near.classes) > 1:
            return rng.choice(near.classes)
        if near is not None and r < 0.7:
            pkg = rng.choice(near.module.packages)
            if pkg.classes:
                return rng.choice(pkg.classes)
        return rng.choice(self.site.classes)

    def type_ref(self, near=None):
        if self.rng.random() < 0.45 or not self.site.classes:
            return self.rng.choice(PRIMITIVES)
        c = self.rand_class(near)
        return self.a(c.url, c.name.rsplit(".", 1)[-1], title="%s in %s" % (c.kind, c.package.name))

    def paragraph(self, near=None, links=2):
        rng = self.rng
        parts = [self.site.prose(rng.randint(2, 6))]
        for _ in range(rng.randint(0, links)):
            r = rng.random()
            if r < 0.6 and self.site.classes:
                c = self.rand_class(near)
                frag = rng.choice((None, None, "method-summary", "class-description", "field-summary",
                                   "constructor-summary"))
                parts.append("See %s." % self.a(c.url, "<code>%s</code>" % c.name.rsplit(".", 1)[-1], frag))
            elif r < 0.85 and self.site.chapters:
                sec = rng.choice(rng.choice(self.site.chapters).sections or [self.site.by_url["/guide/"]])
                parts.append("The guide's %s covers this." % self.a(
                    sec.url, "<em>%s</em>" % html.escape(sec.title.split(" — ")[0]),
                    slug(getattr(sec, "topic", "top")) if rng.random() < 0.5 else None))
            else:
                parts.append(self.site.prose(1))
        return "<p>%s</p>\n" % " ".join(parts)

    def java_example(self):
        rng = self.rng
        c = rng.choice(self.site.classes).name.rsplit(".", 1)[-1] if self.site.classes else "Crawler"
        m = self.site.method_name()
        lines = [
            "%s&lt;String&gt; urls = new ArrayList&lt;&gt;();" % rng.choice(("List", "Collection", "Deque")),
            "try (%s client = %s.builder()" % (c, c),
            "        .timeout(Duration.ofSeconds(%d))" % rng.randint(1, 60),
            "        .maxInFlight(%d)" % rng.choice((16, 64, 256, 1024)),
            "        .build()) {",
            "    for (String url : urls) {",
            "        if (url != null &amp;&amp; url.length() &lt; %d) {" % rng.choice((2048, 8192)),
            "            client.%s(url); // &quot;%s&quot; &#8212; see above" % (m, rng.choice(UNICODE_WORDS)),
            "        }",
            "    }",
            "} catch (IOException e) {",
            "    log.warn(\"%s failed: {}\", e.getMessage());" % m,
            "}",
        ]
        return '<pre><code class="language-java">%s\n</code></pre>\n' % "\n".join(lines[: rng.randint(5, len(lines))])

    def python_example(self):
        rng = self.rng
        m = self.site.method_name()
        lines = [
            '<span class="kn">from</span> <span class="nn">acme.crawl</span> <span class="kn">import</span> '
            '<span class="n">Crawler</span>',
            '<span class="n">crawler</span> <span class="o">=</span> <span class="n">Crawler</span>'
            '<span class="p">(</span><span class="n">concurrency</span><span class="o">=</span>'
            '<span class="mi">%d</span><span class="p">)</span>' % rng.choice((16, 64, 256)),
            '<span class="k">for</span> <span class="n">page</span> <span class="ow">in</span> '
            '<span class="n">crawler</span><span class="o">.</span><span class="n">%s</span>'
            '<span class="p">(</span><span class="s2">&quot;http://127.0.0.1:8080/&quot;</span>'
            '<span class="p">):</span>' % m,
            '    <span class="k">if</span> <span class="n">page</span><span class="o">.</span>'
            '<span class="n">status</span> <span class="o">&gt;=</span> <span class="mi">400</span> '
            '<span class="ow">and</span> <span class="n">page</span><span class="o">.</span>'
            '<span class="n">size</span> <span class="o">&lt;</span> <span class="mi">%d</span>'
            '<span class="p">:</span>' % rng.choice((1024, 65536)),
            '        <span class="nb">print</span><span class="p">(</span><span class="n">page</span>'
            '<span class="o">.</span><span class="n">url</span><span class="p">,</span> '
            '<span class="s2">&quot;%s&quot;</span><span class="p">)</span>' % rng.choice(UNICODE_WORDS),
        ]
        return ('<div class="highlight-python notranslate"><div class="highlight"><pre><span></span>%s\n</pre>'
                '</div></div>\n' % "\n".join(lines))

    def shell_example(self):
        rng = self.rng
        return ('<div class="highlight-console notranslate"><div class="highlight"><pre><span></span>'
                '<span class="gp">$ </span>crawl --seeds seeds.txt --per-host %d --rate %g --out records.jsonl '
                '2&gt;&amp;1 | tee crawl.log\n<span class="go">crawl: %d pages, 0 failures in %.1f s</span>\n'
                '</pre></div></div>\n' % (rng.randint(1, 8), rng.choice((0.5, 1, 2, 5)), rng.randint(10, 99999),
                                          rng.uniform(1, 600)))

    def table(self, near=None, rows=None):
        rng = self.rng
        rows = rows or rng.randint(3, 9)
        body = []
        for i in range(rows):
            body.append('<tr class="row-%s"><td><code>%s</code></td><td>%s</td><td>%s</td></tr>' % (
                "odd" if i % 2 else "even", html.escape(rng.choice(VERBS) + "." + rng.choice(CORE).lower()),
                rng.choice(("1", "256", "30&nbsp;s", "2&nbsp;MiB", "true", "&quot;auto&quot;", "none")),
                self.site.prose(1)))
        return ('<table class="docutils align-default">\n<thead><tr><th>Setting</th><th>Default</th>'
                '<th>Meaning</th></tr></thead>\n<tbody>\n%s\n</tbody>\n</table>\n' % "\n".join(body))

    def filler(self, near=None, links=2):
        """One block of body text; called until the page reaches its size."""
        r = self.rng.random()
        if r < 0.55:
            return self.paragraph(near, links)
        if r < 0.7:
            return self.java_example() if self.page.url.startswith("/api/") else self.python_example()
        if r < 0.78:
            return self.shell_example()
        if r < 0.9:
            return self.table(near)
        return ('<div class="admonition %s">\n<p class="admonition-title">%s</p>\n%s</div>\n'
                % (self.rng.choice(("note", "warning", "tip")), self.rng.choice(("Note", "Warning", "Tip")),
                   self.paragraph(near, links)))

    def fill(self, near=None, links=2, reserve=0):
        while self.size + reserve < self.target():
            self.add(self.filler(near, links))


# ---------------------------------------------------------------------------------------------------
# Javadoc-like pages.

JAVADOC_INLINE_JS = """<script type="text/javascript">
var pathtoroot = "%s";
loadScripts(document, 'script');
</script>"""

PAGE_SCRIPT = """<script type="text/javascript">
(function () {
  'use strict';
  var toggles = document.querySelectorAll('.toggle-button');
  for (var i = 0; i < toggles.length; i++) {
    toggles[i].addEventListener('click', function (e) {
      var target = document.getElementById(e.currentTarget.getAttribute('data-target'));
      if (target && target.classList) { target.classList.toggle('expanded'); }
    });
  }
  var hash = window.location.hash;
  if (hash && hash.length > 1 && hash.indexOf('<') < 0) {
    var el = document.getElementById(decodeURIComponent(hash.substring(1)));
    if (el) { el.scrollIntoView(); }
  }
  window.__docsVersion = "4.2.%d";
})();
</script>"""


def javadoc_head(doc):
    up = "../" * (doc.page.dir.count("/") - 2)  # the API's assets live in /api/
    page = doc.page
    doc.add('<!DOCTYPE HTML>\n<html lang="en">\n<head>\n<!-- Generated by javadoc (17.0.15) on Thu Jan 15 '
            '10:%02d:%02d UTC 2026 -->\n' % (doc.rng.randrange(60), doc.rng.randrange(60)),
            '<title>%s</title>\n' % html.escape(page.title, quote=False),
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n<meta charset="utf-8">\n',
            '<meta name="dc.created" content="2026-01-15">\n'
            '<meta name="description" content="%s">\n' % html.escape(page.title, quote=True),
            '<meta name="generator" content="javadoc/ClassWriterImpl">\n',
            '<link rel="stylesheet" type="text/css" href="%sstylesheet.css" title="Style">\n' % up,
            '<link rel="stylesheet" type="text/css" href="%sscript-dir/jquery-ui.min.css" title="Style">\n' % up,
            '<script type="text/javascript" src="%sscript.js"></script>\n' % up,
            '<script type="text/javascript" src="%sscript-dir/jquery-3.6.1.min.js"></script>\n' % up,
            JAVADOC_INLINE_JS % up, "\n</head>\n")


def javadoc_nav(doc, current):
    """The top navigation bar, the same on every API page but for which item is current."""
    page = doc.page
    items = [("Overview", "/api/"), ("Module", page.module.url if page.module else None),
             ("Package", page.package.url if page.package else None), ("Class", None),
             ("Tree", "/api/overview-tree.html"), ("Deprecated", "/api/deprecated-list.html"),
             ("Index", "/api/index-files/index-1.html"), ("Help", "/api/help-doc.html")]
    lis = []
    for label, url in items:
        if label == current or url is None:
            lis.append('<li class="nav-bar-cell1-rev">%s</li>' % label if label == current else "<li>%s</li>" % label)
        else:
            lis.append("<li>%s</li>" % doc.a(url, label, force=True))
    doc.add('<body class="%s-page">\n' % page.kind, PAGE_SCRIPT % doc.rng.randrange(10),
            '\n<div class="flex-box">\n<header role="banner" class="flex-header">\n'
            '<nav role="navigation">\n<!-- ========= START OF TOP NAVBAR ======= -->\n'
            '<div class="top-nav" id="navbar-top">\n<div class="skip-nav">%s</div>\n'
            % doc.local("skip-navbar-top", "Skip navigation links"),
            '<ul id="navbar-top-firstrow" class="nav-list" title="Navigation">\n%s\n</ul>\n</div>\n' % "\n".join(lis))
    if page.kind == "class":
        subs = ["nested-class-summary", "field-summary", "constructor-summary", "method-summary"]
        dets = ["field-detail", "constructor-detail", "method-detail"]
        doc.add('<div class="sub-nav"><div><ul class="sub-nav-list"><li>Summary:&nbsp;</li>%s</ul>\n'
                % "".join("<li>%s&nbsp;|&nbsp;</li>" % doc.local(s, s.split("-")[0].capitalize()) for s in subs),
                '<ul class="sub-nav-list"><li>Detail:&nbsp;</li>%s</ul></div>\n'
                % "".join("<li>%s&nbsp;|&nbsp;</li>" % doc.local(s, s.split("-")[0].capitalize()) for s in dets))
    else:
        doc.add('<div class="sub-nav">\n')
    doc.add('<div class="nav-list-search"><label for="search-input">SEARCH:</label>\n'
            '<input type="text" id="search-input" value="search" disabled="disabled">\n'
            '<input type="reset" id="reset-button" value="reset" disabled="disabled">\n</div>\n</div>\n'
            '<!-- ========= END OF TOP NAVBAR ========= -->\n<span class="skip-nav" id="skip-navbar-top"></span>'
            '</nav>\n</header>\n')


def javadoc_sidebar(doc):
    """Every class of the package and the module's other packages: the same on every page of a directory."""
    page = doc.page
    pkg = page.package
    doc.add('<div class="flex-content">\n<aside class="package-frame" aria-label="Package contents">\n')
    if pkg is not None:
        doc.add('<h2 title="Package">%s</h2>\n<ul class="class-list">\n' % doc.a(pkg.url, pkg.name, force=True))
        for c in pkg.classes:
            label = c.name if c.kind != "interface" else '<span class="interface-name">%s</span>' % c.name
            doc.add('<li>%s</li>\n' % doc.a(c.url, label, title="%s in %s" % (c.kind, pkg.name), force=True))
        doc.add("</ul>\n")
    module = page.module
    if module is not None:
        doc.add('<h2>Packages in %s</h2>\n<ul class="package-list">\n' % doc.a(module.url, module.name, force=True))
        for p in module.packages[:30]:
            doc.add("<li>%s</li>\n" % doc.a(p.url, p.name, force=True))
        doc.add("</ul>\n")
    else:
        # Site-wide pages get the overview frame instead: every module, and the first packages.
        doc.add('<h2>All Modules</h2>\n<ul class="module-list">\n%s</ul>\n<h2>Packages</h2>\n'
                '<ul class="package-list">\n%s</ul>\n' % (
                    "".join("<li>%s</li>\n" % doc.a(m.url, m.name, force=True) for m in doc.site.modules),
                    "".join("<li>%s</li>\n" % doc.a(p.url, p.name, force=True) for p in doc.site.packages[:40])))
    doc.add("</aside>\n")


def javadoc_footer(doc):
    doc.add('<footer role="contentinfo">\n<hr>\n<p class="legal-copy"><small>Copyright &#169; 2019, 2026, '
            'Acme Crawl Contributors. All rights reserved. Use is subject to %s. %s &#8212; %s.</small></p>\n'
            % (doc.a("/guide/", "license terms", force=True), doc.offsite("/bugreport?component=docs&amp;version=4.2",
                                                                          "Submit a bug or feature"),
               doc.offsite("/javase/17/docs/api/", "Java&trade; SE 17 API")),
            '<p class="contact">%s &#183; <a href="mailto:docs@example.invalid">docs@example.invalid</a> &#183; '
            '<a href="javascript:void(0)" onclick="window.print()">Print</a></p>\n' % doc.a("/", "Home", force=True),
            "</footer>\n</main>\n</div>\n</div>\n</body>\n</html>\n")


def render_class(doc):
    page, c = doc.page, doc.page.cls
    pkg = c.package
    rng = doc.rng
    javadoc_head(doc)
    javadoc_nav(doc, "Class")
    javadoc_sidebar(doc)
    short = c.name.rsplit(".", 1)[-1]
    doc.add('<main role="main">\n<!-- ======== START OF CLASS DATA ======== -->\n<div class="header">\n'
            '<div class="sub-title"><span class="module-label-in-type">Module</span>&nbsp;%s</div>\n'
            % doc.a(pkg.module.url, pkg.module.name, force=True),
            '<div class="sub-title"><span class="package-label-in-type">Package</span>&nbsp;%s</div>\n'
            % doc.a(pkg.url, pkg.name, force=True),
            '<h1 title="%s %s" class="title">%s %s%s</h1>\n</div>\n' % (
                c.kind.capitalize(), short, c.kind.capitalize(), html.escape(c.name), c.generic))
    # Inheritance: a chain of classes elsewhere on the site.
    chain = ['<div class="inheritance" title="Inheritance Tree">java.lang.Object']
    for _ in range(rng.randint(0, 3)):
        sup = doc.rand_class(pkg)
        chain.append('<div class="inheritance">%s' % doc.a(sup.url, "%s.%s" % (sup.package.name, sup.name),
                                                              title="class in %s" % sup.package.name))
    chain.append('<div class="inheritance">%s.%s</div>' % (pkg.name, html.escape(c.name)))
    doc.add("\n".join(chain) + "</div>" * (len(chain) - 1) + "\n")
    doc.add('<section class="class-description" id="class-description">\n<dl class="notes">\n'
            "<dt>All Implemented Interfaces:</dt>\n<dd><code>%s</code></dd>\n</dl>\n<hr>\n"
            % ", ".join(doc.type_ref(pkg) for _ in range(rng.randint(1, 4))),
            '<div class="type-signature"><span class="modifiers">public %s</span> <span class="element-name '
            'type-name-label">%s</span></div>\n<div class="block">' % (
                "abstract class" if c.kind == "class" and rng.random() < 0.2 else c.kind, html.escape(short)),
            doc.paragraph(pkg, 3), doc.java_example(), doc.paragraph(pkg, 2), "</div>\n</section>\n")
    # Members until the page reaches its size: summary rows and detail blocks are built together.
    summary, details = [], []
    reserve = 1_200  # what the footer and the section wrappers still add
    fields = rng.randint(0, 4)
    used = set()
    while doc.size + sum(map(len, summary)) + sum(map(len, details)) + reserve < doc.target() or not c.members:
        name = doc.site.method_name()
        if name in used:
            name += str(len(used))
        used.add(name)
        params = [(doc.type_ref(pkg), rng.choice(("url", "value", "key", "limit", "timeout", "host", "bytes",
                                                     "offset", "listener", "name")) + str(i))
                  for i in range(rng.randint(0, 3))]
        sig = "%s(%s)" % (name, ",".join(re.sub(r"<[^>]+>", "", t) for t, _ in params))
        c.members.append(name)
        ret = doc.type_ref(pkg)
        anchor = html.escape(sig, quote=True)
        summary.append('<div class="col-first %s-row-color"><code>%s</code></div>\n'
                       '<div class="col-second %s-row-color"><code>%s(%s)</code></div>\n'
                       '<div class="col-last %s-row-color"><div class="block">%s</div></div>\n' % (
                           "even" if len(summary) % 2 else "odd", ret, "even" if len(summary) % 2 else "odd",
                           doc.local(anchor, name, "member-name-link", force=False),
                           ", ".join("%s&nbsp;%s" % p for p in params), "even" if len(summary) % 2 else "odd",
                           doc.site.prose(1)))
        block = ['<section class="detail" id="%s">\n<h3>%s</h3>\n<div class="member-signature"><span '
                 'class="modifiers">public</span>&nbsp;<span class="return-type">%s</span>&nbsp;<span '
                 'class="element-name">%s</span><wbr><span class="parameters">(%s)</span></div>\n' % (
                     anchor, name, ret, name, ",\n ".join("%s&nbsp;%s" % p for p in params)),
                 '<div class="block">%s</div>\n' % doc.paragraph(pkg, 1)]
        # The return and parameter types appear in the summary row and again here: count their links twice.
        doc.links += (ret + "".join(t for t, _ in params)).count("<a ")
        if rng.random() < 0.3:
            block.append(doc.java_example())
        if params:
            block.append('<dl class="notes">\n<dt>Parameters:</dt>\n%s\n' % "\n".join(
                "<dd><code>%s</code> - %s</dd>" % (p[1], doc.site.prose(1)) for p in params))
        else:
            block.append('<dl class="notes">\n')
        block.append("<dt>Returns:</dt>\n<dd>%s</dd>\n" % doc.site.prose(1))
        if rng.random() < 0.4:
            see = doc.rand_class(pkg)
            block.append("<dt>See Also:</dt>\n<dd><ul class=\"see-list\"><li>%s</li></ul></dd>\n" % doc.a(
                see.url, "<code>%s</code>" % see.name, rng.choice(("method-summary", "class-description", None))))
        block.append("</dl>\n</section>\n")
        details.append("".join(block))
    doc.add('<section class="summary">\n<ul class="summary-list">\n')
    if fields:
        doc.add('<li>\n<section class="field-summary" id="field-summary">\n<h2>Field Summary</h2>\n'
                '<div class="caption"><span>Fields</span></div>\n<div class="summary-table three-column-summary">\n',
                "".join('<div class="col-first"><code>static final %s</code></div><div class="col-second"><code>'
                        '%s</code></div><div class="col-last">%s</div>\n' % (
                            doc.type_ref(pkg), doc.local("field-detail", rng.choice(CORE).upper() + "_" +
                                                         rng.choice(VERBS).upper(), force=False), doc.site.prose(1))
                        for _ in range(fields)), "</div>\n</section>\n</li>\n")
    doc.add('<li>\n<section class="method-summary" id="method-summary">\n<h2>Method Summary</h2>\n'
            '<div id="method-summary-table">\n<div class="table-tabs" role="tablist" aria-orientation="horizontal">'
            '<button id="method-summary-table-tab0" role="tab" aria-selected="true" class="active-table-tab" '
            'onclick="show(\'method-summary-table\', \'method-summary-table\', 3)">All Methods</button></div>\n'
            '<div class="summary-table three-column-summary">\n<div class="table-header col-first">Modifier and Type'
            '</div>\n<div class="table-header col-second">Method</div>\n<div class="table-header col-last">'
            'Description</div>\n', *summary, "</div>\n</div>\n</section>\n</li>\n</ul>\n</section>\n")
    doc.add('<section class="details">\n<ul class="details-list">\n<li>\n<section class="method-details" '
            'id="method-detail">\n<h2>Method Details</h2>\n', *details, "</section>\n</li>\n</ul>\n</section>\n"
            "<!-- ========= END OF CLASS DATA ========= -->\n")
    javadoc_footer(doc)


def render_package(doc):
    page, pkg = doc.page, doc.page.package
    javadoc_head(doc)
    javadoc_nav(doc, "Package")
    javadoc_sidebar(doc)
    doc.add('<main role="main">\n<div class="header">\n<div class="sub-title"><span class="module-label-in-package">'
            'Module</span>&nbsp;%s</div>\n<h1 title="Package %s" class="title">Package %s</h1>\n</div>\n<hr>\n'
            % (doc.a(pkg.module.url, pkg.module.name, force=True), pkg.name, pkg.name),
            '<section class="package-description" id="package-description">\n<div class="block">%s</div>\n</section>\n'
            % doc.paragraph(pkg, 2),
            '<section class="summary">\n<div class="caption"><span>All Classes and Interfaces</span></div>\n'
            '<div class="summary-table two-column-summary">\n')
    for c in pkg.classes:
        doc.add('<div class="col-first"><a href="%s" title="%s in %s">%s</a></div>\n<div class="col-last">'
                '<div class="block">%s</div></div>\n' % (doc.href(c.url), c.kind, pkg.name, c.name, doc.site.prose(1)))
        doc.links += 1
    doc.add("</div>\n</section>\n")
    doc.fill(pkg, 2, 1_000)
    javadoc_footer(doc)


def render_module(doc):
    m = doc.page.module
    javadoc_head(doc)
    javadoc_nav(doc, "Module")
    javadoc_sidebar(doc)
    doc.add('<main role="main">\n<div class="header">\n<h1 title="Module %s" class="title">Module %s</h1>\n</div>\n'
            % (m.name, m.name), '<section class="module-description">\n<div class="block">%s</div>\n</section>\n'
            % doc.paragraph(m.packages[0] if m.packages else None, 2),
            '<section class="packages-summary" id="packages-summary">\n<h2>Packages</h2>\n<table class="summary-table">\n'
            '<caption><span>Exports</span></caption>\n<tr><th>Package</th><th>Description</th></tr>\n')
    for p in m.packages:
        doc.add("<tr><td>%s</td><td>%s</td></tr>\n" % (doc.a(p.url, p.name, force=True), doc.site.prose(1)))
    doc.add("</table>\n</section>\n")
    doc.fill(m.packages[0] if m.packages else None, 2, 1_000)
    javadoc_footer(doc)


def render_api_overview(doc):
    javadoc_head(doc)
    javadoc_nav(doc, "Overview")
    javadoc_sidebar(doc)
    doc.add('<main role="main">\n<div class="header">\n<h1 class="title">Acme Crawl Toolkit 4.2 API</h1>\n</div>\n'
            '<div class="block">%s</div>\n<table class="summary-table">\n<caption><span>Modules</span></caption>\n'
            % doc.paragraph(None, 1))
    for m in doc.site.modules:
        doc.add("<tr><td>%s</td><td>%s</td></tr>\n" % (doc.a(m.url, m.name, force=True), doc.site.prose(1)))
    doc.add("</table>\n")
    doc.fill(None, 2, 1_000)
    javadoc_footer(doc)


def render_api_listing(doc):
    """All classes, all packages, the tree, the deprecated list and help: site-wide Javadoc pages."""
    kind = doc.page.kind
    site = doc.site
    javadoc_head(doc)
    javadoc_nav(doc, {"tree": "Tree", "deprecated": "Deprecated", "help": "Help"}.get(kind))
    javadoc_sidebar(doc)
    doc.add('<main role="main">\n<div class="header">\n<h1 title="%s" class="title">%s</h1>\n</div>\n'
            % (doc.page.title.split(" (")[0], doc.page.title.split(" (")[0]))
    if kind == "allclasses":
        doc.add('<div class="summary-table two-column-summary">\n')
        for i, c in enumerate(site.classes):
            # Written out rather than through a(): tens of thousands of calls on a big site.
            doc.add('<div class="col-first"><a href="%s" title="%s in %s">%s</a></div>\n<div class="col-last">'
                    '<div class="block">%s</div></div>\n' % (doc.href(c.url), c.kind, c.package.name, c.name,
                                                             site.sentences[i % len(site.sentences)][:140]))
            doc.links += 1
        doc.add("</div>\n")
    elif kind == "allpackages":
        for p in site.packages:
            doc.add('<div class="col-first">%s</div>\n<div class="col-last">%s</div>\n'
                    % (doc.a(p.url, p.name), site.prose(1)))
    elif kind == "tree":
        doc.add("<section class=\"hierarchy\">\n<h2 title=\"Class Hierarchy\">Class Hierarchy</h2>\n<ul>\n")
        for c in site.classes:
            if c.kind in ("class", "exception", "record", "enum"):
                doc.add('<li class="circle">%s.<a href="%s" class="type-name-link">%s</a></li>\n'
                        % (c.package.name, doc.href(c.url), c.name))
                doc.links += 1
        doc.add("</ul>\n</section>\n")
    elif kind == "deprecated":
        doc.add('<ul class="block-list">\n')
        for c in doc.rng.sample(site.classes, min(len(site.classes), 40)):
            doc.add("<li>%s<div class=\"deprecation-comment\">%s</div></li>\n" % (
                doc.a(c.url, "%s.%s" % (c.package.name, c.name), "method-summary"), site.prose(1)))
        doc.add("</ul>\n")
    doc.fill(None, 1, 1_000)
    javadoc_footer(doc)


def render_letter(doc):
    """An index-files page: members and classes whose names start with a letter; the big pages of the site."""
    site, rng = doc.site, doc.rng
    javadoc_head(doc)
    javadoc_nav(doc, "Index")
    javadoc_sidebar(doc)
    letters = sorted({p.letter for p in site.pages if p.kind == "letter"})
    doc.add('<main role="main">\n<div class="header">\n<h1>Index</h1>\n</div>\n<div class="index-letters">%s</div>\n'
            % "&nbsp;".join(doc.a("/api/index-files/index-%d.html" % i, chr(64 + min(i, 26)), force=True)
                            for i in letters),
            '<h2 class="title" id="I:%s">%s</h2>\n<dl class="index">\n' % (
                chr(64 + min(doc.page.letter, 26)), chr(64 + min(doc.page.letter, 26))))
    members = [c for c in site.classes if c.members]
    while doc.size + 1_200 < doc.target() and members:
        c = rng.choice(members)
        m = rng.choice(c.members)
        if doc.links + 2 <= doc.cap:
            doc.add('<dt><a href="%s#%s(%s)" class="member-name-link">%s(%s)</a> - Method in %s %s.<a href="%s" '
                    'title="%s in %s">%s</a></dt>\n<dd><div class="block">%s</div></dd>\n' % (
                        doc.href(c.url), m, rng.choice(PRIMITIVES), m, rng.choice(PRIMITIVES), c.kind, c.package.name,
                        doc.href(c.url), c.kind, c.package.name, c.name,
                        site.sentences[rng.randrange(len(site.sentences))]))
            doc.links += 2
        else:
            doc.add("<dt><code>%s</code> - Method in %s %s.%s</dt>\n<dd>%s</dd>\n" % (
                m, c.kind, c.package.name, c.name, site.prose(1)))
    doc.add("</dl>\n")
    javadoc_footer(doc)


# ---------------------------------------------------------------------------------------------------
# Sphinx-like pages (the guide) and the site's landing page.

SPHINX_OPTIONS_JS = """<script>
    const DOCUMENTATION_OPTIONS = {
        VERSION: '4.2',
        LANGUAGE: 'en',
        COLLAPSE_INDEX: false,
        BUILDER: 'html',
        FILE_SUFFIX: '.html',
        LINK_SUFFIX: '.html',
        HAS_SOURCE: true,
        SOURCELINK_SUFFIX: '.txt',
        NAVIGATION_WITH_KEYS: false,
        SHOW_SEARCH_SUMMARY: true,
        ENABLE_SEARCH_SHORTCUTS: true,
    };
    if (window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches && 1 < 2) {
        document.documentElement.dataset.theme = "dark";
    }
</script>"""

LD_JSON = """<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "TechArticle", "headline": "%s", "inLanguage": "en",
 "publisher": {"@type": "Organization", "name": "Acme Crawl Contributors"}}
</script>"""


def sphinx_head(doc, title):
    up = "../" * (doc.page.dir.count("/") - 2) if doc.page.dir != "/guide/" else ""
    if doc.page.url == "/":
        up = "guide/"
    doc.add('<!DOCTYPE html>\n\n<html lang="en" data-content_root="%s">\n  <head>\n    <meta charset="utf-8" />\n'
            % (up or "./"),
            '    <meta name="viewport" content="width=device-width, initial-scale=1.0" /><meta name="viewport" '
            'content="width=device-width, initial-scale=1" />\n',
            "    <title>%s</title>\n" % html.escape(title, quote=False),
            '    <link rel="stylesheet" type="text/css" href="%s_static/pygments.css?v=d1102ebc" />\n' % up,
            '    <link rel="stylesheet" type="text/css" href="%s_static/alabaster.css?v=12dfc556" />\n' % up,
            '    <script src="%s_static/documentation_options.js?v=5929fcd5"></script>\n' % up,
            '    <script src="%s_static/doctools.js?v=888ff710"></script>\n' % up,
            '    <script src="%s_static/sphinx_highlight.js?v=dc90522c"></script>\n' % up,
            SPHINX_OPTIONS_JS, "\n", LD_JSON % html.escape(title.split(" — ")[0], quote=False), "\n",
            '    <link rel="index" title="Index" href="%sgenindex.html" />\n' % up,
            '    <link rel="search" title="Search" href="%ssearch.html" />\n' % up,
            "    <style>\n      div.body { min-width: 360px; max-width: 940px; }\n      "
            "a.headerlink { visibility: hidden; }\n      h1:hover > a.headerlink { visibility: visible; }\n    </style>\n",
            "  </head><body>\n")


def sphinx_relbar(doc, prev, nxt):
    parts = ['<div class="related" role="navigation" aria-label="Related">\n<h3>Navigation</h3>\n<ul>\n',
             '<li class="right" style="margin-right: 10px">%s</li>\n' % doc.a("/guide/genindex.html", "index", force=True)]
    if nxt is not None:
        parts.append('<li class="right">%s |</li>\n' % doc.a(nxt.url, "next", force=True))
    if prev is not None:
        parts.append('<li class="right">%s |</li>\n' % doc.a(prev.url, "previous", force=True))
    parts.append('<li class="nav-item nav-item-0">%s &#187;</li>\n'
                 % doc.a("/guide/", "Acme Crawl Toolkit 4.2", force=True))
    if doc.page.chapter is not None and doc.page.kind == "section":
        parts.append("<li class=\"nav-item nav-item-1\">%s &#187;</li>\n"
                     % doc.a(doc.page.chapter.url, html.escape(doc.page.chapter.title), force=True))
    parts.append("</ul>\n</div>\n")
    doc.add("".join(parts))


def sphinx_sidebar(doc):
    """The global table of contents: every chapter, and the current chapter's sections."""
    site = doc.site
    here = doc.page.chapter
    doc.add('<div class="sphinxsidebar" role="navigation" aria-label="Main">\n<div class="sphinxsidebarwrapper">\n'
            '<h1 class="logo">%s</h1>\n<h3>Navigation</h3>\n<ul class="current">\n'
            % doc.a("/", "Acme Crawl", force=True))
    for ch in site.chapters:
        doc.add('<li class="toctree-l1%s">%s' % (" current" if ch is here else "",
                                                 doc.a(ch.url, html.escape(ch.title), cls="reference internal", force=True)))
        if ch is here:
            doc.add("<ul>\n%s</ul>\n" % "".join(
                '<li class="toctree-l2">%s</li>\n' % doc.a(s.url, html.escape(s.title.split(" — ")[0]),
                                                           cls="reference internal", force=True)
                for s in ch.sections[:60]))
        doc.add("</li>\n")
    doc.add('<li class="toctree-l1">%s</li>\n</ul>\n' % doc.a("/api/", "API reference (Javadoc)", force=True),
            '<h3>API by module</h3>\n<ul>\n%s</ul>\n' % "".join(
                "<li>%s</li>\n" % doc.a(m.url, "<code>%s</code>" % m.name, force=True) for m in site.modules[:12]),
            '<h3>Quick links</h3>\n<ul>\n%s</ul>\n' % "".join(
                "<li>%s</li>\n" % doc.a(url, label, force=True) for url, label in (
                    ("/api/allclasses-index.html", "All classes"), ("/api/allpackages-index.html", "All packages"),
                    ("/api/overview-tree.html", "Class hierarchy"), ("/api/index-files/index-1.html", "API index"),
                    ("/guide/genindex.html", "General index"), ("/", "Home"))),
            '<p class="search-page">%s</p>\n' % doc.a("/guide/search.html", "Search page", force=True),
            '<div id="searchbox" style="display: none" role="search">\n<h3 id="searchlabel">Quick search</h3>\n'
            '<div class="searchformwrapper">\n<form class="search" action="%s" method="get">\n'
            '<input type="text" name="q" aria-labelledby="searchlabel" autocomplete="off" />\n'
            '<input type="submit" value="Go" />\n</form>\n</div>\n</div>\n'
            '<script>document.getElementById(\'searchbox\').style.display = "block"</script>\n</div>\n</div>\n'
            % doc.href("/guide/search.html"))


def sphinx_footer(doc):
    doc.add('<div class="footer">\n&#169;2026, Acme Crawl Contributors &#8212; traduit en français, 日本語 '
            'und auf Deutsch.\n|\nPowered by %s &amp; %s\n|\n%s\n</div>\n' % (
                doc.offsite("/sphinx-doc/", "Sphinx 7.2.6"), doc.offsite("/alabaster/", "Alabaster 0.7.16"),
                doc.a("/api/help-doc.html", "Help", "search", force=True)),
            "</body>\n</html>\n")


def sphinx_page(doc, body):
    page = doc.page
    title = page.title.split(" — ")[0]
    prev = nxt = None
    if page.kind == "section":
        secs = page.chapter.sections
        i = secs.index(page)
        prev = secs[i - 1] if i > 0 else page.chapter.page
        nxt = secs[i + 1] if i + 1 < len(secs) else None
    sphinx_head(doc, page.title)
    # The sidebar, the second relbar and the footer come after the body and always carry their links:
    # keep room for them under the page's link budget.
    later = len(doc.site.chapters) + min(12, len(doc.site.modules)) + 20
    if page.chapter is not None:
        later += min(60, len(page.chapter.sections))
    doc.cap = max(30, doc.cap - later)
    sphinx_relbar(doc, prev, nxt)
    anchor = slug(getattr(page, "topic", title)) or "top"
    doc.add('<div class="document">\n<div class="documentwrapper">\n<div class="bodywrapper">\n'
            '<div class="body" role="main">\n<section id="%s">\n<h1>%s%s</h1>\n'
            % (anchor, html.escape(title), doc.local(anchor, "¶", "headerlink")))
    body()
    doc.add("</section>\n</div>\n</div>\n</div>\n")
    sphinx_sidebar(doc)
    doc.add('<div class="clearer"></div>\n</div>\n')
    sphinx_relbar(doc, prev, nxt)  # the classic theme repeats it below the page
    sphinx_footer(doc)


def render_section(doc):
    rng = doc.rng

    def body():
        doc.add(doc.paragraph(None, 3))
        k = 0
        reserve = 3_500 + 90 * min(60, len(doc.page.chapter.sections))  # sidebar and footer still to come
        while doc.size + reserve < doc.target():
            if rng.random() < 0.18:
                k += 1
                sub = "%s-%d" % (slug(rng.choice(SECTION_TOPICS)), k)
                doc.add('<section id="%s">\n<h2>%s%s</h2>\n</section>\n'
                        % (sub, html.escape(sub.replace("-", " ").capitalize()), doc.local(sub, "¶", "headerlink", force=False)))
            doc.add(doc.filler(None, 3))

    sphinx_page(doc, body)


def render_chapter(doc):
    ch = doc.page.chapter

    def body():
        doc.add(doc.paragraph(None, 2), '<div class="toctree-wrapper compound">\n<ul>\n')
        for s in ch.sections:
            doc.add('<li class="toctree-l1">%s</li>\n' % doc.a(s.url, html.escape(s.title.split(" — ")[0]),
                                                                cls="reference internal", force=True))
        doc.add("</ul>\n</div>\n")
        doc.fill(None, 2, 3_000)

    sphinx_page(doc, body)


def render_guide_toc(doc):
    def body():
        doc.add(doc.paragraph(None, 2), '<div class="toctree-wrapper compound">\n<ul>\n')
        for ch in doc.site.chapters:
            doc.add('<li class="toctree-l1">%s<ul>\n%s</ul></li>\n' % (
                doc.a(ch.url, html.escape(ch.title), cls="reference internal", force=True),
                "".join('<li class="toctree-l2">%s</li>\n' % doc.a(s.url, html.escape(s.title.split(" — ")[0]),
                                                                   force=True) for s in ch.sections[:8])))
        doc.add("</ul>\n</div>\n")
        doc.fill(None, 2, 3_000)

    sphinx_page(doc, body)


def render_genindex(doc):
    rng = doc.rng

    def body():
        sections = [s for ch in doc.site.chapters for s in ch.sections]
        doc.add('<div class="genindex-jumpbox">%s</div>\n<table style="width: 100%%" class="indextable genindextable">'
                '<tr>\n<td style="width: 33%%; vertical-align: top;"><ul>\n'
                % " | ".join(doc.local("_" + chr(c), "<strong>%s</strong>" % chr(c)) for c in range(65, 91)))
        while doc.size + 4_000 < doc.target() and doc.links < doc.cap and sections:
            s = rng.choice(sections)
            doc.add("<li>%s (%s)</li>\n" % (rng.choice(CORE).lower(), doc.a(
                s.url, html.escape(s.title.split(" — ")[0]), slug(getattr(s, "topic", "top")))))
        doc.add("</ul></td>\n</tr></table>\n")
        doc.fill(None, 0, 3_000)

    sphinx_page(doc, body)


def render_search(doc):
    def body():
        doc.add('<noscript>\n<div class="admonition warning">\n<p>Please activate JavaScript to enable the search '
                'functionality.</p>\n</div>\n</noscript>\n<p>Searching for multiple words only shows matches that '
                'contain all words.</p>\n<form action="" method="get">\n<input type="text" name="q" value="" />\n'
                '<input type="submit" value="search" />\n</form>\n<div id="search-results"></div>\n'
                '<script src="searchindex.js" defer></script>\n')

    sphinx_page(doc, body)


def render_root(doc):
    site = doc.site
    doc.page.chapter = None

    def body():
        doc.add(doc.paragraph(None, 2),
                "<p>The two halves of the documentation: the %s, and the %s.</p>\n" % (
                    doc.a("/guide/", "user guide", force=True), doc.a("/api/", "API reference", force=True)),
                '<table class="docutils">\n<tr><th>Module</th><th>Packages</th></tr>\n')
        for m in site.modules:
            doc.add("<tr><td>%s</td><td>%d</td></tr>\n" % (doc.a(m.url, m.name, force=True), len(m.packages)))
        doc.add("</table>\n<ul>\n%s</ul>\n" % "".join(
            "<li>%s</li>\n" % doc.a(url, label, force=True) for url, label in (
                ("/api/allclasses-index.html", "All classes"), ("/api/allpackages-index.html", "All packages"),
                ("/api/overview-tree.html", "Class hierarchy"), ("/api/deprecated-list.html", "Deprecated"),
                ("/api/index-files/index-1.html", "Index"), ("/guide/genindex.html", "Guide index"))))
        doc.fill(None, 2, 3_000)

    sphinx_page(doc, body)


RENDERERS = {
    "class": render_class, "package": render_package, "module": render_module, "api-overview": render_api_overview,
    "allclasses": render_api_listing, "allpackages": render_api_listing, "tree": render_api_listing,
    "deprecated": render_api_listing, "help": render_api_listing, "letter": render_letter,
    "section": render_section, "chapter": render_chapter, "guide-toc": render_guide_toc, "genindex": render_genindex,
    "search": render_search, "root": render_root,
}

# Assets the pages refer to with <link> and <script src>: not pages (no crawler fetches them), but present,
# so a browser would render the site and nothing on it is a dangling reference.
ASSETS = {
    "api/stylesheet.css": "body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 0; }\n"
                          ".flex-box { position: fixed; display: flex; flex-direction: column; }\n",
    "api/script-dir/jquery-ui.min.css": "/*! jQuery UI - v1.13.2 (placeholder for the benchmark) */\n",
    "api/script.js": "var moduleSearchIndex, packageSearchIndex, typeSearchIndex, memberSearchIndex;\n"
                     "function loadScripts(doc, tag) { createElem(doc, tag, 'search.js'); }\n"
                     "function createElem(doc, tag, path) { var s = doc.createElement(tag); var e = "
                     "doc.getElementsByTagName(tag)[0]; s.src = pathtoroot + path; e.parentNode.insertBefore(s, e); }\n",
    "api/script-dir/jquery-3.6.1.min.js": "/*! jQuery v3.6.1 (placeholder for the benchmark) */\n",
    "api/search.js": "function show(tableId, selected, columns) { return columns > 0; }\n",
    "guide/_static/pygments.css": ".highlight .k { color: #007020; font-weight: bold }\n",
    "guide/_static/alabaster.css": "div.document { width: 940px; margin: 30px auto 0 auto; }\n",
    "guide/_static/documentation_options.js": "// see the inline DOCUMENTATION_OPTIONS\n",
    "guide/_static/doctools.js": "const Documentation = { init: () => {} };\n",
    "guide/_static/sphinx_highlight.js": "const SphinxHighlight = { highlightSearchWords: () => {} };\n",
    "guide/searchindex.js": "Search.setIndex({\"docnames\": []})\n",
}


# ---------------------------------------------------------------------------------------------------
# Checks and figures.

# Site-wide lists (every class, every package, the index letters, the guide's index): they link to
# hundreds or thousands of pages, as Javadoc's and Sphinx's do; every other page is an "ordinary" one.
LISTING_KINDS = ("allclasses", "allpackages", "tree", "letter", "genindex")
HREF = re.compile(r'<a\s[^>]*?href="([^"]*)"')


def check_and_measure(root_dir, paths, listings=()):
    """Every same-host link names a page of the list; every page is reachable from /; the figures."""
    origin = "http://docs.test"
    known = set(paths)
    sizes, link_counts, distinct_counts = [], [], []
    fragments = off_host = root_relative = other_schemes = total = 0
    graph = {}
    broken = []
    for path in paths:
        file = os.path.join(root_dir, (path + "index.html" if path.endswith("/") else path).lstrip("/"))
        with open(file, "rb") as f:
            data = f.read()
        sizes.append(len(data))
        text = data.decode("utf-8")
        hrefs = [html.unescape(h) for h in HREF.findall(text)]
        link_counts.append(len(hrefs))
        total += len(hrefs)
        targets = set()
        base = origin + path
        for h in hrefs:
            if h.startswith(("mailto:", "javascript:")):
                other_schemes += 1
                continue
            if "#" in h:
                fragments += 1
            if h.startswith("/"):
                root_relative += 1
            url = urldefrag(urljoin(base, h))[0]
            parts = urlsplit(url)
            if parts.netloc != "docs.test":
                off_host += 1
                if not parts.hostname or not parts.hostname.startswith("127."):
                    broken.append((path, h))
                continue
            if parts.path not in known or parts.query:
                broken.append((path, h))
                continue
            targets.add(parts.path)
        distinct_counts.append(len(targets))
        graph[path] = targets
    if broken:
        raise RuntimeError("%d links name no page, e.g. %s" % (len(broken), broken[:5]))
    depth = {"/": 0}
    frontier = ["/"]
    while frontier:
        nxt = []
        for p in frontier:
            for t in graph[p]:
                if t not in depth:
                    depth[t] = depth[p] + 1
                    nxt.append(t)
        frontier = nxt
    unreachable = known - set(depth)
    if unreachable:
        raise RuntimeError("%d pages unreachable from /, e.g. %s" % (len(unreachable), sorted(unreachable)[:5]))
    listings = set(listings)
    ordinary = sorted(c for c, p in zip(link_counts, paths) if p not in listings)
    return {
        "pages": len(paths),
        "bytes": sum(sizes),
        "size_median": statistics.median(sizes),
        "size_mean": statistics.mean(sizes),
        "size_p90": sorted(sizes)[int(0.9 * len(sizes))],
        "size_max": max(sizes),
        "size_min": min(sizes),
        "pages_over_1mib": sum(1 for s in sizes if s >= 1_048_576),
        "links_total": total,
        "links_median": statistics.median(link_counts),
        "links_mean": statistics.mean(link_counts),
        "links_min": min(link_counts),
        "links_max": max(link_counts),
        "links_ordinary_min": ordinary[0] if ordinary else None,
        "links_ordinary_max": ordinary[-1] if ordinary else None,
        "distinct_same_host_targets_mean": statistics.mean(distinct_counts),
        "links_with_fragment": fragments,
        "links_root_relative": root_relative,
        "links_off_host": off_host,
        "links_mailto_javascript": other_schemes,
        "distinct_link_targets": len(set().union(*graph.values())),
        "max_depth_from_root": max(depth.values()),
    }


def describe(stats):
    return ("%d pages, %.1f MB; size median %.1f KB, mean %.1f KB, p90 %.1f KB, max %.2f MiB, %d pages >= 1 MiB; "
            "links per page median %d, mean %.0f, min %d, max %d (ordinary pages %s-%s); %.0f distinct same-host "
            "targets per page; %d links: %.0f%% with a fragment, %d root-relative, %d off-host, %d mailto:/javascript:; "
            "deepest page %d links from /"
            % (stats["pages"], stats["bytes"] / 1e6, stats["size_median"] / 1e3, stats["size_mean"] / 1e3,
               stats["size_p90"] / 1e3, stats["size_max"] / 1_048_576, stats["pages_over_1mib"],
               stats["links_median"], stats["links_mean"], stats["links_min"], stats["links_max"],
               stats["links_ordinary_min"], stats["links_ordinary_max"], stats["distinct_same_host_targets_mean"],
               stats["links_total"], 100.0 * stats["links_with_fragment"] / max(1, stats["links_total"]),
               stats["links_root_relative"], stats["links_off_host"], stats["links_mailto_javascript"],
               stats["max_depth_from_root"]))


# ---------------------------------------------------------------------------------------------------
# The cache.

@dataclass
class GeneratedSite:
    dir: str  # holds site/, pages.txt, stats.json
    paths: list  # URL paths of every page, "/" first
    stats: dict

    @property
    def root(self):
        return os.path.join(self.dir, "site")

    @property
    def pages_file(self):
        return os.path.join(self.dir, "pages.txt")


def ensure_site(pages, seed=1, work_dir=os.path.join(HERE, ".work"), log=sys.stderr):
    """The site of these parameters: from the cache, or generated into it (temp dir, then rename)."""
    name = "docs-site-n%d-s%d-v%d" % (pages, seed, VERSION)
    final = os.path.join(work_dir, name)
    if not os.path.exists(os.path.join(final, "stats.json")):
        os.makedirs(work_dir, exist_ok=True)
        tmp = os.path.join(work_dir, ".%s.tmp-%d" % (name, os.getpid()))
        shutil.rmtree(tmp, ignore_errors=True)
        started = time.monotonic()
        print("docs site: generating %d pages (seed %d) into %s" % (pages, seed, final), file=log, flush=True)
        site = Site(pages, seed)
        site.render_all(os.path.join(tmp, "site"))
        paths = [p.url for p in site.pages]
        listings = [p.url for p in site.pages if p.kind in LISTING_KINDS]
        stats = check_and_measure(os.path.join(tmp, "site"), paths, listings)
        stats.update(seed=seed, generator_version=VERSION, seconds=round(time.monotonic() - started, 1))
        with open(os.path.join(tmp, "pages.txt"), "w") as f:
            f.write("".join(p + "\n" for p in paths))
        with open(os.path.join(tmp, "stats.json"), "w") as f:
            json.dump(stats, f, indent=1)
        try:
            os.rename(tmp, final)
        except OSError:
            # Another run finished the same site first: theirs is as good as ours.
            shutil.rmtree(tmp, ignore_errors=True)
            if not os.path.exists(os.path.join(final, "stats.json")):
                raise
        print("docs site: generated in %.0f s: %s" % (time.monotonic() - started, describe(stats)), file=log,
              flush=True)
    with open(os.path.join(final, "pages.txt")) as f:
        paths = [line.rstrip("\n") for line in f if line.strip()]
    with open(os.path.join(final, "stats.json")) as f:
        stats = json.load(f)
    return GeneratedSite(final, paths, stats)


def main(argv):
    p = argparse.ArgumentParser(description="Generate (or find in the cache) the benchmark's documentation site.")
    p.add_argument("--pages", type=int, default=10000, help="pages of the site")
    p.add_argument("--seed", type=int, default=1, help="random seed; the site is a function of pages and seed")
    p.add_argument("--work-dir", default=os.path.join(HERE, ".work"), help="where the cached sites live")
    args = p.parse_args(argv)
    site = ensure_site(args.pages, args.seed, args.work_dir)
    print(site.dir)
    print(describe(site.stats))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
