package org.kcrawl.embedded.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogDirFormatterTest {
    @TempDir
    Path tmp;

    @Test
    void formatsAnEmptyDirectoryForNodeOne() throws IOException {
        Path logDir = tmp.resolve("kafka");

        String clusterId = LogDirFormatter.formatIfNeeded(logDir);

        Properties meta = metaProperties(logDir);
        assertThat(meta.getProperty("cluster.id")).isEqualTo(clusterId);
        assertThat(meta.getProperty("node.id")).isEqualTo("1");
        assertThat(logDir.resolve("bootstrap.checkpoint")).isRegularFile();
    }

    @Test
    void keepsAFormattedDirectoryAndItsClusterId() throws IOException {
        Path logDir = tmp.resolve("kafka");
        String first = LogDirFormatter.formatIfNeeded(logDir);
        Properties before = metaProperties(logDir);

        String second = LogDirFormatter.formatIfNeeded(logDir);

        assertThat(second).isEqualTo(first);
        assertThat(metaProperties(logDir)).isEqualTo(before);
    }

    @Test
    void newDirectoriesGetNewClusterIds() {
        assertThat(LogDirFormatter.formatIfNeeded(tmp.resolve("a")))
                .isNotEqualTo(LogDirFormatter.formatIfNeeded(tmp.resolve("b")));
    }

    @Test
    void refusesADirectoryOfAnotherNode() throws IOException {
        Path logDir = tmp.resolve("kafka");
        LogDirFormatter.formatIfNeeded(logDir);
        Path metaFile = logDir.resolve("meta.properties");
        Files.writeString(metaFile, Files.readString(metaFile).replace("node.id=1", "node.id=7"));

        assertThatThrownBy(() -> LogDirFormatter.formatIfNeeded(logDir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("node 7");
    }

    @Test
    void refusesAnUnreadableMetaProperties() throws IOException {
        Path logDir = Files.createDirectories(tmp.resolve("kafka"));
        Files.writeString(logDir.resolve("meta.properties"), "version=99\n");

        assertThatThrownBy(() -> LogDirFormatter.formatIfNeeded(logDir))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("meta.properties");
    }

    @Test
    void formatsTheNodesOfOneClusterWithTheirIdsAndTheSharedClusterId() throws IOException {
        String clusterId = "MkU3OEVBNTcwNTJENDM2Qg";
        LogDirFormatter.formatIfNeeded(tmp.resolve("n2"), 2, clusterId);
        LogDirFormatter.formatIfNeeded(tmp.resolve("n3"), 3, clusterId);
        Properties before = metaProperties(tmp.resolve("n2"));

        LogDirFormatter.formatIfNeeded(tmp.resolve("n2"), 2, clusterId);

        assertThat(metaProperties(tmp.resolve("n2"))).isEqualTo(before);
        assertThat(before.getProperty("node.id")).isEqualTo("2");
        assertThat(metaProperties(tmp.resolve("n3")).getProperty("node.id")).isEqualTo("3");
        assertThat(metaProperties(tmp.resolve("n3")).getProperty("cluster.id")).isEqualTo(clusterId);
    }

    @Test
    void refusesANodeDirectoryOfAnotherNodeOrCluster() {
        String clusterId = "MkU3OEVBNTcwNTJENDM2Qg";
        LogDirFormatter.formatIfNeeded(tmp.resolve("n2"), 2, clusterId);

        assertThatThrownBy(() -> LogDirFormatter.formatIfNeeded(tmp.resolve("n2"), 3, clusterId))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not to node 3");
        assertThatThrownBy(() -> LogDirFormatter.formatIfNeeded(tmp.resolve("n2"), 2, "OtherClusterIdAAAAAAAA"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("OtherClusterIdAAAAAAAA");
    }

    private static Properties metaProperties(Path logDir) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(logDir.resolve("meta.properties"))) {
            p.load(r);
        }
        return p;
    }
}
