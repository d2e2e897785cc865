package org.kcrawl.cli.deploy;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the series names a PromQL expression reads, leaving out functions, keywords and labels. */
final class PromQl {
    private static final Set<String> KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left",
            "group_right", "and", "or", "unless", "bool", "offset", "inf", "nan");
    private static final Pattern IDENT = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");

    private PromQl() {}

    static Set<String> seriesNames(String expr) {
        String s = expr.replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"")   // string literals
                .replaceAll("\\{[^}]*}", " ")                           // label matchers
                .replaceAll("\\[[^]]*]", " ")                           // range selectors
                .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ");
        Set<String> out = new TreeSet<>();
        Matcher m = IDENT.matcher(s);
        while (m.find()) {
            String id = m.group();
            int after = m.end();
            while (after < s.length() && Character.isWhitespace(s.charAt(after))) {
                after++;
            }
            boolean function = after < s.length() && s.charAt(after) == '(';
            boolean number = m.start() > 0 && Character.isDigit(s.charAt(m.start() - 1));
            if (!function && !number && !KEYWORDS.contains(id.toLowerCase(java.util.Locale.ROOT))) {
                out.add(id);
            }
        }
        return out;
    }
}
