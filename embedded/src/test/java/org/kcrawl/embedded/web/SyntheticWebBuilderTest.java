package org.kcrawl.embedded.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SyntheticWebBuilderTest {

    @Test
    void defaultsMatchTheDocumentedShape() {
        WebSpec spec = SyntheticWeb.builder().spec();
        assertThat(spec.hosts()).isEqualTo(20);
        assertThat(spec.pagesPerHost()).isEqualTo(100);
        assertThat(spec.linksPerPage()).isEqualTo(10);
        assertThat(spec.crossHostLinkRatio()).isEqualTo(0.2);
        assertThat(spec.externalLinksPerPage()).isEqualTo(1);
        assertThat(spec.latencyNanos()).hasSize(20).containsOnly(0L);
        assertThat(spec.errorRate()).isZero();
        assertThat(spec.bindBase()).isEqualTo(10);
        assertThat(spec.robots()).allSatisfy(r -> assertThat(r.status()).isEqualTo(404));
    }

    @Test
    void perHostSettingsOverrideTheDefaults() {
        WebSpec spec = SyntheticWeb.builder().hosts(3)
                .latency(Duration.ofMillis(5)).latency(1, Duration.ofMillis(200))
                .robotsTxt("User-agent: *\nAllow: /\n").robotsTxt(2, "User-agent: *\nDisallow: /\n")
                .robotsStatus(0, 503)
                .spec();
        assertThat(spec.latencyNanos()).containsExactly(5_000_000L, 200_000_000L, 5_000_000L);
        assertThat(spec.robots()).extracting(RobotsFile::status).containsExactly(503, 200, 200);
        assertThat(new String(spec.robots().get(2).body())).contains("Disallow: /");
    }

    @Test
    void hostsMustFitInTheLastOctet() {
        assertThat(SyntheticWeb.builder().bindBase(200).hosts(55).spec().hosts()).isEqualTo(55);
        assertThatThrownBy(() -> SyntheticWeb.builder().bindBase(200).hosts(56).spec())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hosts").hasMessageContaining("bindBase").hasMessageContaining("127.0.0.255");
    }

    @Test
    void overridesMustNameExistingHosts() {
        assertThatThrownBy(() -> SyntheticWeb.builder().hosts(2).robotsStatus(2, 500).spec())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("robotsStatus").hasMessageContaining("host 2");
        assertThatThrownBy(() -> SyntheticWeb.builder().hosts(2).latency(5, Duration.ZERO).spec())
                .hasMessageContaining("latency");
    }

    @Test
    void rejectsOutOfRangeArgumentsNamingThem() {
        SyntheticWeb.Builder b = SyntheticWeb.builder();
        assertThatThrownBy(() -> b.hosts(0)).hasMessageContaining("hosts");
        assertThatThrownBy(() -> b.pagesPerHost(0)).hasMessageContaining("pagesPerHost");
        assertThatThrownBy(() -> b.linksPerPage(0)).hasMessageContaining("linksPerPage");
        assertThatThrownBy(() -> b.crossHostLinkRatio(1.5)).hasMessageContaining("crossHostLinkRatio");
        assertThatThrownBy(() -> b.crossHostLinkRatio(Double.NaN)).hasMessageContaining("crossHostLinkRatio");
        assertThatThrownBy(() -> b.externalLinksPerPage(-1)).hasMessageContaining("externalLinksPerPage");
        assertThatThrownBy(() -> b.latency(Duration.ofMillis(-1))).hasMessageContaining("latency");
        assertThatThrownBy(() -> b.pageBytes(-1)).hasMessageContaining("pageBytes");
        assertThatThrownBy(() -> b.errorRate(-0.1)).hasMessageContaining("errorRate");
        assertThatThrownBy(() -> b.robotsStatus(0, 99)).hasMessageContaining("status");
        assertThatThrownBy(() -> b.robotsTxt(-1, "x")).hasMessageContaining("host");
        assertThatThrownBy(() -> b.bindBase(0)).hasMessageContaining("bindBase");
        assertThatThrownBy(() -> b.ioThreads(0)).hasMessageContaining("ioThreads");
        assertThatThrownBy(() -> b.requestLogCapacity(0)).hasMessageContaining("requestLogCapacity");
    }
}
