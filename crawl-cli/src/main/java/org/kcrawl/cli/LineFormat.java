package org.kcrawl.cli;

import java.nio.charset.StandardCharsets;
import org.kcrawl.common.message.MalformedMessageException;

/** Turns one message of a topic into the JSON line an output file gets for it. */
@FunctionalInterface
interface LineFormat {
    /** The message as it is: the records and failures topics already hold one JSON object a message. */
    LineFormat VERBATIM = value -> new String(value, StandardCharsets.UTF_8);

    /** The line for {@code value}, without a line break; throws when the message cannot be read. */
    String line(byte[] value) throws MalformedMessageException;
}
