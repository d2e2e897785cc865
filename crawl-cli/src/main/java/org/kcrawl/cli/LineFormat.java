package org.kcrawl.cli;

import org.kcrawl.common.message.MalformedMessageException;

/** Turns one message of a topic into the JSON line an output file gets for it. */
@FunctionalInterface
interface LineFormat {
    /**
     * The message as it is: the records and failures topics already hold one JSON object a message, in
     * UTF-8, written by the workers' own encoder.
     */
    LineFormat VERBATIM = value -> value;

    /** The line for {@code value} as UTF-8, without a line break; throws when the message cannot be read. */
    byte[] line(byte[] value) throws MalformedMessageException;
}
