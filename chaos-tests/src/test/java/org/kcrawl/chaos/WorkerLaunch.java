package org.kcrawl.chaos;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How to start one worker process: its kind, its YAML configuration file and the environment variables
 * layered over it ({@code KCRAWL_*} settings and {@code KAFKA_*} client properties).
 *
 * @param kind which worker
 * @param config the file passed as {@code --config}
 * @param env variables set in the process's environment
 * @param jvmOptions the JVM's options
 */
record WorkerLaunch(WorkerKind kind, Path config, Map<String, String> env, List<String> jvmOptions) {
    /** Small heaps and a quick-starting JIT: four workers, a broker and the test share two cores. */
    static final List<String> JVM_OPTIONS = List.of("-Xmx384m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-Xss512k");

    WorkerLaunch {
        if (kind == null) {
            throw new IllegalArgumentException("kind must not be null");
        }
        if (config == null || !Files.isRegularFile(config)) {
            throw new IllegalArgumentException("config must be an existing file but was " + config);
        }
        env = Map.copyOf(env == null ? Map.of() : env);
        jvmOptions = List.copyOf(jvmOptions == null ? JVM_OPTIONS : jvmOptions);
    }

    /** A launch with the default JVM options. */
    WorkerLaunch(WorkerKind kind, Path config, Map<String, String> env) {
        this(kind, config, env, JVM_OPTIONS);
    }

    /** The command line: this JVM's {@code java}, then {@code -jar} the worker's runnable jar. */
    List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-jar");
        cmd.add(kind.jar().toString());
        cmd.add("--config");
        cmd.add(config.toString());
        return cmd;
    }

    /** A copy with {@code key=value} added to the environment. */
    WorkerLaunch withEnv(String key, String value) {
        Map<String, String> copy = new java.util.HashMap<>(env);
        copy.put(key, value);
        return new WorkerLaunch(kind, config, copy, jvmOptions);
    }

    /** A copy whose JVM runs with {@code options} instead. */
    WorkerLaunch withJvmOptions(List<String> options) {
        return new WorkerLaunch(kind, config, env, options);
    }
}
