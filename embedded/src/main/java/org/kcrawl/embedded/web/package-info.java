/**
 * The synthetic web on loopback: {@link org.kcrawl.embedded.web.SyntheticWeb}, a seeded graph of sites and
 * pages served by Netty, which {@code crawl demo} crawls, the benchmarks run against
 * ({@link org.kcrawl.embedded.web.SyntheticWebMain}) and the tests crawl.
 */
package org.kcrawl.embedded.web;
