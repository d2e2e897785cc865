package org.kcrawl.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kcrawl.common.testing.CapturedLogs;

class ConfigBinderTest {
    record Sample(@JsonProperty("crawl_name") String crawlName, @JsonProperty("rate") double rate,
                  @JsonProperty("drain") Duration drain) {
        public static final SettingList SETTINGS = new SettingList("sample", List.of(
                Setting.text("crawl_name", "crawl", "the crawl"),
                Setting.number("rate", 1.0, "requests a second").positive(),
                Setting.duration("drain", "30s", "how long a stop waits")));
    }

    /** Declares one setting fewer than it has. */
    record Lacking(@JsonProperty("crawl_name") String crawlName, @JsonProperty("drain") Duration drain) {
        public static final SettingList SETTINGS = new SettingList("lacking", List.of(
                Setting.text("crawl_name", "crawl", "the crawl")));
    }

    /** Declares a setting it does not have. */
    record Extra(@JsonProperty("crawl_name") String crawlName) {
        public static final SettingList SETTINGS = new SettingList("extra", List.of(
                Setting.text("crawl_name", "crawl", "the crawl"),
                Setting.integer("burst", 2, "requests back to back")));
    }

    private final Sample defaults = new Sample("crawl", 1.0, Duration.ofSeconds(30));
    private final ConfigBinder binder = new ConfigBinder();

    @Test
    void theDeclarationsGiveEverySettingAndNothingElse() {
        assertThat(ConfigBinder.declaredDefaults(Sample.class)).isEqualTo(defaults);
        assertThatThrownBy(() -> ConfigBinder.declaredDefaults(Lacking.class))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("lack [drain]");
        assertThatThrownBy(() -> ConfigBinder.declaredDefaults(Extra.class))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("have [burst]");
        assertThatThrownBy(() -> ConfigBinder.declaredDefaults(Renamed.class))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("declares no SETTINGS");
    }

    @Test
    void fileOverridesDefaultsAndEnvOverridesFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, "crawl_name: news\nrate: 2.5\n");
        Sample s = binder.bind(Sample.class, defaults, file, Map.of("KC_RATE", "4", "OTHER", "x"), "KC_");
        assertThat(s).isEqualTo(new Sample("news", 4.0, Duration.ofSeconds(30)));
    }

    @Test
    void unknownKeyInFileIsRefusedByName(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, "rat: 2\n");
        assertThatThrownBy(() -> binder.bind(Sample.class, defaults, file, Map.of(), "KC_"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("rat");
    }

    @Test
    void unknownEnvironmentVariableIsRefusedByName() {
        assertThatThrownBy(() -> binder.bind(Sample.class, defaults, null, Map.of("KC_RATEE", "2"), "KC_"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("KC_RATEE");
    }

    @Test
    void invalidValueNamesTheProblem() {
        assertThatThrownBy(() -> binder.bind(Sample.class, defaults, null, Map.of("KC_RATE", "-1"), "KC_"))
                .isInstanceOf(ConfigException.class).hasMessage("invalid configuration 'rate': rate must be > 0 but was -1;"
                        + " to fix, give rate a value that is > 0, or remove it to get the default (1)")
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("rate");
    }

    @Test
    void kafkaVariablesPassThrough() {
        assertThat(KafkaEnv.clientOverrides(Map.of("KAFKA_SECURITY_PROTOCOL", "SSL", "PATH", "/bin")))
                .containsExactly(Map.entry("security.protocol", "SSL"));
    }

    @Test
    void kafkaVariablesThatWouldWeakenTheDeliveryGuaranteeAreRefusedByName() {
        assertThatThrownBy(() -> KafkaEnv.clientOverrides(Map.of("KAFKA_ACKS", "1")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("acks must be -1 or all").hasMessageContaining("KAFKA_ACKS=1")
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("KAFKA_ACKS");
        assertThatThrownBy(() -> KafkaEnv.clientOverrides(Map.of("KAFKA_ENABLE_AUTO_COMMIT", "true")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("enable.auto.commit must be false");
        assertThatThrownBy(() -> KafkaEnv.clientOverrides(Map.of("KAFKA_ISOLATION_LEVEL", "read_uncommitted")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("isolation.level must be read_committed");
        assertThatThrownBy(() -> KafkaEnv.clientOverrides(Map.of("KAFKA_GROUP_ID", "mine")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("named by crawl_name; set that instead");
        assertThat(KafkaEnv.clientOverrides(Map.of("KAFKA_ACKS", "all", "KAFKA_ENABLE_IDEMPOTENCE", "TRUE")))
                .as("the values kcrawl sets itself are no override").hasSize(2);
    }

    @Test
    void sectionOfAFileThenCommandLineOverrides(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("crawl.yaml");
        Files.writeString(file, "fetcher:\n  rate: 3\nparser:\n  crawl_name: p\n");
        Sample s = binder.bindSection(Sample.class, defaults, file, "parser", Map.of("rate", 7.5));
        assertThat(s).isEqualTo(new Sample("p", 7.5, Duration.ofSeconds(30)));
        assertThatThrownBy(() -> binder.bindSection(Sample.class, defaults, file, "parser", Map.of("speed", 1)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("speed");
    }

    /** A setting renamed from {@code replication_factor}: the old name is still read, with a warning. */
    record Renamed(@JsonProperty("replication") @JsonAlias("replication_factor") short replication,
                   @JsonProperty("rate") double rate) {
    }

    @Test
    void aRenamedSettingIsStillReadUnderItsOldNameWithAWarningNamingTheNewOne(@TempDir Path dir) throws Exception {
        Renamed defaults = new Renamed((short) 1, 1.0);
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, "replication_factor: 3\n");
        try (CapturedLogs logs = CapturedLogs.of(ConfigBinder.class)) {
            assertThat(binder.bind(Renamed.class, defaults, file, Map.of(), "KC_").replication()).isEqualTo((short) 3);
            assertThat(binder.bind(Renamed.class, defaults, null, Map.of("KC_REPLICATION_FACTOR", "2"), "KC_")
                    .replication()).isEqualTo((short) 2);
            Path sections = dir.resolve("s.yaml");
            Files.writeString(sections, "parser:\n  replication_factor: 4\n");
            assertThat(binder.bindSection(Renamed.class, defaults, sections, "parser", Map.of()).replication())
                    .isEqualTo((short) 4);

            assertThat(logs.at(Level.WARN)).extracting(ILoggingEvent::getFormattedMessage).containsExactly(
                    file + ": the setting 'replication_factor' is deprecated: use 'replication' (it was renamed)",
                    "KC_REPLICATION_FACTOR is deprecated: use KC_REPLICATION (the setting 'replication_factor' was"
                            + " renamed 'replication')",
                    sections + " section parser: the setting 'replication_factor' is deprecated: use 'replication'"
                            + " (it was renamed)");
        }
    }

    @Test
    void theNewNameWinsOverTheOldOneAndOnlyTheNewNameIsWritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, "replication_factor: 3\nreplication: 2\n");
        Renamed bound = binder.bind(Renamed.class, new Renamed((short) 1, 1.0), file, Map.of(), "KC_");
        assertThat(bound.replication()).isEqualTo((short) 2);
        assertThatThrownBy(() -> binder.bind(Sample.class, defaults, null, Map.of("KC_REPLICATION_FACTOR", "2"), "KC_"))
                .as("a record without the alias does not know the old name")
                .isInstanceOf(ConfigException.class).hasMessageContaining("no such setting 'replication_factor'");
    }

    /** Settings two workers share: a record of its own, unwrapped into each worker's. */
    record Shared(@JsonProperty("depth") int depth, @JsonProperty("pattern") String pattern) {
        static final List<Setting> DECLARED = List.of(
                Setting.integer("depth", 5, "deepest link followed").atLeast(0),
                Setting.text("pattern", ".*", "links followed match it"));
    }

    record Unwrapping(@JsonProperty("crawl_name") String crawlName, @JsonUnwrapped Shared shared,
                      @JsonProperty("rate") double rate) {
        public static final SettingList SETTINGS = SettingList.of("unwrapping",
                List.of(Setting.text("crawl_name", "crawl", "the crawl")), Shared.DECLARED,
                List.of(Setting.number("rate", 1.0, "requests a second")));
    }

    /** Leaves out a setting of its unwrapped record. */
    record UnwrappingLacking(@JsonProperty("crawl_name") String crawlName, @JsonUnwrapped Shared shared) {
        public static final SettingList SETTINGS = new SettingList("unwrapping", List.of(
                Setting.text("crawl_name", "crawl", "the crawl"), Shared.DECLARED.get(0)));
    }

    @Test
    void anUnwrappedRecordsSettingsAreTheOuterRecordsAtTheSameLevel(@TempDir Path dir) throws Exception {
        assertThat(ConfigBinder.settings(Unwrapping.class)).containsExactly("crawl_name", "depth", "pattern", "rate");
        Unwrapping unwrappingDefaults = ConfigBinder.declaredDefaults(Unwrapping.class);
        assertThat(unwrappingDefaults).isEqualTo(new Unwrapping("crawl", new Shared(5, ".*"), 1.0));

        Path file = dir.resolve("c.yaml");
        Files.writeString(file, "depth: 3\nrate: 2.0\n");
        assertThat(binder.bind(Unwrapping.class, unwrappingDefaults, file, Map.of("KC_PATTERN", "a.*"), "KC_"))
                .isEqualTo(new Unwrapping("crawl", new Shared(3, "a.*"), 2.0));
        Path sections = dir.resolve("s.yaml");
        Files.writeString(sections, "parser:\n  depth: 4\n");
        assertThat(binder.bindSection(Unwrapping.class, unwrappingDefaults, sections, "parser", Map.of("pattern", "b")))
                .isEqualTo(new Unwrapping("crawl", new Shared(4, "b"), 1.0));

        Files.writeString(file, "depth: -1\n");
        assertThatThrownBy(() -> binder.bind(Unwrapping.class, unwrappingDefaults, file, Map.of(), "KC_"))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("invalid configuration 'depth': ");
    }

    @Test
    void unknownKeysAreRefusedByNameBesideAnUnwrappedRecordToo(@TempDir Path dir) throws Exception {
        Unwrapping unwrappingDefaults = new Unwrapping("crawl", new Shared(5, ".*"), 1.0);
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, "dpeth: 3\n");
        assertThatThrownBy(() -> binder.bind(Unwrapping.class, unwrappingDefaults, file, Map.of(), "KC_"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("invalid configuration 'dpeth': unknown setting; known settings: [crawl_name, depth, pattern,"
                        + " rate]");
        Files.writeString(file, "parser:\n  patern: x\n");
        assertThatThrownBy(() -> binder.bindSection(Unwrapping.class, unwrappingDefaults, file, "parser", Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'parser.patern'");
        assertThatThrownBy(() -> ConfigBinder.declaredDefaults(UnwrappingLacking.class))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("lack [pattern]");
    }
}
