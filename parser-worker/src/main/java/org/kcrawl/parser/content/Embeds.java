package org.kcrawl.parser.content;

import java.util.regex.Pattern;

/**
 * Which embedded objects tell about the element around them, as Readability.js counts them: a frame,
 * object or embed suggests an ad or a widget (several in a block, or one beside little text, and the block
 * goes), unless it plays a video from a known host, which marks the block as content to keep. Other
 * embedded content (pictures' sources, audio, canvases) counts neither way.
 */
final class Embeds {
    /** Readability.js's video hosts. */
    private static final Pattern VIDEO = Pattern.compile("//(www\\.)?((dailymotion|youtube|youtube-nocookie|"
            + "player\\.vimeo|v\\.qq|bilibili|live.bilibili)\\.com|(archive|upload\\.wikimedia)\\.org|player\\.twitch\\.tv)",
            Pattern.CASE_INSENSITIVE);

    private Embeds() {}

    /** True for the elements that count: {@code iframe}, {@code object}, {@code embed}. */
    static boolean counts(String name) {
        return name.equals("iframe") || name.equals("object") || name.equals("embed");
    }

    /** True when the element (an embed, or a {@code param} or {@code embed} inside an object) plays a known host's video. */
    static boolean isVideo(ReadAttributes a) {
        return a.count > 0 && (isVideo(a.src) || isVideo(a.dataSrc) || isVideo(a.data) || isVideo(a.value));
    }

    private static boolean isVideo(String url) {
        return url != null && url.indexOf("//") >= 0 && VIDEO.matcher(url).find();
    }
}
