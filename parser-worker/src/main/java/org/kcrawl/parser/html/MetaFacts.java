package org.kcrawl.parser.html;

import org.kcrawl.common.redirect.Refresh;

/**
 * What a page states in its {@code <meta>} elements, as both page readers take it (the digest from its tag
 * attributes, {@link PageScan} from jsoup's elements): the first description with a content, the robots
 * directives of every robots meta combined, and the first refresh ({@link MetaRefresh}) outside a template.
 */
final class MetaFacts {
    private String description;
    private RobotsDirectives robots = RobotsDirectives.NONE;
    private Refresh refresh;

    /**
     * A meta element: its {@code http-equiv} and {@code content} as written ("" when absent, as jsoup and
     * {@link TagAttributes} read them), its {@code name} (null when absent), whether it has a content, and
     * whether it is inside a template (a browser keeps that out of the document).
     */
    void meta(String httpEquiv, String name, String content, boolean hasContent, boolean inTemplate) {
        if (refresh == null && !inTemplate && MetaRefresh.declares(httpEquiv)) {
            refresh = Refresh.parse(content);
        }
        if (name == null) {
            return;
        }
        String n = name.trim();
        if (n.equalsIgnoreCase("robots")) {
            robots = robots.and(RobotsDirectives.parse(content));
        } else if (description == null && n.equalsIgnoreCase("description") && hasContent) {
            description = content;
        }
    }

    /** The first meta description's content, or null. */
    String description() {
        return description;
    }

    /** The meta robots directives, combined. */
    RobotsDirectives robots() {
        return robots;
    }

    /** The first meta refresh that parses, as written, or null. */
    Refresh refresh() {
        return refresh;
    }
}
