package org.kcrawl.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingTest {
    record Limits(@JsonProperty("per_host") int perHost, @JsonProperty("max_body_bytes") long maxBodyBytes,
                  @JsonProperty("timeout") Duration timeout, @JsonProperty("tiers") List<Duration> tiers,
                  @JsonProperty("mode") String mode, @JsonProperty("port") int port) {
        public static final SettingList SETTINGS = new SettingList("limits", List.of(
                Setting.integer("per_host", 2, "concurrent requests per host").atLeast(1).option("--per-host"),
                Setting.size("max_body_bytes", "2MiB", "body cap").atLeast(1024),
                Setting.duration("timeout", "30s", "deadline of a request").positive().atMost("1h"),
                Setting.durations("tiers", List.of("10s", "1m"), "parking delays"),
                Setting.choice("mode", "sticky", "how proxies are chosen", "sticky", "round_robin"),
                Setting.integer("port", 9400, "metrics port").between(0, 65535)));
    }

    private final ConfigBinder binder = new ConfigBinder();
    private final Limits defaults = ConfigBinder.declaredDefaults(Limits.class);

    @Test
    void theDefaultsAreTheDeclaredOnes() {
        assertThat(defaults).isEqualTo(new Limits(2, 2 * 1024 * 1024, Duration.ofSeconds(30),
                List.of(Duration.ofSeconds(10), Duration.ofMinutes(1)), "sticky", 9400));
    }

    @Test
    void sizesTakeUnitsAndPlainNumbersAreBytes(@TempDir Path dir) throws Exception {
        assertThat(bindFile(dir, "max_body_bytes: 512KiB\n").maxBodyBytes()).isEqualTo(512 * 1024);
        assertThat(bindFile(dir, "max_body_bytes: 2MiB\n").maxBodyBytes()).isEqualTo(2 * 1024 * 1024);
        assertThat(bindFile(dir, "max_body_bytes: 1GiB\n").maxBodyBytes()).isEqualTo(1024L * 1024 * 1024);
        assertThat(bindFile(dir, "max_body_bytes: 2MB\n").maxBodyBytes()).isEqualTo(2_000_000);
        assertThat(bindFile(dir, "max_body_bytes: 4096\n").maxBodyBytes()).isEqualTo(4096);
        assertThat(binder.bind(Limits.class, defaults, null, Map.of("KCRAWL_LIMITS_MAX_BODY_BYTES", "3MiB"),
                "KCRAWL_LIMITS_").maxBodyBytes()).isEqualTo(3 * 1024 * 1024);
        assertThatThrownBy(() -> bindFile(dir, "max_body_bytes: 2 parsecs\n")).isInstanceOf(ConfigException.class)
                .hasMessage("invalid configuration 'max_body_bytes': max_body_bytes must be a size (2MiB, 512KiB, 1GiB,"
                        + " or a number of bytes) but was '2 parsecs'; to fix, give max_body_bytes a value that is a"
                        + " size (2MiB, 512KiB, 1GiB, or a number of bytes), or remove it to get the default (2MiB)");
    }

    @Test
    void durationsTakeUnitsAndIsoStillWorks(@TempDir Path dir) throws Exception {
        assertThat(bindFile(dir, "timeout: 45s\n").timeout()).isEqualTo(Duration.ofSeconds(45));
        assertThat(bindFile(dir, "timeout: 5m\n").timeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(bindFile(dir, "timeout: 1m30s\n").timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(bindFile(dir, "timeout: 250ms\n").timeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(bindFile(dir, "timeout: PT30S\n").timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(bindFile(dir, "timeout: 20\n").timeout()).as("a bare number is seconds").isEqualTo(Duration.ofSeconds(20));
        assertThat(bindFile(dir, "tiers: [5s, PT2M, 1h]\n").tiers())
                .containsExactly(Duration.ofSeconds(5), Duration.ofMinutes(2), Duration.ofHours(1));
        assertThat(binder.bind(Limits.class, defaults, null, Map.of("KCRAWL_LIMITS_TIMEOUT", "2m"), "KCRAWL_LIMITS_")
                .timeout()).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> bindFile(dir, "timeout: soon\n")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("timeout must be a duration (30s, 5m, 1h, 7d or ISO-8601 such as PT30S) but was"
                        + " 'soon'");
    }

    @Test
    void aValueOutsideItsBoundIsRefusedNamingTheKeyTheBoundTheValueAndTheFix(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> bindFile(dir, "per_host: 0\n")).isInstanceOf(ConfigException.class)
                .hasMessage("invalid configuration 'per_host': per_host must be >= 1 but was 0; to fix, give per_host a"
                        + " value that is >= 1, or remove it to get the default (2)")
                .extracting(e -> ((ConfigException) e).key()).isEqualTo("per_host");
        assertThatThrownBy(() -> bindFile(dir, "timeout: 2h\n")).hasMessageContaining(
                "timeout must be > 0s and <= 1h but was 2h; to fix, give timeout a value that is > 0s and <= 1h");
        assertThatThrownBy(() -> bindFile(dir, "port: 70000\n")).hasMessageContaining(
                "port must be from 0 to 65535 but was 70000");
        assertThatThrownBy(() -> bindFile(dir, "mode: random\n")).hasMessageContaining(
                "mode must be one of sticky, round_robin but was 'random'");
        assertThatThrownBy(() -> bindFile(dir, "max_body_bytes: 1000\n")).hasMessageContaining(
                "max_body_bytes must be >= 1KiB but was 1000");
        assertThatThrownBy(() -> binder.bindSection(Limits.class, defaults, null, "limits", Map.of("per_host", 0)))
                .hasMessageStartingWith("invalid configuration 'limits.per_host': per_host must be >= 1 but was 0;");
    }

    @Test
    void anOptionIsCheckedByTheSameDeclarationAndMessage() {
        Setting perHost = Limits.SETTINGS.get("per_host");
        assertThat(perHost.check(3, "--per-host")).isEqualTo(3);
        assertThatThrownBy(() -> perHost.check(0, "--per-host")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--per-host must be >= 1 but was 0; to fix, give --per-host a value that is >= 1, or remove"
                        + " it to get the default (2)");
    }

    @Test
    void theTableAndTheDefaultsFileSayWhatTheDeclarationsSay() throws Exception {
        assertThat(SettingsDoc.table(Limits.SETTINGS)).contains(
                "| `per_host` | integer | `2` | >= 1 | `--per-host` | concurrent requests per host |",
                "| `max_body_bytes` | size | `2MiB` | >= 1KiB |  | body cap |",
                "| `tiers` | list of durations | `[10s, 1m]` |  |  | parking delays |");
        String file = SettingsDoc.defaultsFile(Limits.SETTINGS);
        assertThat(file).contains("# concurrent requests per host\nper_host: 2\n", "max_body_bytes: 2MiB\n",
                "timeout: 30s\n", "tiers:\n- 10s\n- 1m\n");
        Path written = Files.createTempFile("limits", ".yaml");
        try {
            Files.writeString(written, file);
            assertThat(binder.bind(Limits.class, defaults, written, Map.of(), "KCRAWL_LIMITS_"))
                    .as("the defaults file is a configuration file giving the defaults").isEqualTo(defaults);
        } finally {
            Files.delete(written);
        }
    }

    @Test
    void unitsReadAndWriteBack() {
        assertThat(Units.duration("7d")).isEqualTo(Duration.ofDays(7));
        assertThat(Units.format(Duration.ofSeconds(100))).isEqualTo("100s");
        assertThat(Units.format(Duration.ofHours(720))).isEqualTo("30d");
        assertThat(Units.formatBytes(16L * 1024 * 1024)).isEqualTo("16MiB");
        assertThat(Units.formatBytes(1000)).isEqualTo("1000");
        assertThatThrownBy(() -> Units.duration("5 minutes")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Units.bytes("1.5")).isInstanceOf(IllegalArgumentException.class);
    }

    private Limits bindFile(Path dir, String yaml) throws Exception {
        Path file = dir.resolve("limits.yaml");
        Files.writeString(file, yaml);
        return binder.bind(Limits.class, defaults, file, Map.of(), "KCRAWL_LIMITS_");
    }
}
