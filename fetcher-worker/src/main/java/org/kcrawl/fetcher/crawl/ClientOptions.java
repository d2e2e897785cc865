package org.kcrawl.fetcher.crawl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.kcrawl.http.client.HeaderRules;
import org.kcrawl.http.client.HttpClientSettings;
import org.kcrawl.http.client.ProxyMode;
import org.kcrawl.http.client.ProxySettings;
import org.kcrawl.http.net.Cidr;

/**
 * The fetcher settings that reach the HTTP client only (headers, proxies, TLS files, DNS, header and
 * decoding limits, address ranges): their checks, with messages naming the setting as the
 * configuration spells it, and the client settings they make. Kept apart so {@link FetcherConfig}
 * stays a list of settings.
 */
final class ClientOptions {
    /** Bytes of a PEM file read to check it; certificate bundles are a few hundred KiB at most. */
    private static final long MAX_PEM_BYTES = 4L * 1024 * 1024;

    private ClientOptions() {}

    /** Checks {@code headers} and returns {@code hostHeaders} checked, their host names in lower case. */
    static Map<String, Map<String, String>> checkHeaders(Map<String, String> headers,
                                                         Map<String, Map<String, String>> hostHeaders) {
        HeaderRules.checked(headers, "headers");
        return hostHeaders(hostHeaders);
    }

    /** Checks that every entry of {@code urls} is a proxy URL. */
    static void checkProxies(List<String> urls, ProxyMode mode) {
        proxies(urls);
        if (mode == null) {
            throw new IllegalArgumentException("proxy_mode must be sticky or round_robin");
        }
    }

    /** Checks the TLS files: readable PEM, the key PKCS#8, certificate and key given together. */
    static void checkTlsFiles(String trustCertificates, String clientCertificate, String clientKey) {
        pem("trust_certificates", trustCertificates, "CERTIFICATE");
        if ((clientCertificate == null) != (clientKey == null)) {
            throw new IllegalArgumentException("client_certificate and client_key must be set together (a PEM"
                    + " certificate chain and its PKCS#8 private key)");
        }
        pem("client_certificate", clientCertificate, "CERTIFICATE");
        pem("client_key", clientKey, "PRIVATE KEY");
    }

    /** Checks the media types of {@code full_body_types}. */
    static void checkMediaTypes(List<String> types) {
        mediaTypes(types);
    }

    /** Checks the address ranges of {@code key}. */
    static void checkCidrs(String key, List<String> cidrs) {
        cidrs(key, cidrs);
    }

    /** The client settings these options (and the rest of {@code c}) make. */
    static HttpClientSettings httpClient(FetcherConfig c) {
        HttpClientSettings base = HttpClientSettings.defaults();
        List<String> types = new ArrayList<>(base.fullBodyContentTypes());
        for (List<String> more : List.of(FetcherConfig.EXTRA_BODY_TYPES, c.fullBodyTypes())) {
            for (String type : more) {
                String t = type.trim().toLowerCase(Locale.ROOT);
                if (!types.contains(t)) {
                    types.add(t);
                }
            }
        }
        long decoded = c.maxDecodedBytes() != 0 ? c.maxDecodedBytes()
                : Math.max(base.maxDecodedBytes(), 4L * c.maxBodyBytes());
        return base.toBuilder()
                .userAgent(c.userAgent())
                .extraHeaders(c.headers())
                .hostHeaders(hostHeaders(c.hostHeaders()))
                .connectTimeout(c.connectTimeout())
                .tlsHandshakeTimeout(c.tlsHandshakeTimeout())
                .idleReadTimeout(c.readTimeout())
                .totalDeadline(c.requestTimeout())
                .maxBodyBytes(c.maxBodyBytes())
                .maxDecodedBytes(decoded)
                .maxHeaderBytes(c.maxHeaderBytes())
                .maxHeaderCount(c.maxHeaderCount())
                .fullBodyContentTypes(types)
                .maxConnections(c.concurrency())
                // One more than the scheduler's per-host cap: robots.txt redirect hops to another host are
                // charged to the host that asked, so the target may briefly see one extra.
                // (per_host + 1 without overflowing: a per_host of 2147483647 means "only concurrency binds".)
                .maxConnectionsPerHost(c.perHost() >= c.concurrency() ? c.concurrency() : c.perHost() + 1)
                .maxIdleConnections(c.maxIdleConnections())
                .idleConnectionTimeout(c.idleConnectionTimeout())
                .eventLoopThreads(c.ioThreads() == 0 ? Runtime.getRuntime().availableProcessors() : c.ioThreads())
                .allowPrivate(c.allowPrivate())
                .captureHeads(c.captureHeads())
                .allowCidrs(c.allowCidrs())
                .denyCidrs(c.denyCidrs())
                .trustedCertificates(path(c.trustCertificates()))
                .clientCertificate(path(c.clientCertificate()))
                .clientKey(path(c.clientKey()))
                .proxies(proxies(c.proxies()))
                .proxyMode(c.proxyMode())
                .proxyCoolDown(c.proxyCoolDown())
                .dnsQueryTimeout(c.dnsQueryTimeout())
                .dnsMaxTtl(c.dnsMaxTtl())
                .dnsNegativeTtl(c.dnsNegativeTtl())
                .build();
    }

    /** Host names as the client matches them: lower case. */
    private static Map<String, Map<String, String>> hostHeaders(Map<String, Map<String, String>> byHost) {
        if (byHost == null) {
            throw new IllegalArgumentException("host_headers must be a mapping of host names to headers");
        }
        Map<String, Map<String, String>> out = new java.util.LinkedHashMap<>();
        byHost.forEach((host, headers) -> {
            String key = host == null ? "" : host.trim().toLowerCase(Locale.ROOT);
            if (key.isEmpty() || key.contains("/") || key.contains("@")
                    || (key.indexOf(':') >= 0 && !key.startsWith("["))) {
                throw new IllegalArgumentException("host_headers has '" + host + "', which is not a host name: give"
                        + " the host alone (example.org), without scheme or port");
            }
            if (out.put(key, Map.copyOf(HeaderRules.checked(headers, "host_headers." + key))) != null) {
                throw new IllegalArgumentException("host_headers names " + key + " twice");
            }
        });
        return java.util.Collections.unmodifiableMap(out);
    }

    private static List<ProxySettings> proxies(List<String> urls) {
        if (urls == null) {
            throw new IllegalArgumentException("proxies must be a list of proxy URLs (empty: connect directly)");
        }
        List<ProxySettings> out = new ArrayList<>();
        for (String url : urls) {
            try {
                out.add(ProxySettings.parse(url));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("proxies: " + e.getMessage(), e);
            }
        }
        return out;
    }

    private static void mediaTypes(List<String> types) {
        if (types == null) {
            throw new IllegalArgumentException("full_body_types must be a list of media types");
        }
        for (String t : types) {
            if (t == null || t.isBlank() || t.indexOf('/') <= 0 || t.indexOf(';') >= 0) {
                throw new IllegalArgumentException("full_body_types has '" + t
                        + "', which is not a media type (type/subtype, without parameters)");
            }
        }
    }

    private static void cidrs(String key, List<String> cidrs) {
        if (cidrs == null) {
            throw new IllegalArgumentException(key + " must be a list of address ranges");
        }
        for (String cidr : cidrs) {
            try {
                Cidr.parse(cidr);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
            }
        }
    }

    /** A readable PEM file holding a block of {@code block}, or null; the message names the key. */
    private static void pem(String key, String file, String block) {
        if (file == null) {
            return;
        }
        Path path = Path.of(file);
        String text;
        try {
            if (!Files.isRegularFile(path) || Files.size(path) > MAX_PEM_BYTES) {
                throw new IllegalArgumentException(key + ": " + file + " is not a readable PEM file of at most 4 MiB");
            }
            text = Files.readString(path, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new IllegalArgumentException(key + ": cannot read " + file + ": " + e.getMessage(), e);
        }
        if (block.equals("PRIVATE KEY") && (text.contains("BEGIN RSA PRIVATE KEY") || text.contains("BEGIN EC PRIVATE KEY")
                || text.contains("BEGIN ENCRYPTED PRIVATE KEY"))) {
            throw new IllegalArgumentException(key + ": " + file + " holds a PKCS#1, SEC1 or encrypted key; give an"
                    + " unencrypted PKCS#8 key (openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8)");
        }
        if (!text.contains("-----BEGIN " + block + "-----")) {
            throw new IllegalArgumentException(key + ": " + file + " holds no PEM block '" + block + "'");
        }
    }

    private static Path path(String file) {
        return file == null ? null : Path.of(file);
    }
}
