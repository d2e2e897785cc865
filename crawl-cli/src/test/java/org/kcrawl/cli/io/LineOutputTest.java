package org.kcrawl.cli.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Lines reach their destination whole, and a destination that fails says so, once and for good. */
class LineOutputTest {
    @TempDir
    Path dir;

    @Test
    void linesReachTheStreamAsUtf8AtTheFlush() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LineOutput out = LineOutput.pipe("test", bytes);

        out.writeLine("{\"title\":\"caf\u00e9\"}");
        out.writeLine("{}");
        assertThat(bytes.size()).isZero();
        out.flush();

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("{\"title\":\"caf\u00e9\"}\n{}\n");
    }

    @Test
    void aLargeBatchGoesOutInWholeLinesSoTwoWritersOnOneStreamNeverSplitALine() throws IOException {
        List<String> writes = new ArrayList<>();
        OutputStream recording = new OutputStream() {
            @Override
            public void write(int b) {
                writes.add(String.valueOf((char) b));
            }

            @Override
            public void write(byte[] b, int off, int len) {
                writes.add(new String(b, off, len, StandardCharsets.UTF_8));
            }
        };
        LineOutput out = LineOutput.pipe("test", recording);
        String line = "x".repeat(999);

        for (int i = 0; i < 200; i++) {
            out.writeLine(line);
        }
        out.flush();

        assertThat(writes).hasSizeGreaterThan(1).allSatisfy(w -> assertThat(w).endsWith("\n"));
        assertThat(String.join("", writes).lines()).hasSize(200).containsOnly(line);
    }

    @Test
    void aFailedWriteToAPipeMeansTheReaderWentAwayAndEveryLaterCallSaysSo() throws IOException {
        LineOutput out = LineOutput.pipe("stdout", new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        });
        out.writeLine("{}");

        OutputWriteException first = catchWriteFailure(out::flush);

        assertThat(first.readerGone()).isTrue();
        assertThat(first.output()).isEqualTo("stdout");
        assertThat(first).hasMessage("stdout was closed by its reader").hasCauseInstanceOf(IOException.class);
        assertThat(catchWriteFailure(() -> out.writeLine("{}"))).isSameAs(first);
        assertThat(catchWriteFailure(out::flush)).isSameAs(first);
        out.close(); // nothing more is tried, so closing a dead output does not fail again
    }

    @Test
    void aFileThatCannotBeOpenedIsAFailureToReportNotAReaderGoingAway() {
        Path directory = dir.resolve("records.jsonl");

        OutputWriteException e = catchWriteFailure(() -> {
            Files.createDirectory(directory);
            LineOutput.file(directory, false);
        });

        assertThat(e.readerGone()).isFalse();
        assertThat(e.worthTelling(false)).isTrue();
        assertThat(e.getMessage()).startsWith("cannot write " + directory + ": ");
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void aFifoWhoseReaderHasGoneIsTheReaderGoingAway() throws Exception {
        Path fifo = dir.resolve("records.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        // Opening a FIFO for writing waits for a reader: this one comes and goes, as head does.
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                assertThat(in).isNotNull();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        LineOutput out = LineOutput.file(fifo, false);
        reader.get(10, TimeUnit.SECONDS);
        out.writeLine("{}");

        OutputWriteException e = catchWriteFailure(out::flush);

        assertThat(e.readerGone()).isTrue();
        assertThat(e).hasMessage(fifo + " was closed by its reader");
        out.close();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aDeviceThatFailsIsAFailureToReportNotAReaderGoingAway() throws IOException {
        LineOutput out = LineOutput.file(Path.of("/dev/full"), false);
        out.writeLine("{}");

        OutputWriteException e = catchWriteFailure(out::flush);

        assertThat(e.readerGone()).isFalse();
        assertThat(e.getMessage()).startsWith("cannot write /dev/full: IOException: ");
        out.close();
    }

    @Test
    void aFileIsTruncatedOrAppendedToAndItsDirectoriesAreCreated() throws IOException {
        Path file = dir.resolve("out/records.jsonl");
        try (LineOutput out = LineOutput.file(file, false)) {
            out.writeLine("one");
        }
        try (LineOutput out = LineOutput.file(file, true)) {
            out.writeLine("two");
        }
        assertThat(Files.readAllLines(file)).containsExactly("one", "two");

        try (LineOutput out = LineOutput.file(file, false)) {
            out.writeLine("three");
        }
        assertThat(Files.readAllLines(file)).containsExactly("three");
    }

    @Test
    void stdoutIsSystemOutAsItIsNowWithItsErrorFlagTurnedIntoAnException() throws IOException {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            LineOutput out = LineOutput.stdout();
            out.writeLine("{}");
            out.flush();
            assertThat(captured.toString(StandardCharsets.UTF_8)).isEqualTo("{}\n");

            System.setOut(new PrintStream(new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    throw new IOException("Broken pipe");
                }
            }, true, StandardCharsets.UTF_8));
            LineOutput broken = LineOutput.stdout();
            broken.writeLine("{}");
            OutputWriteException e = catchWriteFailure(broken::flush);
            assertThat(e.output()).isEqualTo("stdout");
        } finally {
            System.setOut(original);
        }
    }

    @Test
    void aReaderGoingAwayIsToldOnlyOnATerminal() {
        OutputWriteException gone = new OutputWriteException("stdout", true, new IOException("Broken pipe"));

        assertThat(gone.worthTelling(true)).isTrue();
        assertThat(gone.worthTelling(false)).isFalse();
    }

    private static OutputWriteException catchWriteFailure(IoAction action) {
        try {
            action.run();
        } catch (OutputWriteException e) {
            return e;
        } catch (IOException e) {
            throw new AssertionError("expected an OutputWriteException but got " + e, e);
        }
        throw new AssertionError("expected an OutputWriteException but nothing was thrown");
    }

    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }
}
