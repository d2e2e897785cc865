package org.kcrawl.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.kcrawl.common.config.KafkaEnv;
import org.kcrawl.common.config.Setting;
import org.kcrawl.common.config.SettingList;
import org.kcrawl.cli.recrawl.RecrawlSelection;
import org.kcrawl.common.kafka.KafkaClients;
import org.kcrawl.common.runtime.UsageException;
import org.kcrawl.common.topic.CrawlTopics;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.parser.ParserConfig;
import org.kcrawl.http.client.HeaderRules;
import org.kcrawl.http.client.ProxySettings;
import org.kcrawl.parser.content.ContentMode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options every crawl takes, shared by {@code crawl URL...} and {@code crawl demo}. */
final class CrawlOptions {
    @Option(names = "--out", paramLabel = "FILE", defaultValue = "records.jsonl",
            description = "Where records go, as JSON Lines; - for stdout (default: ${DEFAULT-VALUE}).")
    String out;

    @Option(names = "--content", paramLabel = "main|full|none",
            description = "Which text records carry in \"text\": main (the page's main content, without its "
                    + "navigation, header, footer, sidebars, comments and ads), full (all visible text) or none (no "
                    + "text, hashes nor metadata: records as before, for crawls that only want links) (default: "
                    + "main, or the parser's content in --config).")
    String content;

    @Option(names = "--markdown",
            description = "Also give each record's main content as Markdown, links and images with absolute URLs, "
                    + "in \"markdown\".")
    boolean markdown;

    @Option(names = "--fetch-only",
            description = "Download the seed URLs without parsing them or following links (nor robots.txt "
                    + "sitemaps): --out gets one line per fetched page (url, final_url, status, content_type, "
                    + "bytes, truncated, redirect_to, fetched_at, fetch_ms). Redirects in scope are still "
                    + "followed. Refused under a --crawl-name whose pages parsers read (see docs/crawl-command.md).")
    boolean fetchOnly;

    @Option(names = "--failures", paramLabel = "FILE", defaultValue = "failures.jsonl",
            description = "Where failures go, as JSON Lines (default: ${DEFAULT-VALUE}).")
    String failures;

    @Option(names = "--max-pages", paramLabel = "N",
            description = "Stop after N pages (default: no limit).")
    Long maxPages;

    @Option(names = "--max-depth", paramLabel = "N",
            description = "Follow links at most N hops from a seed (default: 5).")
    Integer maxDepth;

    @Option(names = "--scope", paramLabel = "host|domain|any",
            description = "Which links to follow: host (stay on the seeds' hosts), domain or any "
                    + "(default: host).")
    Scope scope;

    @Option(names = {"--allow-patterns", "--allow"}, paramLabel = "REGEX",
            description = "Follow only URLs in which one of these regular expressions is found (anchor with ^ "
                    + "and $ for the whole URL); links, sitemap entries and redirects alike, seeds excepted. "
                    + "Repeatable; given, it replaces allow_patterns of --config.")
    List<String> allow;

    @Option(names = {"--deny-patterns", "--deny"}, paramLabel = "REGEX",
            description = "Follow no URL in which one of these regular expressions is found; links, sitemap "
                    + "entries and redirects alike, seeds excepted. Repeatable; given, it replaces deny_patterns "
                    + "of --config.")
    List<String> deny;

    @Option(names = "--no-parent",
            description = "Stay under the seeds' directories, as wget --no-parent: follow a URL only when its path "
                    + "is under the directory of a seed on its site, the seed's path up to its last / (seed "
                    + "http://h/docs/ or http://h/docs/a.html: /docs/; http://h/docs: all of h). With several seeds, "
                    + "under any of them on its site. A seed that redirects moves: its target's directory joins "
                    + "(its own stays), and the redirect is followed wherever it leads. Redirects of other pages "
                    + "must stay under. Sets no_parent of --config.")
    Boolean noParent;

    @Option(names = "--rate", paramLabel = "R",
            description = "Requests per second per host (default: 1).")
    Double rate;

    @Option(names = "--per-host", paramLabel = "N",
            description = "Concurrent requests per host (default: 2).")
    Integer perHost;

    @Option(names = {"--per-address", "--per-ip"}, paramLabel = "N",
            description = "Concurrent requests per IP address, over all hosts behind it (default: same as "
                    + "--per-host, at least 8; a per_address in --config counts as set).")
    Integer perAddress;

    @Option(names = "--concurrency", paramLabel = "N",
            description = "Requests in flight over all hosts (default: 256).")
    Integer concurrency;

    @Option(names = "--allow-private",
            description = "Allow loopback, private, link-local and metadata addresses (refused by default).")
    boolean allowPrivate;

    @Option(names = "--ignore-robots", description = "Do not obey robots.txt.")
    boolean ignoreRobots;

    @Option(names = {"--proxies", "--proxy"}, paramLabel = "URL",
            description = "Fetch through this proxy: http://[USER:PASSWORD@]HOST:PORT (HTTP CONNECT) or "
                    + "socks5://[USER:PASSWORD@]HOST:PORT. Repeat it for several: each host keeps one "
                    + "(proxy_mode in --config), a proxy that is down is skipped for a minute.")
    List<String> proxies = new ArrayList<>();

    @Option(names = {"--headers", "--header"}, paramLabel = "'NAME: VALUE'",
            description = "Send this header with every request, robots.txt included (repeatable); "
                    + "for one site only, use host_headers in --config.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT",
            description = "Use this Kafka cluster instead of starting an embedded broker; "
                    + "KAFKA_<PROPERTY> variables reach its clients (KAFKA_SECURITY_PROTOCOL=SASL_SSL, ...).")
    String bootstrap;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Keep the embedded broker's data here, so a crawl can be resumed (default: a temp dir).")
    Path dataDir;

    @Option(names = "--crawl-name", paramLabel = "NAME",
            description = "Prefix of the crawl's topics and groups (default: crawl).")
    String crawlName;

    @Option(names = "--partitions", paramLabel = "N",
            description = "Partitions of new topics (default: 4).")
    Integer partitions;

    @Option(names = "--config", paramLabel = "FILE",
            description = "YAML file with 'crawl:' settings (what every worker shares) and 'fetcher:', 'parser:',"
                    + " 'renderer:' and 'archiver:' ones; options given here win.")
    Path config;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Option(names = {"--render-patterns", "--render"}, paramLabel = "REGEX",
            description = "Render URLs in which REGEX is found in headless Chromium (their scripts run; every "
                    + "request they make is fetched politely by the crawler), instead of fetching them as they are. "
                    + "Repeatable. Needs Debian's chromium (or renderer.browser_path).")
    List<String> render = new ArrayList<>();

    @Option(names = "--render-auto",
            description = "Render the fetched HTML pages that look built by scripts (little text, an empty "
                    + "script-mounted root); the others are parsed as fetched.")
    boolean renderAuto;

    @Option(names = "--recrawl-after", paramLabel = "DURATION",
            description = "Fetch again, conditionally (If-None-Match, If-Modified-Since), every URL the crawl "
                    + "already knows that was last fetched longer ago than DURATION (0s, 12h, 7d): a 304 "
                    + "gives a record with \"not_modified\": true. Needs the crawl's state (--data-dir or "
                    + "--bootstrap).")
    String recrawlAfter;

    @Option(names = "--warc", paramLabel = "DIR",
            description = "Also write every fetched page to WARC 1.1 files in DIR (request and response records, "
                    + "a revisit for a recrawl's 304, a CDXJ index beside each file); settings of an 'archiver:' "
                    + "section in --config apply (max_file_bytes, prefix, ...).")
    Path warc;

    @Option(names = "--recrawl-due",
            description = "Fetch again, conditionally, every known URL whose next fetch date (its revisit "
                    + "interval, see docs/crawl-command.md) has come.")
    boolean recrawlDue;

    /** The command this mixin's options belong to, for the arguments as given and the error stream. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /**
     * Settings this command starts the fetcher from (and the parser, for {@code max_depth}), under the
     * {@code --config} file and the options: {@code crawl demo}'s pace for its synthetic web.
     */
    Map<String, Object> startingSettings = Map.of();

    /**
     * Checks ranges that picocli's type conversion cannot; throws a one-line {@link UsageException}. An
     * option not given is null, so the {@code --config} file (or the workers' defaults) decides it.
     */
    void validate() {
        warnOfOldNames();
        withinBound(FetcherConfig.SETTINGS, "max_pages", maxPages);
        withinBound(FetcherConfig.SETTINGS, "max_depth", maxDepth);
        withinBound(FetcherConfig.SETTINGS, "rate", rate);
        withinBound(FetcherConfig.SETTINGS, "per_host", perHost);
        if (perAddress != null && perAddress == FetcherConfig.PER_ADDRESS_OF_PER_HOST) {
            // In a file 0 means "unset"; an option given is a cap, and leaving it out is how to unset it.
            throw new UsageException("--per-address must be >= 1 but was 0; to fix, give --per-address a value that is"
                    + " >= 1, or remove it to get the same as --per-host (at least 8)");
        }
        withinBound(FetcherConfig.SETTINGS, "per_address", perAddress);
        withinBound(FetcherConfig.SETTINGS, "concurrency", concurrency);
        withinBound(FetcherConfig.SETTINGS, "partitions", partitions);
        if (bootstrap != null && !KafkaClients.BOOTSTRAP_LIST.matcher(bootstrap).matches()) {
            throw new UsageException("--bootstrap must be HOST:PORT[,HOST:PORT...], got '" + bootstrap + "'");
        }
        if (bootstrap != null && dataDir != null) {
            throw new UsageException("--data-dir is for the embedded broker; it cannot be used with --bootstrap");
        }
        if (crawlName != null && !CrawlTopics.isLegalName(crawlName)) {
            throw new UsageException("--crawl-name may only use letters, digits, '.', '_' and '-', got '"
                    + crawlName + "'");
        }
        patterns("--allow-patterns", allow);
        patterns("--deny-patterns", deny);
        for (String regex : render) {
            try {
                java.util.regex.Pattern.compile(regex);
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new UsageException("--render-patterns '" + regex + "' is not a regular expression: "
                        + e.getDescription());
            }
        }
        validateContent();
        if (renderAuto && fetchOnly) {
            throw new UsageException("--render-auto needs the parser, which --fetch-only does not run");
        }
        if (config != null && !java.nio.file.Files.isRegularFile(config)) {
            throw new UsageException("--config " + config + " does not exist");
        }
        if (recrawlAfter != null && recrawlDue) {
            throw new UsageException("--recrawl-after and --recrawl-due choose the URLs to fetch again two ways;"
                    + " give one");
        }
        if (recrawlAfter != null) {
            try {
                RecrawlSelection.parseAge(recrawlAfter);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--recrawl-after: " + e.getMessage());
            }
        }
        if ((recrawlAfter != null || recrawlDue) && dataDir == null && bootstrap == null) {
            // A crawl in a temporary directory knows no URL: the recrawl would silently fetch nothing again.
            throw new UsageException((recrawlDue ? "--recrawl-due" : "--recrawl-after") + " needs the crawl that"
                    + " ran before: give its --data-dir DIR (or --bootstrap HOST:PORT for a cluster)");
        }
        for (String proxy : proxies) {
            try {
                ProxySettings.parse(proxy);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--proxies: " + e.getMessage());
            }
        }
        headerMap();
        clusterClientSettings(System.getenv());
    }

    /**
     * Warns, one line each, of the options given by an old name, which their settings' declarations keep as a
     * deprecated alias of the option named after the setting's key.
     */
    private void warnOfOldNames() {
        if (spec == null || spec.commandLine() == null || spec.commandLine().getParseResult() == null) {
            return;
        }
        Map<String, String> current = new HashMap<>();
        for (SettingList settings : List.of(CrawlSection.SETTINGS, FetcherConfig.SETTINGS, ParserConfig.SETTINGS)) {
            for (Setting setting : settings.settings()) {
                setting.oldOptions().forEach(old -> current.put(old, setting.option()));
            }
        }
        Map<String, String> warned = new LinkedHashMap<>();
        for (String arg : spec.commandLine().getParseResult().originalArgs()) {
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (current.containsKey(name)) {
                warned.putIfAbsent(name, current.get(name));
            }
        }
        warned.forEach((old, now) -> spec.commandLine().getErr().println("crawl: " + old + " is deprecated: use " + now
                + " (the same option, named after its setting)"));
    }

    /**
     * Refuses {@code value} of the option of setting {@code key} (null: not given) when it is outside the
     * setting's declared bound, with the declaration's message naming the option.
     */
    private static void withinBound(SettingList settings, String key, Object value) {
        Setting setting = settings.get(key);
        if (value == null) {
            return;
        }
        try {
            setting.check(value, setting.option());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static void patterns(String option, List<String> regexes) {
        for (String regex : regexes == null ? List.<String>of() : regexes) {
            try {
                java.util.regex.Pattern.compile(regex);
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new UsageException(option + " '" + regex + "' is not a regular expression: " + e.getDescription());
            }
            if (regex.isEmpty()) {
                throw new UsageException(option + " needs a regular expression, got an empty one");
            }
        }
    }

    /** Checks {@code --content} and {@code --markdown}, which the parser's settings check again with the file's. */
    private void validateContent() {
        ContentMode mode = null;
        if (content != null) {
            try {
                mode = ContentMode.parse(content);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--content must be main, full or none, got '" + content + "'");
            }
        }
        if (markdown && mode == ContentMode.NONE) {
            throw new UsageException("--markdown gives the text as Markdown, which --content none leaves out: give "
                    + "--content main or full");
        }
    }

    /**
     * The {@code --header} options as a map, in their order, a later one of the same name winning;
     * throws a {@link UsageException} naming the first that is not {@code Name: value}.
     */
    Map<String, String> headerMap() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String header : headers) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new UsageException("--headers must be 'Name: value', got '" + header + "'");
            }
            String name = header.substring(0, colon).strip();
            String value = header.substring(colon + 1).strip();
            try {
                HeaderRules.checkName(name, "--headers");
                HeaderRules.checkValue("--headers " + name, value);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            out.put(name, value);
        }
        return out;
    }

    /**
     * The Kafka client settings of a crawl on a cluster ({@code --bootstrap}): the {@code KAFKA_*}
     * variables of {@code env}, as the admin commands and the workers take them (security settings,
     * for example), refused when they would weaken the delivery guarantee. None for the embedded broker,
     * which listens on loopback in plain text whatever the variables say.
     *
     * @throws org.kcrawl.common.config.ConfigException naming a refused variable
     */
    Map<String, String> clusterClientSettings(Map<String, String> env) {
        if (bootstrap == null) {
            return Map.of();
        }
        Map<String, String> settings = new HashMap<>(KafkaEnv.clientOverrides(env));
        settings.remove(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        return settings;
    }

    /** The URLs this run fetches again, chosen at {@code now}; null when it is no recrawl. */
    RecrawlSelection recrawl(java.time.Instant now) {
        if (recrawlAfter != null) {
            return RecrawlSelection.olderThan(RecrawlSelection.parseAge(recrawlAfter), now);
        }
        return recrawlDue ? RecrawlSelection.due(now) : null;
    }

    /** The records file, or null for stdout. */
    Path outPath() {
        return "-".equals(out) ? null : Path.of(out);
    }

    /** The failures file, or null for stdout. */
    Path failuresPath() {
        return "-".equals(failures) ? null : Path.of(failures);
    }
}
