package org.kcrawl.cli.io;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where JSON Lines go (stdout or a file), written so that a failed write surfaces as an
 * {@link OutputWriteException} instead of vanishing: Java ignores SIGPIPE and {@code System.out} only
 * sets a flag, so without this a command keeps working for a reader that has gone away.
 *
 * <p>Lines are UTF-8 and buffered; they reach the destination at {@link #flush()} or whenever a
 * buffer's worth has gathered, always as whole lines in one write, so two outputs on stdout (records
 * and failures both {@code -}) never split each other's lines. After a failure every call throws the
 * same exception: nothing more is tried on a dead destination.
 */
public final class LineOutput implements Closeable {
    /** Lines gathered before they are written without waiting for a flush. */
    private static final int CHUNK_BYTES = 64 * 1024;
    /** Names stdout's destination on Linux and macOS; absent elsewhere, where stdout counts as a pipe. */
    private static final Path STDOUT_DEVICE = Path.of("/dev/stdout");
    /** The file type bits of a POSIX {@code st_mode}, and the two types whose reader can go away. */
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFSOCK = 0140000;

    private final String name;
    private final OutputStream destination;
    private final boolean ownsDestination;
    private final boolean pipe;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(CHUNK_BYTES);
    private OutputWriteException failure;

    private LineOutput(String name, OutputStream destination, boolean ownsDestination, boolean pipe) {
        this.name = name;
        this.destination = destination;
        this.ownsDestination = ownsDestination;
        this.pipe = pipe;
    }

    /**
     * The process's stdout: {@code System.out} as it is now (a program that replaced it, a test for one,
     * gets the lines), with its error flag turned into exceptions. A failure counts as the reader going
     * away when stdout is a pipe or a socket, or cannot be looked at.
     */
    public static LineOutput stdout() {
        return new LineOutput("stdout", new CheckedPrintStream(System.out), false, stdoutIsPipe());
    }

    /**
     * {@code file}, created with its directories when missing, truncated unless {@code append}. A FIFO or
     * a pipe named by path ({@code --out >(head)}) is a pipe: a failed write means its reader went away.
     * Anything else that fails (a full disk, {@code /dev/full}) is a failure to report.
     */
    public static LineOutput file(Path file, boolean append) throws OutputWriteException {
        if (file == null) {
            throw new IllegalArgumentException("file must not be null");
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            OpenOption mode = append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING;
            OutputStream stream = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    mode);
            boolean pipe;
            try {
                pipe = isPipe(file);
            } catch (IOException e) {
                stream.close();
                throw e;
            }
            return new LineOutput(file.toString(), stream, true, pipe);
        } catch (IOException e) {
            throw new OutputWriteException(file.toString(), false, e);
        }
    }

    /** Lines into {@code stream}, which this output does not close; any failed write counts as the reader going away. */
    public static LineOutput pipe(String name, OutputStream stream) {
        if (name == null || name.isBlank() || stream == null) {
            throw new IllegalArgumentException("name must not be blank and stream must not be null");
        }
        return new LineOutput(name, stream, false, true);
    }

    /** The output as a person would name it: {@code stdout} or the file's path. */
    public String name() {
        return name;
    }

    /** Adds {@code line} (without its line break); it is written at the latest by the next {@link #flush()}. */
    public void writeLine(String line) throws OutputWriteException {
        writeLine(line.getBytes(StandardCharsets.UTF_8));
    }

    /** Adds a line given as its UTF-8 bytes, without its line break. */
    public synchronized void writeLine(byte[] utf8) throws OutputWriteException {
        throwIfFailed();
        pending.write(utf8, 0, utf8.length);
        pending.write('\n');
        if (pending.size() >= CHUNK_BYTES) {
            drain();
        }
    }

    /** Writes every line added so far through to the destination. */
    public synchronized void flush() throws OutputWriteException {
        throwIfFailed();
        drain();
        try {
            destination.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * Flushes (unless a write already failed) and closes a file; stdout stays open for whoever else
     * writes there.
     */
    @Override
    public synchronized void close() throws OutputWriteException {
        try {
            if (failure == null) {
                flush();
            }
        } finally {
            if (ownsDestination) {
                try {
                    destination.close();
                } catch (IOException e) {
                    // Reported only when nothing failed before: a dead pipe fails its close too.
                    if (failure == null) {
                        throw failed(e);
                    }
                }
            }
        }
    }

    /**
     * Whether {@code path} is a pipe (FIFO) or a socket: the destinations whose writes fail because the
     * reader went away. Where the file type cannot be read (no POSIX attributes), anything but a regular
     * file counts as one.
     */
    private static boolean isPipe(Path path) throws IOException {
        Object mode;
        try {
            mode = Files.getAttribute(path, "unix:mode");
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return !Files.isRegularFile(path);
        }
        int type = (Integer) mode & S_IFMT;
        return type == S_IFIFO || type == S_IFSOCK;
    }

    private static boolean stdoutIsPipe() {
        try {
            return isPipe(STDOUT_DEVICE);
        } catch (IOException e) {
            // Nothing to look at (no /dev/stdout): a failing stdout is most likely a closed pipe.
            return true;
        }
    }

    private void drain() throws OutputWriteException {
        try {
            pending.writeTo(destination);
        } catch (IOException e) {
            throw failed(e);
        } finally {
            pending.reset();
        }
    }

    private void throwIfFailed() throws OutputWriteException {
        if (failure != null) {
            throw failure;
        }
    }

    private OutputWriteException failed(IOException e) {
        failure = new OutputWriteException(name, pipe, e);
        return failure;
    }

    /** A {@link PrintStream} seen as a stream that throws: PrintStream swallows IOExceptions and only sets a flag. */
    private static final class CheckedPrintStream extends OutputStream {
        private final PrintStream out;

        CheckedPrintStream(PrintStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            check();
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            check();
        }

        @Override
        public void flush() throws IOException {
            check();
        }

        /** {@link PrintStream#checkError()} flushes first, so a write that was only buffered is tried here. */
        private void check() throws IOException {
            if (out.checkError()) {
                throw new IOException("the stream reported a write error");
            }
        }
    }
}
