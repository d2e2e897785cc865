package org.kcrawl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Self-signed certificates made with the JDK's keytool for TLS tests on loopback: a server certificate
 * for 127.0.0.2 and a client certificate, each also as the PEM files the fetcher's settings take
 * ({@code trust_certificates}, {@code client_certificate}, {@code client_key} as PKCS#8).
 */
final class TestPki {
    static final String CLIENT_SUBJECT = "CN=kcrawl-test-client";
    private static final char[] PASSWORD = "changeit".toCharArray();

    private final Path dir;
    private final KeyStore server;
    private final KeyStore client;

    private TestPki(Path dir, KeyStore server, KeyStore client) {
        this.dir = dir;
        this.server = server;
        this.client = client;
    }

    /** Makes both key pairs under {@code dir}. */
    static TestPki create(Path dir) throws Exception {
        KeyStore server = keyPair(dir.resolve("server.p12"), "CN=127.0.0.2", "SAN=ip:127.0.0.2");
        KeyStore client = keyPair(dir.resolve("client.p12"), CLIENT_SUBJECT, null);
        return new TestPki(dir, server, client);
    }

    /** The server's certificate as PEM: what a crawler trusts. */
    Path serverCertificatePem() throws Exception {
        return pem("server.pem", "CERTIFICATE", server.getCertificate("key").getEncoded());
    }

    /** The client's certificate as PEM. */
    Path clientCertificatePem() throws Exception {
        return pem("client.pem", "CERTIFICATE", client.getCertificate("key").getEncoded());
    }

    /** The client's private key as unencrypted PKCS#8 PEM. */
    Path clientKeyPem() throws Exception {
        Key key = client.getKey("key", PASSWORD);
        return pem("client.key", "PRIVATE KEY", key.getEncoded());
    }

    /** The server's TLS context: its own key, trusting the client certificate only. */
    SSLContext serverContext() throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(server, PASSWORD);
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        Certificate clientCert = client.getCertificate("key");
        trusted.setCertificateEntry("client", clientCert);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return ctx;
    }

    private Path pem(String name, String block, byte[] der) throws IOException {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        Path file = dir.resolve(name);
        Files.writeString(file, "-----BEGIN " + block + "-----\n" + body + "\n-----END " + block + "-----\n",
                StandardCharsets.US_ASCII);
        return file;
    }

    private static KeyStore keyPair(Path store, String subject, String san) throws Exception {
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        List<String> command = new java.util.ArrayList<>(List.of(keytool, "-genkeypair", "-alias", "key",
                "-keyalg", "EC", "-groupname", "secp256r1", "-dname", subject, "-validity", "2",
                "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", new String(PASSWORD),
                "-keypass", new String(PASSWORD)));
        if (san != null) {
            command.addAll(List.of("-ext", san));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + output);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD);
        }
        return ks;
    }
}
