package org.kcrawl.http.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocketFactory;

/**
 * A self-signed certificate for {@code localhost} and {@link #HOST} (and no IP address), made once per test run with
 * the JDK's keytool under target/, for TLS servers on loopback.
 */
final class TestCertificates {
    /** A dotted name the certificate also covers (the JDK sends SNI only for names with a dot). */
    static final String HOST = "tls.kcrawl.test";
    private static final char[] PASSWORD = "changeit".toCharArray();
    private static Path keyStore;
    private static Path certificatePem;

    private TestCertificates() {}

    /** A server socket factory presenting the localhost certificate. */
    static synchronized SSLServerSocketFactory serverSocketFactory() throws Exception {
        ensure();
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            ks.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx.getServerSocketFactory();
    }

    /** The certificate as PEM, to trust it explicitly. */
    static synchronized Path certificatePem() throws Exception {
        ensure();
        return certificatePem;
    }

    private static void ensure() throws IOException, InterruptedException {
        if (keyStore != null) {
            return;
        }
        Path dir = Files.createDirectories(Path.of("target", "test-certs"));
        Path ks = dir.resolve("localhost-" + ProcessHandle.current().pid() + ".p12");
        Path pem = dir.resolve("localhost-" + ProcessHandle.current().pid() + ".pem");
        Files.deleteIfExists(ks);
        Files.deleteIfExists(pem);
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(List.of(keytool, "-genkeypair", "-alias", "localhost", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,dns:" + HOST, "-validity", "2", "-storetype", "PKCS12",
                "-keystore", ks.toString(), "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD)));
        run(List.of(keytool, "-exportcert", "-rfc", "-alias", "localhost", "-keystore", ks.toString(),
                "-storepass", new String(PASSWORD), "-file", pem.toString()));
        keyStore = ks;
        certificatePem = pem;
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + output);
        }
    }
}
