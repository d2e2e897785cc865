package org.kcrawl.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.config.ConfigException;
import org.kcrawl.common.redirect.RedirectRules;
import org.kcrawl.common.scope.CrawlSites;
import org.kcrawl.parser.content.ContentMode;
import org.kcrawl.parser.content.ContentOptions;
import org.kcrawl.parser.record.FieldRule;
import org.kcrawl.common.scope.ScopeMode;

class ParserConfigTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAreValidAndDocumented() {
        ParserConfig c = ParserConfig.defaults();
        assertThat(c.crawlName()).isEqualTo("crawl");
        assertThat(c.scopeConfig().scope()).isEqualTo(ScopeMode.HOST);
        assertThat(c.scopeConfig().maxDepth()).isEqualTo(5);
        assertThat(c.scopeConfig().maxUrlLength()).isEqualTo(2048);
        assertThat(c.maxParseBytes()).isEqualTo(2 * 1024 * 1024);
        assertThat(c.stripParams()).contains("utm_*", "jsessionid", "phpsessid", "sid", "gclid", "fbclid");
        assertThat(c.effectiveThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(c.queueCapacity()).isGreaterThanOrEqualTo(c.maxPending() + c.maxPollRecords());
        assertThat(c.topics().parserGroup()).isEqualTo("crawl.parser");
    }

    @Test
    void recordsCarryTheMainTextByDefaultWithoutMarkdown() {
        assertThat(ParserConfig.defaults().contentOptions()).isEqualTo(ContentOptions.DEFAULTS);
        assertThat(ParserConfig.defaults().content()).isEqualTo("main");
    }

    @Test
    void bindsTheContentSettingsFromAFileAndTheEnvironment() throws IOException {
        Path file = dir.resolve("parser.yaml");
        Files.writeString(file, """
                content: FULL
                markdown: true
                max_text_chars: 5000
                """);
        ParserConfig c = ParserConfig.load(file, Map.of());
        assertThat(c.contentOptions()).isEqualTo(new ContentOptions(ContentMode.FULL, true, 5000));
        assertThat(c.content()).as("as a file would say it").isEqualTo("full");

        ParserConfig none = ParserConfig.load(file, Map.of("KCRAWL_PARSER_CONTENT", "none",
                "KCRAWL_PARSER_MARKDOWN", "false"));
        assertThat(none.contentOptions().mode()).isEqualTo(ContentMode.NONE);
        assertThat(none.withKafka("other", "h:1").contentOptions()).as("kept by the copies")
                .isEqualTo(none.contentOptions());
    }

    @Test
    void refusesContentSettingsSayingHowToFixThem() {
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_CONTENT", "article")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("content").hasMessageContaining("main, full, none").hasMessageContaining("article");
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_MAX_TEXT_CHARS", "999")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("max_text_chars must be >= 1000 but was 999; to fix, give max_text_chars a value"
                        + " that is >= 1000, or remove it to get the default (200000)");
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_CONTENT", "none",
                "KCRAWL_PARSER_MARKDOWN", "true")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("markdown").hasMessageContaining("set content to main or full, or markdown to false");
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_MARKDOWN", "sometimes")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'markdown'");
    }

    @Test
    void followsMetaRefreshesByTheFetchersRulesWithItsOwnNormalizerAndScope() {
        ParserConfig defaults = ParserConfig.defaults();
        assertThat(defaults.maxRedirectHops()).isEqualTo(5);
        assertThat(defaults.maxRefreshDelay()).isEqualTo(Duration.ofSeconds(100));

        ParserConfig c = ParserConfig.load(null, Map.of("KCRAWL_PARSER_MAX_REDIRECT_HOPS", "2",
                "KCRAWL_PARSER_MAX_REFRESH_DELAY", "PT5S", "KCRAWL_PARSER_SCOPE", "domain"));
        RedirectRules rules = c.redirectRules(CrawlSites.of(List.of("seed.example.net")));

        assertThat(rules.maxHops()).isEqualTo(2);
        assertThat(rules.maxRefreshDelay()).isEqualTo(Duration.ofSeconds(5));
        assertThat(rules.normalizer().apply("http://a.example/x?utm_source=y")).isEqualTo("http://a.example/x");
        assertThat(rules.scope().allows("http://a.example.org/", "http://b.example.org/")).as("domain scope").isTrue();
        assertThat(rules.scope().coversEverywhere("http://www.seed.example.net/")).as("the crawl's sites").isTrue();
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_MAX_REFRESH_DELAY", "-PT1S")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("max_refresh_delay");
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_MAX_REDIRECT_HOPS", "-1")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("max_redirect_hops");
    }

    @Test
    void bindsAYamlFileWithExtractionRules() throws IOException {
        Path file = dir.resolve("parser.yaml");
        Files.writeString(file, """
                crawl_name: shop-crawl
                scope: domain
                max_depth: 3
                parse_time_budget: PT0.5S
                deny_patterns: ['\\.pdf$']
                extract:
                  - name: product
                    url_pattern: '/p/'
                    fields:
                      price: { selector: 'span.price' }
                      images: { selector: 'img', attr: 'abs:src', all: true }
                """);
        ParserConfig c = ParserConfig.load(file, Map.of());

        assertThat(c.crawlName()).isEqualTo("shop-crawl");
        assertThat(c.scopeConfig().scope()).isEqualTo(ScopeMode.DOMAIN);
        assertThat(c.scopeConfig().maxDepth()).isEqualTo(3);
        assertThat(c.parseTimeBudget()).isEqualTo(Duration.ofMillis(500));
        assertThat(c.scopeConfig().denyPatterns()).containsExactly("\\.pdf$");
        assertThat(c.maxOutlinks()).as("unset keys keep their defaults").isEqualTo(500);
        assertThat(c.extract()).hasSize(1);
        assertThat(c.extract().get(0).fields()).containsEntry("price", FieldRule.text("span.price"))
                .containsEntry("images", new FieldRule("img", "abs:src", true));
    }

    @Test
    void environmentVariablesOverrideTheFile() throws IOException {
        Path file = dir.resolve("parser.yaml");
        Files.writeString(file, "max_depth: 3\n");
        ParserConfig c = ParserConfig.load(file, Map.of(
                "KCRAWL_PARSER_MAX_DEPTH", "9",
                "KCRAWL_PARSER_SCOPE", "any",
                "KCRAWL_PARSER_THREADS", "3",
                "KCRAWL_PARSER_DRAIN_TIMEOUT", "PT5S",
                "UNRELATED", "x"));

        assertThat(c.scopeConfig().maxDepth()).isEqualTo(9);
        assertThat(c.scopeConfig().scope()).isEqualTo(ScopeMode.ANY);
        assertThat(c.effectiveThreads()).isEqualTo(3);
        assertThat(c.drainTimeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void replicationIsTheSettingsNameAndTheOldReplicationFactorStillWorks() throws IOException {
        Path file = dir.resolve("parser.yaml");
        Files.writeString(file, "replication_factor: 2\n");
        assertThat(ParserConfig.load(file, Map.of()).topicLayout().replication()).isEqualTo((short) 2);
        assertThat(ParserConfig.load(null, Map.of("KCRAWL_PARSER_REPLICATION", "3")).topicLayout().replication())
                .isEqualTo((short) 3);
        assertThat(ParserConfig.load(null, Map.of("KCRAWL_PARSER_REPLICATION_FACTOR", "3")).topicLayout()
                .replication()).isEqualTo((short) 3);
    }

    @Test
    void refusesUnknownKeysNamingThem() throws IOException {
        Path file = dir.resolve("parser.yaml");
        Files.writeString(file, "max_dept: 3\n");
        assertThatThrownBy(() -> ParserConfig.load(file, Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("max_dept");
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_NOPE", "1")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("KCRAWL_PARSER_NOPE");
    }

    @Test
    void refusesInvalidValuesWithAMessageThatSaysWhatIsWrong() throws IOException {
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_SCOPE", "world")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("world");
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_MAX_DEPTH", "-1")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("max_depth");
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_FALLBACK_CHARSET", "klingon")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("fallback_charset");
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, "allow_patterns: ['(unclosed']\n");
        assertThatThrownBy(() -> ParserConfig.load(file, Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("allow_patterns");
    }

    @Test
    void refusesAnInvalidSelectorAtStartUpNamingTheRule() throws IOException {
        Path file = dir.resolve("rules.yaml");
        Files.writeString(file, """
                extract:
                  - name: articles
                    url_pattern: '/blog/'
                    fields:
                      title: { selector: 'h1:::nonsense(' }
                """);
        assertThatThrownBy(() -> ParserConfig.load(file, Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("articles").hasMessageContaining("title");
    }

    @Test
    void theLinkDedupCapacityDefaultsToAMillionMayBeOffAndIsValidatedByName() {
        assertThat(ParserConfig.defaults().linkDedupCapacity()).isEqualTo(1_000_000);
        assertThat(ParserConfig.load(null, Map.of("KCRAWL_PARSER_LINK_DEDUP_CAPACITY", "0")).linkDedupCapacity())
                .isZero();
        assertThat(ParserConfig.load(null, Map.of("KCRAWL_PARSER_LINK_DEDUP_CAPACITY", "1024")).linkDedupCapacity())
                .isEqualTo(1024);
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_LINK_DEDUP_CAPACITY", "-1")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("link_dedup_capacity")
                .hasMessageContaining("-1");
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_LINK_DEDUP_CAPACITY", "1023")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("link_dedup_capacity")
                .hasMessageContaining(">= 1024");
    }

    @Test
    void exactlyOnceTheLoopCommitsEvery100MillisecondsSinceEachCommitIsLatencyOnEveryPage() {
        assertThat(ParserConfig.defaults().workerLoopSettings().commitInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(ParserConfig.load(null, Map.of("KCRAWL_PARSER_DELIVERY", "at_least_once")).workerLoopSettings()
                .commitInterval()).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void pagesInFlightAreBoundByBytesWithALargeCountAndTheLoopGetsBoth() {
        ParserConfig c = ParserConfig.defaults();
        assertThat(c.maxPending()).isEqualTo(512);
        assertThat(c.maxPendingBytes()).isEqualTo(16L * 1024 * 1024);
        assertThat(c.workerLoopSettings().maxPending()).isEqualTo(512);
        assertThat(c.workerLoopSettings().maxPendingBytes()).isEqualTo(16L * 1024 * 1024);
        assertThat(c.queueCapacity()).as("the pool's queue still holds every page the count lets in")
                .isEqualTo(512 + c.maxPollRecords());

        ParserConfig set = ParserConfig.load(null, Map.of("KCRAWL_PARSER_MAX_PENDING_BYTES", "2097152",
                "KCRAWL_PARSER_MAX_PENDING", "100"));
        assertThat(set.maxPendingBytes()).isEqualTo(2L * 1024 * 1024);
        assertThat(set.workerLoopSettings().maxPendingBytes()).isEqualTo(2L * 1024 * 1024);
        assertThat(set.queueCapacity()).isEqualTo(100 + set.maxPollRecords());
        assertThat(set.withKafka("x", "127.0.0.1:1").withScope(ScopeMode.ANY, 1).withSeedSites(List.of("a.example"))
                .maxPendingBytes()).isEqualTo(2L * 1024 * 1024);
        assertThat(ParserConfig.load(null, Map.of("KCRAWL_PARSER_MAX_PENDING_BYTES", "1048576")).maxPendingBytes())
                .isEqualTo(1024 * 1024);
        assertThatThrownBy(() -> ParserConfig.load(null, Map.of("KCRAWL_PARSER_MAX_PENDING_BYTES", "1048575")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("max_pending_bytes")
                .hasMessageContaining("1048575");
    }

    @Test
    void copiesKeepEverythingButWhatTheyChange() {
        ParserConfig c = ParserConfig.defaults().withKafka("other", "127.0.0.1:1234").withScope(ScopeMode.ANY, 2);
        assertThat(c.crawlName()).isEqualTo("other");
        assertThat(c.bootstrapServers()).isEqualTo("127.0.0.1:1234");
        assertThat(c.scopeConfig().scope()).isEqualTo(ScopeMode.ANY);
        assertThat(c.scopeConfig().maxDepth()).isEqualTo(2);
        assertThat(c.stripParams()).isEqualTo(ParserConfig.defaults().stripParams());
        ParserConfig small = ParserConfig.load(null, Map.of("KCRAWL_PARSER_LINK_DEDUP_CAPACITY", "2048"));
        assertThat(small.withKafka("x", "127.0.0.1:1").withScope(ScopeMode.ANY, 1)
                .withSeedSites(List.of("a.example")).linkDedupCapacity()).isEqualTo(2048);
    }
}
