package org.kcrawl.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench/run.sh --smoke} runs from the state the README's commands leave: {@code ./mvnw -B verify}
 * installs nothing in the local Maven repository, so the benchmark must not need the project's own
 * artifacts there. The script runs as a user runs it, with Maven pointed at a view of the local
 * repository that has everything but {@code org/kcrawl}, and with a work directory of its own, so the
 * synthetic web's classpath is made afresh: it must come from the reactor, the web must serve, and kcrawl
 * must fetch exactly its pages; the parser's benchmark must run one short iteration. Needs Debian's
 * python3 and /usr/bin/time, as the harness does; not the baselines' packages, nor nginx.
 */
class BenchSmokeIT {
    private static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final Path TIME = Path.of("/usr/bin/time");

    @TempDir
    Path dir;

    @Test
    void theSmokeRunBuildsTheWebsClasspathFromTheReactorAndVerifiesKcrawlsPages() throws Exception {
        assumeTrue(Files.isExecutable(PYTHON) && Files.isExecutable(TIME),
                "the harness runs on Debian's /usr/bin/python3 and measures with /usr/bin/time");
        Path repo = withoutTheProject(Path.of(System.getProperty("kcrawl.localRepository",
                System.getProperty("user.home") + "/.m2/repository")));
        Path state = dir.resolve("bench-state");
        Path runs = dir.resolve("runs");

        ProcessBuilder builder = new ProcessBuilder("bash", "bench/run.sh", "--smoke", "--work-dir", runs.toString())
                .directory(Repo.root().toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("KCRAWL_") || k.startsWith("KAFKA_"));
        builder.environment().put("MAVEN_ARGS", "-B -Dmaven.repo.local=" + repo);
        builder.environment().put("KCRAWL_BENCH_WORK", state.toString());
        Process run = builder.start();
        run.getOutputStream().close();
        boolean ended = run.waitFor(240, TimeUnit.SECONDS);
        if (!ended) {
            run.destroyForcibly();
        }
        String log = Files.readString(dir.resolve("run.log"), StandardCharsets.UTF_8);

        assertThat(ended).as("bench/run.sh --smoke ended; its output:\n%s", log).isTrue();
        assertThat(run.exitValue()).as("exit code; output:\n%s", log).isZero();
        assertThat(log).contains("building the synthetic web");
        String classpath = Files.readString(state.resolve("web.classpath"), StandardCharsets.UTF_8);
        assertThat(classpath).as("common comes from the reactor").contains(Repo.root().resolve("common/target/classes")
                .toString()).doesNotContain("org/kcrawl");
        assertThat(reports(runs)).singleElement().satisfies(report ->
                assertThat(Files.readString(report, StandardCharsets.UTF_8)).contains("| kcrawl | yes | 20 |")
                        .as("the parser's benchmark, on a classpath from the reactor too")
                        .contains("| bareOneThread | 1 |"));
    }

    /**
     * A local repository that shows everything in {@code real} but the project's own artifacts: links to
     * its top-level folders and to those of {@code org/} but {@code org/kcrawl}.
     */
    private Path withoutTheProject(Path real) throws IOException {
        Path view = dir.resolve("m2");
        Files.createDirectories(view.resolve("org"));
        for (Path p : list(real)) {
            if (!p.getFileName().toString().equals("org")) {
                Files.createSymbolicLink(view.resolve(p.getFileName().toString()), p);
            }
        }
        for (Path p : list(real.resolve("org"))) {
            if (!p.getFileName().toString().equals("kcrawl")) {
                Files.createSymbolicLink(view.resolve("org").resolve(p.getFileName().toString()), p);
            }
        }
        return view;
    }

    private static List<Path> list(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.toList();
        }
    }

    private static List<Path> reports(Path runs) throws IOException {
        try (Stream<Path> s = Files.list(runs)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".md")).toList();
        }
    }
}
