package org.kcrawl.common.message;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * Writes a long string (a page's text or Markdown) from a character array: Jackson escapes a
 * {@link String} with a {@code charAt} a character, which costs several times an array read before the
 * JIT's last tier (the one {@code ./crawl} runs), and a record's text is most of its bytes. Same output.
 */
public final class LongTextSerializer extends StdSerializer<String> {
    private static final long serialVersionUID = 1L;
    /** A thread's array; a text longer than {@link #KEPT_CHARS} gets an array of its own. */
    private static final ThreadLocal<char[]> SCRATCH = ThreadLocal.withInitial(() -> new char[16 * 1024]);
    private static final int KEPT_CHARS = 64 * 1024;

    public LongTextSerializer() {
        super(String.class);
    }

    /** Empty as Jackson's own string serializer judges it, for the fields' {@code NON_DEFAULT} inclusion. */
    @Override
    public boolean isEmpty(SerializerProvider provider, String value) {
        return value == null || value.isEmpty();
    }

    @Override
    public void serialize(String value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        int n = value.length();
        char[] chars = SCRATCH.get();
        if (chars.length < n) {
            chars = new char[Math.max(n, chars.length * 2)];
            if (chars.length <= KEPT_CHARS) {
                SCRATCH.set(chars);
            }
        }
        value.getChars(0, n, chars, 0);
        gen.writeString(chars, 0, n);
    }
}
