package org.kcrawl.http.politeness;

/**
 * A host, or an IP address with several hosts, kept below the configured rate by its server's refusals:
 * what the progress line names.
 *
 * @param name the host, or the address
 * @param hosts 1 for a host; for an address, the hosts refused behind it
 * @param rate the requests per second it keeps to now
 * @param held whether it holds queued requests back now (else it is limited, but nothing waits for it)
 */
public record ServerLimit(String name, int hosts, double rate, boolean held) {}
