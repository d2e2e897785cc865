package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.kcrawl.fetcher.kafka.FetcherConfig;
import org.kcrawl.parser.ParserConfig;

/** The Dockerfile builds what the worker poms produce and runs it as the user the manifests expect. */
class DockerfileTest {
    private static final String DOCKERFILE = Repo.text("Dockerfile");

    /** The numeric user the runtime image runs as. */
    static int imageUser() {
        Matcher m = Pattern.compile("(?m)^USER (\\d+):(\\d+)$").matcher(DOCKERFILE);
        assertThat(m.find()).as("the image sets a numeric USER").isTrue();
        return Integer.parseInt(m.group(1));
    }

    @Test
    void theRuntimeStageIsAJre17RunAsAnUnprivilegedUser() {
        List<String> froms = DOCKERFILE.lines().filter(l -> l.startsWith("FROM ")).toList();
        assertThat(froms.get(froms.size() - 1)).isEqualTo("FROM eclipse-temurin:17-jre");
        assertThat(froms.subList(0, froms.size() - 1)).allMatch(f -> f.contains(" AS "), "build stages are named");
        assertThat(imageUser()).isGreaterThanOrEqualTo(10000);
        assertThat(DOCKERFILE).contains("useradd --system --uid " + imageUser());
    }

    @Test
    void itCopiesTheShadedJarTheWorkerPomsBuild() {
        for (String module : List.of("fetcher-worker", "parser-worker")) {
            String pom = Repo.text(module + "/pom.xml");
            assertThat(pom).as("%s builds a runnable jar with classifier all", module)
                    .contains("<shadedClassifierName>all</shadedClassifierName>");
        }
        assertThat(DOCKERFILE).contains("${MODULE}/target/${MODULE}-*-all.jar");
        assertThat(Repo.text("crawl-cli/pom.xml")).contains("<finalName>crawl</finalName>");
        assertThat(DOCKERFILE).contains("${MODULE}/target/crawl.jar");
    }

    @Test
    void theRendererStageRunsDebiansChromiumAsTheSameUnprivilegedUser() {
        String stage = DOCKERFILE.substring(DOCKERFILE.indexOf("FROM debian:"), DOCKERFILE.lastIndexOf("FROM "));
        assertThat(stage).startsWith("FROM debian:bookworm-slim AS renderer");
        assertThat(stage).contains("apt-get install").contains(" chromium ").contains("openjdk-17-jre-headless");
        assertThat(stage).contains("useradd --system --uid " + imageUser()).contains("USER " + imageUser() + ":");
        assertThat(stage).contains("COPY --from=build /worker.jar /app/worker.jar");
        assertThat(Repo.text("render-worker/pom.xml")).contains("<shadedClassifierName>all</shadedClassifierName>");
        assertThat(FetcherConfig.defaults().browserPath())
                .as("the worker's default browser_path is where Debian's package puts it").isEqualTo("/usr/bin/chromium");
    }

    @Test
    void itExposesTheDefaultMetricsPortOfBothWorkers() {
        assertThat(DOCKERFILE).contains("EXPOSE " + ParserConfig.DEFAULT_METRICS_PORT);
        assertThat(FetcherConfig.defaults().metricsPort()).isEqualTo(ParserConfig.defaults().metricsPort());
    }
}
