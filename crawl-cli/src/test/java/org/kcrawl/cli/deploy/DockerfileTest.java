package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.kcrawl.fetcher.crawl.FetcherConfig;
import org.kcrawl.render.kafka.RendererConfig;
import org.kcrawl.parser.ParserConfig;

/**
 * The Dockerfile builds what the worker poms produce, in layers that keep dependencies apart from the
 * code, from base images that can be pinned by digest, and runs it as the user the manifests expect.
 */
class DockerfileTest {
    private static final String DOCKERFILE = Repo.text("Dockerfile");
    private static final String LAYERS = Repo.text("deploy/docker/layers.sh");

    /** The numeric user the runtime image runs as. */
    static int imageUser() {
        Matcher m = Pattern.compile("(?m)^USER (\\d+):(\\d+)$").matcher(DOCKERFILE);
        assertThat(m.find()).as("the image sets a numeric USER").isTrue();
        return Integer.parseInt(m.group(1));
    }

    @Test
    void theRuntimeStageIsAJre17RunAsAnUnprivilegedUser() {
        List<String> froms = DOCKERFILE.lines().filter(l -> l.startsWith("FROM ")).toList();
        assertThat(froms.get(froms.size() - 1)).isEqualTo("FROM ${JRE_IMAGE}");
        assertThat(DOCKERFILE).contains("\nARG JRE_IMAGE=eclipse-temurin:17-jre\n");
        assertThat(froms.subList(0, froms.size() - 1)).allMatch(f -> f.contains(" AS "), "build stages are named");
        assertThat(imageUser()).isGreaterThanOrEqualTo(10000);
        assertThat(DOCKERFILE).contains("useradd --system --uid " + imageUser());
    }

    /**
     * Every base image is a build argument declared before the first stage, so it can be given by digest:
     * Temurin 17 for the build and the JVM workers, the Debian release whose chromium and JRE 17 packages
     * the renderer stage installs for the render worker.
     */
    @Test
    void everyBaseImageIsABuildArgumentThatCanBePinnedByDigest() {
        List<String> lines = DOCKERFILE.lines().toList();
        int firstFrom = lines.indexOf(lines.stream().filter(l -> l.startsWith("FROM ")).findFirst().orElseThrow());
        List<String> froms = lines.stream().filter(l -> l.startsWith("FROM ")).toList();
        assertThat(froms).contains("FROM ${RENDERER_IMAGE} AS renderer");
        for (String from : froms) {
            Matcher m = Pattern.compile("^FROM \\$\\{(\\w+)}( AS (\\w+))?$").matcher(from);
            assertThat(m.matches()).as("%s names its image by a build argument", from).isTrue();
            String base = "renderer".equals(m.group(3)) ? "debian:bookworm-slim" : "eclipse-temurin:17-";
            assertThat(lines.subList(0, firstFrom)).as("ARG %s is declared before the first FROM", m.group(1))
                    .anyMatch(l -> l.startsWith("ARG " + m.group(1) + "=" + base));
        }
    }

    /** A dependency that cannot be resolved fails the build where it is fetched, not later or never. */
    @Test
    void noStepHidesAFailure() {
        assertThat(DOCKERFILE).doesNotContain("|| true").doesNotContain("||true");
        assertThat(DOCKERFILE).as("the build from source is offline: everything was fetched in the pom layer")
                .containsPattern("COPY \\. \\.\\s+(#[^\\n]*\\n)*RUN \\./mvnw -B -q -o ");
        assertThat(LAYERS).startsWith("#!/bin/sh").contains("set -eu");
    }

    /**
     * Third-party jars are copied before kcrawl's own, as a layer of their own, and the launcher the
     * entry point runs is the one layers.sh writes beside kcrawl's jars.
     */
    @Test
    void dependenciesAreALayerOfTheirOwnBeneathTheCode() {
        for (String stage : List.of(rendererStage(), runtimeStage())) {
            List<String> copies = stage.lines().filter(l -> l.startsWith("COPY --from=build ")).toList();
            assertThat(copies).as(stage.lines().findFirst().orElseThrow())
                    .containsExactly("COPY --from=build /out/lib/ /app/lib/", "COPY --from=build /out/app/ /app/");
            assertThat(stage).contains("\"-jar\", \"/app/worker.jar\"]");
        }
        assertThat(DOCKERFILE.lines().filter(l -> l.startsWith("COPY --from=build "))).as("no other stage copies the build")
                .hasSize(4);
        assertThat(DOCKERFILE).contains("sh deploy/docker/layers.sh ${MODULE} /out")
                .contains("dependency:copy-dependencies").contains("-Dmdep.prependGroupId=true")
                .contains("\"-jar\", \"/app/worker.jar\"]");
        assertThat(LAYERS).contains("$out/app/worker.jar").contains("$out/lib/").contains("org.kcrawl.*)");
    }

    /** layers.sh finds each module's plain and runnable jars by the names the poms give them. */
    @Test
    void theLayoutScriptKnowsTheJarNamesThePomsGive() {
        for (String module : List.of("fetcher-worker", "parser-worker")) {
            assertThat(Repo.text(module + "/pom.xml")).as("%s builds a runnable jar with classifier all", module)
                    .contains("<shadedClassifierName>all</shadedClassifierName>");
        }
        assertThat(LAYERS).contains("*-all.jar) runnable=");
        // crawl-cli's shade replaces its main artifact (crawl.jar) and keeps the plain one as original-crawl.jar.
        assertThat(Repo.text("crawl-cli/pom.xml")).contains("<finalName>crawl</finalName>")
                .doesNotContain("<shadedArtifactAttached>true");
        assertThat(LAYERS).contains("original-*.jar) plain=");
    }

    @Test
    void theRendererStageRunsDebiansChromiumAsTheSameUnprivilegedUser() {
        String stage = rendererStage();
        assertThat(DOCKERFILE).contains("\nARG RENDERER_IMAGE=debian:bookworm-slim\n");
        assertThat(stage).contains("apt-get install").contains(" chromium ").contains("openjdk-17-jre-headless");
        assertThat(stage).contains("useradd --system --uid " + imageUser()).contains("USER " + imageUser() + ":");
        assertThat(stage).contains("COPY --from=build /out/lib/ /app/lib/\nCOPY --from=build /out/app/ /app/\n");
        assertThat(Repo.text("render-worker/pom.xml")).contains("<shadedClassifierName>all</shadedClassifierName>");
        assertThat(RendererConfig.defaults().browserPath())
                .as("the worker's default browser_path is where Debian's package puts it").isEqualTo("/usr/bin/chromium");
    }

    /** The render worker's stage, from its FROM to the next. */
    private static String rendererStage() {
        int start = DOCKERFILE.indexOf("FROM ${RENDERER_IMAGE} AS renderer\n");
        assertThat(start).as("the renderer stage").isNotNegative();
        int end = DOCKERFILE.indexOf("\nFROM ", start);
        return DOCKERFILE.substring(start, end < 0 ? DOCKERFILE.length() : end + 1);
    }

    /** The last stage, the image of the JVM workers and the crawl command. */
    private static String runtimeStage() {
        return DOCKERFILE.substring(DOCKERFILE.lastIndexOf("\nFROM ") + 1);
    }

    @Test
    void itExposesTheDefaultMetricsPortOfBothWorkers() {
        assertThat(DOCKERFILE).contains("EXPOSE " + ParserConfig.defaults().metricsPort());
        assertThat(FetcherConfig.defaults().metricsPort()).isEqualTo(ParserConfig.defaults().metricsPort());
    }
}
