package org.kcrawl.parser.html;

/**
 * An element that may carry a link, as read from the page: {@code a}, {@code area} and {@code link}
 * with an {@code href}, {@code frame} and {@code iframe} with a {@code src}. Both readers of a page
 * (jsoup's document in {@link PageScan}, the fast {@link PageDigest}) produce these, so one
 * {@link LinkExtractor} judges them.
 *
 * @param name the element name, lower case
 * @param value the {@code href} or {@code src} value, references decoded
 * @param rel the {@code rel} value, empty when absent
 */
record LinkElement(String name, String value, String rel) {}
